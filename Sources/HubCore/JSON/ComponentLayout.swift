/// Where `ComponentModel.serialize()` puts a component's properties: its members in key
/// order, the plain fields at their ``ComponentField/defaultJSONKeys``, as a flat list of steps
/// the JSON writer walks for every component.
enum ComponentLayout {
    enum Property: Sendable {
        case identifier, componentIdentifier, category, text(Int), data(Int), main, background, icon, customImages, target, children

        /// The property's bit in a component's ``present(in:)``.
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

    /// One step of a component's object: a member holding a property, or the start or the end
    /// of a member that is an object. Plain values: walking the steps retains nothing.
    struct Step: Sendable {
        enum Action: Sendable {
            case property(Property)
            /// A member whose value is an object of the steps up to its `close`.
            case open
            case close
        }

        let action: Action
        /// The member's key as JSON text, quoted: where its bytes lie in ``keys`` (empty for a
        /// `close`).
        let key: Range<Int>
        /// The bits of the properties within the member: it is written when a component has one.
        let properties: UInt32
        /// The index of the step after this member (for an `open`, after its `close`).
        let next: Int
    }

    /// The steps of a component's object, in key order at every level.
    static let steps: [Step] = layout.steps
    /// The quoted keys the steps name, one after the other.
    static let keys: [UInt8] = layout.keys

    /// The bits (``Property/bit``) of the properties `component` has, read where the model
    /// keeps them.
    static func present(in component: ComponentModel) -> UInt32 {
        var present = Property.always
        component.withStoredFields { fields in
            for position in ComponentFields.texts.indices where ComponentFields.textOffsets[position].isPresent(in: fields) {
                present |= Property.text(position).bit
            }
            for position in ComponentFields.data.indices where ComponentFields.dataOffsets[position].isPresent(in: fields) {
                present |= Property.data(position).bit
            }
        }
        component.withStoredProperties { properties in
            if case .some = properties.pointee.mainImageData { present |= Property.main.bit }
            if case .some = properties.pointee.backgroundImageData { present |= Property.background.bit }
            if case .some = properties.pointee.icon { present |= Property.icon.bit }
            if !properties.pointee.customImageData.isEmpty { present |= Property.customImages.bit }
            if case .some = properties.pointee.target { present |= Property.target.bit }
            if properties.pointee.children?.isEmpty == false { present |= Property.children.bit }
        }
        return present
    }

    /// A member of the layout while it is made: a property, or an object of more members.
    private struct Member {
        let key: String
        var property: Property?
        var members: [Member] = []
    }

    private static let layout: (steps: [Step], keys: [UInt8]) = {
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
        var steps: [Step] = []
        var keys: [UInt8] = []
        _ = flatten(members, into: &steps, keys: &keys)
        return (steps, keys)
    }()

    /// Adds `property` at the path through `keys`, keeping each level in key order.
    private static func insert(_ property: Property, at keys: ArraySlice<String>, into members: inout [Member]) {
        guard let key = keys.first else { return }
        let index = members.firstIndex { $0.key == key } ?? {
            members.append(Member(key: key))
            members.sort { $0.key < $1.key }
            return members.firstIndex { $0.key == key } ?? 0
        }()
        if keys.count == 1 {
            members[index].property = property
        } else {
            insert(property, at: keys.dropFirst(), into: &members[index].members)
        }
    }

    /// Appends the steps of `members` and their quoted keys; returns the bits of their properties.
    private static func flatten(_ members: [Member], into steps: inout [Step], keys: inout [UInt8]) -> UInt32 {
        var properties: UInt32 = 0
        for member in members {
            let quoted = JSONWriter.quoted(member.key)
            let key = keys.count..<(keys.count + quoted.count)
            keys += quoted
            if let property = member.property {
                steps.append(Step(action: .property(property), key: key, properties: property.bit, next: steps.count + 1))
                properties |= property.bit
                continue
            }
            let open = steps.count
            steps.append(Step(action: .open, key: key, properties: 0, next: 0))
            let nested = flatten(member.members, into: &steps, keys: &keys)
            steps.append(Step(action: .close, key: 0..<0, properties: nested, next: steps.count + 1))
            steps[open] = Step(action: .open, key: key, properties: nested, next: steps.count)
            properties |= nested
        }
        return properties
    }
}
