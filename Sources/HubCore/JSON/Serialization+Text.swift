// Models written straight as default-schema JSON text: the text of their `serialize()`
// dictionaries, byte for byte, without building those dictionaries (or sorting their keys)
// first. Keys are written in the order the writer sorts dictionary keys.

extension ViewModel {
    /// The view model as default-schema JSON text: exactly
    /// `JSONValue.object(serialize()).serialized(pretty: pretty)`, as UTF-8.
    public func serializedJSON(pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self, depth: 0)
        return writer.output
    }
}

extension JSONWriter {
    mutating func write(_ view: ViewModel, depth: Int) {
        var object = openObject(depth: depth)
        write(view.body, key: JSONKey.body, in: &object)
        write(view.customData, key: JSONKey.custom, in: &object)
        if let header = view.header {
            writeKey(JSONKey.header, in: &object)
            write(header, depth: depth + 1)
        }
        write(view.identifier, key: JSONKey.identifier, in: &object)
        write(view.overlays, key: JSONKey.overlays, in: &object)
        write(view.title, key: JSONKey.title, in: &object)
        close(object)
    }

    mutating func write(_ component: ComponentModel, depth: Int) {
        write(ComponentLayout.Values(component), members: ComponentLayout.members, depth: depth)
    }

    /// Writes the object of `component`'s members among `members` that it has (each property is
    /// written only when ``ComponentLayout/Member/isPresent(in:)`` says it is there).
    private mutating func write(_ values: ComponentLayout.Values, members: [ComponentLayout.Member], depth: Int) {
        var object = openObject(depth: depth)
        for member in members where member.isPresent(in: values) {
            writeKey(quoted: member.quotedKey, in: &object)
            switch member.content {
            case .object(let nested): write(values, members: nested, depth: depth + 1)
            case .property(let property): write(property, of: values, depth: depth + 1)
            }
        }
        close(object)
    }

    private mutating func write(_ property: ComponentLayout.Property, of values: ComponentLayout.Values, depth: Int) {
        let component = values.component
        switch property {
        case .identifier: write(component.identifier)
        case .componentIdentifier: write(component.componentIdentifier)
        case .category: write(component.componentCategory)
        case .text(let position): values.text(position).map { write($0) }
        case .data(let position): values.data(position).map { write(.object($0), depth: depth) }
        case .main: component.mainImageData.map { write($0, depth: depth) }
        case .background: component.backgroundImageData.map { write($0, depth: depth) }
        case .icon: component.icon.map { write($0.identifier) }
        case .customImages:
            var object = openObject(depth: depth)
            for (identifier, image) in component.customImageData.sorted(by: { $0.key < $1.key }) {
                writeKey(identifier, in: &object)
                write(image, depth: depth + 1)
            }
            close(object)
        case .target: component.target.map { write($0, depth: depth) }
        case .children: write(component.children ?? [], depth: depth)
        }
    }

    private mutating func write(_ image: ComponentImageData, depth: Int) {
        var object = openObject(depth: depth)
        write(image.placeholderIcon?.identifier, key: JSONKey.placeholder, in: &object)
        write(image.url, key: JSONKey.uri, in: &object)
        close(object)
    }

    private mutating func write(_ target: ComponentTarget, depth: Int) {
        var object = openObject(depth: depth)
        if let actions = target.actionIdentifiers {
            writeKey(JSONKey.actions, in: &object)
            writeContainer(open: "[", close: "]", actions, depth: depth + 1) { writer, action in writer.write(action) }
        }
        write(target.customData, key: JSONKey.custom, in: &object)
        write(target.uri, key: JSONKey.uri, in: &object)
        if let view = target.initialViewModel {
            writeKey(JSONKey.view, in: &object)
            write(view, depth: depth + 1)
        }
        close(object)
    }

    /// Writes the member `key` of `object` when there are components.
    private mutating func write(_ components: [ComponentModel], key: String, in object: inout OpenObject) {
        guard !components.isEmpty else { return }
        writeKey(key, in: &object)
        write(components, depth: object.depth + 1)
    }

    private mutating func write(_ components: [ComponentModel], depth: Int) {
        writeContainer(open: "[", close: "]", components, depth: depth) { writer, component in writer.write(component, depth: depth + 1) }
    }

    /// Writes the member `key` of `object` when there is a string.
    private mutating func write(_ string: String?, key: String, in object: inout OpenObject) {
        guard let string else { return }
        writeKey(key, in: &object)
        write(string)
    }

    /// Writes the member `key` of `object` when there is a dictionary.
    private mutating func write(_ dictionary: JSONDictionary?, key: String, in object: inout OpenObject) {
        guard let dictionary else { return }
        writeKey(key, in: &object)
        write(.object(dictionary), depth: object.depth + 1)
    }
}

/// Where `ComponentModel.serialize()` puts a component's properties: its members in key
/// order, the plain fields at their ``ComponentField/defaultJSONKeys``.
enum ComponentLayout {
    enum Property: Sendable {
        case identifier, componentIdentifier, category, text(Int), data(Int), main, background, icon, customImages, target, children

