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
        let present = ComponentLayout.present(in: component)
        ComponentLayout.steps.withUnsafeBufferPointer { steps in
            ComponentLayout.keys.withUnsafeBufferPointer { keys in
                _ = write(component, present: present, steps: steps, from: 0, keys: keys, depth: depth)
            }
        }
    }

    /// Writes the object of the members from `steps[start]` to the next unmatched `close` (or
    /// the end) that `component` has (`present`: ``ComponentLayout/present(in:)``); returns the
    /// index of the step after them.
    private mutating func write(
        _ component: ComponentModel, present: UInt32, steps: UnsafeBufferPointer<ComponentLayout.Step>, from start: Int,
        keys: UnsafeBufferPointer<UInt8>, depth: Int
    ) -> Int {
        var object = openObject(depth: depth)
        var index = start
        while index < steps.count {
            let step = steps[index]
            switch step.action {
            case .close:
                close(object)
                return index + 1
            case .open:
                guard present & step.properties != 0 else {
                    index = step.next
                    continue
                }
                writeKey(quoted: UnsafeBufferPointer(rebasing: keys[step.key]), in: &object)
                index = write(component, present: present, steps: steps, from: index + 1, keys: keys, depth: depth + 1)
            case .property(let property):
                if present & step.properties != 0 {
                    writeKey(quoted: UnsafeBufferPointer(rebasing: keys[step.key]), in: &object)
                    write(property, of: component, depth: depth + 1)
                }
                index = step.next
            }
        }
        close(object)
        return index
    }

    private mutating func write(_ property: ComponentLayout.Property, of component: ComponentModel, depth: Int) {
        switch property {
        case .identifier: write(component.identifier)
        case .componentIdentifier: write(component.componentIdentifier)
        case .category: write(component.componentCategory)
        case .text(let position): component.withStoredFields { ComponentFields.textOffsets[position].value(at: $0) }.map { write($0) }
        case .data(let position):
            component.withStoredFields { ComponentFields.dataOffsets[position].value(at: $0) }.map { write(.object($0), depth: depth) }
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
