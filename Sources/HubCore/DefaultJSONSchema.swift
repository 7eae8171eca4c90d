import Foundation

// The default JSON schema (the JSON programming guide's keys). JSON only adds and merges into
// existing builders (matched by `id`); it never removes anything.

extension ViewModelBuilder {
    /// Adds JSON text: an object in the default schema, or an array of body component objects.
    /// Throws a located ``ContentError`` when the text is empty, malformed or of the wrong type.
    public func addJSON(_ text: String, source: String? = nil) throws(ContentError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(ContentError) in try addJSON(bytes: bytes, source: source) }
        }
        try result.get()
    }

    /// Adds UTF-8 JSON bytes; see ``addJSON(_:source:)``.
    public func addJSON(bytes: UnsafeBufferPointer<UInt8>, source: String? = nil) throws(ContentError) {
        guard !bytes.isEmpty else {
            throw ContentError(domain: JSONDomain.name, code: JSONDomain.emptyData, message: "empty JSON data", location: source)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: bytes)
        } catch {
            let place = source.map { "\($0):\(error.line):\(error.column)" }
            throw ContentError(
                domain: JSONDomain.name, code: JSONDomain.invalidJSON,
                message: "malformed JSON at \(error)", location: place)
        }
        try addJSON(value: value, source: source)
    }

    /// Adds a parsed JSON value: an object (view model) or an array (body components).
    public func addJSON(value: JSONValue, source: String? = nil) throws(ContentError) {
        let defaults = configuration.componentDefaults
        switch value {
        case .object(let dictionary):
            _ = store.root.modifyView(at: path[...]) { $0.add(json: dictionary, defaults: defaults) }
        case .array(let items):
            _ = store.root.modifyView(at: path[...]) { state in
                state.body.add(json: items, defaults: defaults)
            }
        default:
            throw ContentError(
                domain: JSONDomain.name, code: JSONDomain.invalidJSON,
                message: "JSON for a view model must be an object or an array", location: source)
        }
    }
}

extension ComponentModelBuilder {
    /// Merges a default-schema component dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let defaults = store.configuration.componentDefaults
        modify { $0.add(json: dictionary, defaults: defaults) }
    }
}

/// A fresh identifier for a component whose JSON has no `id`.
func unknownComponentIdentifier() -> String {
    "UnknownComponent:" + UUID().uuidString
}

extension ViewModelState {
    mutating func add(json: JSONDictionary, defaults: ComponentDefaults) {
        if let identifier = json["id"]?.stringValue { self.identifier = identifier }
        if let title = json["title"]?.stringValue { self.title = title }
        if let custom = json["custom"]?.objectValue { customData = (customData ?? [:]).merging(overriding: custom) }
        if let header = json["header"]?.objectValue {
            var state = self.header?.value
                ?? ComponentState(identifier: header["id"]?.stringValue ?? "header", defaults: defaults)
            self.header = nil
            state.add(json: header, defaults: defaults)
            self.header = CopyOnWrite(state)
        }
        if let body = json["body"]?.arrayValue { self.body.add(json: body, defaults: defaults) }
        if let overlays = json["overlays"]?.arrayValue { self.overlays.add(json: overlays, defaults: defaults) }
    }
}

extension ComponentList {
    /// Merges each dictionary into the builder with its `id` (created if needed); other values are skipped.
    mutating func add(json items: [JSONValue], defaults: ComponentDefaults) {
        for case .object(let dictionary) in items {
            let identifier = dictionary["id"]?.stringValue ?? unknownComponentIdentifier()
            ensure(identifier, defaults: defaults)
            _ = modify(identifier) { $0.add(json: dictionary, defaults: defaults) }
        }
    }
}

extension ComponentState {
    mutating func add(json: JSONDictionary, defaults: ComponentDefaults) {
        if let component = json["component"]?.objectValue {
            if let identifier = component["id"]?.stringValue {
                let parts = identifier.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count >= 2 {
                    namespace = String(parts[0])
                    name = String(parts[1])
                } else if parts.count == 1 {
                    name = String(parts[0])
                }
            }
            if let category = component["category"]?.stringValue { self.category = category }
        }
        if let group = json["group"]?.stringValue { self.group = group }
        if let text = json["text"]?.objectValue {
            if let value = text["title"]?.stringValue { title = value }
            if let value = text["subtitle"]?.stringValue { subtitle = value }
            if let value = text["accessory"]?.stringValue { accessory = value }
            if let value = text["description"]?.stringValue { descriptionText = value }
        }
        if let images = json["images"]?.objectValue {
            if let image = images["main"]?.objectValue { main.add(json: image) }
            if let image = images["background"]?.objectValue { background.add(json: image) }
            if let custom = images["custom"]?.objectValue {
                for (identifier, value) in custom {
                    guard let image = value.objectValue else { continue }
                    customImages[identifier, default: ImageState()].add(json: image)
                }
            }
            if let icon = images["icon"]?.stringValue { self.icon = icon }
        }
        if let target = json["target"]?.objectValue {
            var state = self.target ?? TargetState()
            self.target = nil
            state.add(json: target, defaults: defaults)
            self.target = state
        }
        if let value = json["metadata"]?.objectValue { metadata = (metadata ?? [:]).merging(overriding: value) }
        if let value = json["logging"]?.objectValue { logging = (logging ?? [:]).merging(overriding: value) }
        if let value = json["custom"]?.objectValue { customData = (customData ?? [:]).merging(overriding: value) }
        if let children = json["children"]?.arrayValue { self.children.add(json: children, defaults: defaults) }
    }
}

extension ImageState {
    mutating func add(json: JSONDictionary) {
        if let uri = json["uri"]?.stringValue { url = uri }
        if let value = json["placeholder"]?.stringValue { placeholder = value }
        if let value = json["local"]?.stringValue { local = value }
        if let value = json["custom"]?.objectValue { customData = (customData ?? [:]).merging(overriding: value) }
    }
}

extension TargetState {
    mutating func add(json: JSONDictionary, defaults: ComponentDefaults) {
        if let value = json["uri"]?.stringValue { uri = value }
        if let view = json["view"]?.objectValue {
            var state = self.view?.value ?? ViewModelState()
            self.view = nil
            state.add(json: view, defaults: defaults)
            self.view = CopyOnWrite(state)
        }
        if let items = json["actions"]?.arrayValue {
            for case .string(let string) in items {
                if let identifier = Identifier(string: string), !actions.contains(identifier) { actions.append(identifier) }
            }
        }
        if let value = json["custom"]?.objectValue { customData = (customData ?? [:]).merging(overriding: value) }
    }
}