        /// The property's bit in ``Values/present``.
        var bit: UInt32 {
            switch self {
            case .identifier: return 1 << 0
            case .componentIdentifier: return 1 << 1
            case .category: return 1 << 2
            case .main: return 1 << 3
            case .background: return 1 << 4
            case .icon: return 1 << 5
            case .customImages: return 1 << 6
            case .target: return 1 << 7
            case .children: return 1 << 8
            case .text(let position): return 1 << (9 + UInt32(position))
            case .data(let position): return 1 << (9 + UInt32(ComponentFields.texts.count + position))
            }
        }

        /// The properties every component has.
        static let always = Property.identifier.bit | Property.componentIdentifier.bit | Property.category.bit
    }

    /// A member of the layout. A class: walking the layout for every component then retains
    /// one reference a member instead of copying its key and its nested members.
    final class Member: Sendable {
        enum Content: Sendable {
            case property(Property)
            /// An object of more members, written when one of them is.
            case object([Member])
        }

        let key: String
        /// The key as JSON text, quoted: written as it is, with no escaping to look for.
        let quotedKey: [UInt8]
        let content: Content
        /// The bits of the properties within the member: it is written when a component has one.
        let properties: UInt32

        init(key: String, content: Content) {
            self.key = key
            quotedKey = JSONWriter.quoted(key)
            self.content = content
            switch content {
            case .property(let property): properties = property.bit
            case .object(let members): properties = members.reduce(0) { $0 | $1.properties }
            }
        }

        /// Whether the component has this member.
        func isPresent(in values: Values) -> Bool {
            values.present & properties != 0
        }
    }

    /// A component, its plain fields copied out of the model once and read at their stored
    /// offsets (no key path projection, and no array of them made for every component), and
    /// which of its properties it has, found once for all of its members.
    struct Values {
        let component: ComponentModel
        let fields: ComponentFields
        /// The bits (``Property/bit``) of the properties the component has.
        let present: UInt32

        init(_ component: ComponentModel) {
            self.component = component
            let fields = component.fields
            var present = Property.always
            for position in ComponentFields.texts.indices where ComponentFields.textOffsets[position].value(in: fields) != nil {
                present |= Property.text(position).bit
            }
            for position in ComponentFields.data.indices where ComponentFields.dataOffsets[position].value(in: fields) != nil {
                present |= Property.data(position).bit
            }
            if component.mainImageData != nil { present |= Property.main.bit }
            if component.backgroundImageData != nil { present |= Property.background.bit }
            if component.icon != nil { present |= Property.icon.bit }
            if !component.customImageData.isEmpty { present |= Property.customImages.bit }
            if component.target != nil { present |= Property.target.bit }
            if component.children?.isEmpty == false { present |= Property.children.bit }
            self.fields = fields
            self.present = present
        }

        /// The text field at `position` of ``ComponentFields/texts``.
        func text(_ position: Int) -> String? { ComponentFields.textOffsets[position].value(in: fields) }

        /// The data field at `position` of ``ComponentFields/data``.
        func data(_ position: Int) -> JSONDictionary? { ComponentFields.dataOffsets[position].value(in: fields) }
    }

    /// A component's members, in key order.
    static let members: [Member] = {
        var members: [Member] = []
        let rows: [([String], Property)] = [
            ([JSONKey.identifier], .identifier),
            ([JSONKey.component, JSONKey.identifier], .componentIdentifier),
            ([JSONKey.component, JSONKey.category], .category),
            ([JSONKey.images, JSONKey.main], .main),
            ([JSONKey.images, JSONKey.background], .background),
            ([JSONKey.images, JSONKey.icon], .icon),
            ([JSONKey.images, JSONKey.custom], .customImages),
            ([JSONKey.target], .target),
            ([JSONKey.children], .children),
        ]
        for (keys, property) in rows
            + ComponentFields.texts.enumerated().map({ ($0.element.defaultJSONKeys, Property.text($0.offset)) })
            + ComponentFields.data.enumerated().map({ ($0.element.defaultJSONKeys, Property.data($0.offset)) }) {
            insert(property, at: keys[...], into: &members)
        }
        return members
    }()

    /// Adds `property` at the path through `keys`, keeping each level in key order.
    private static func insert(_ property: Property, at keys: ArraySlice<String>, into members: inout [Member]) {
        guard let key = keys.first else { return }
        guard keys.count > 1 else {
            members.append(Member(key: key, content: .property(property)))
            members.sort { $0.key < $1.key }
            return
        }
        guard let index = members.firstIndex(where: { $0.key == key }), case .object(var nested) = members[index].content else {
            var nested: [Member] = []
            insert(property, at: keys.dropFirst(), into: &nested)
            members.append(Member(key: key, content: .object(nested)))
            members.sort { $0.key < $1.key }
            return
        }
        insert(property, at: keys.dropFirst(), into: &nested)
        members[index] = Member(key: key, content: .object(nested))
    }
}
