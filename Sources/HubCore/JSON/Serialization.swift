// Models as JSON in the default schema's shape, whatever schema they were read with. Reading
// the result with the default schema gives an equal model, except for what Hub Framework
// leaves out (an image's local image and custom data) and URIs set in code that are not valid
// URI references (the default schema drops them).

extension ViewModel {
    /// The view model as a default-schema dictionary: `id`, `title`, `header`, `body` and
    /// `overlays` (each left out when empty), `custom`.
    public func serialize() -> JSONDictionary {
        var json: JSONDictionary = [:]
        json[JSONKey.identifier] = identifier.map(JSONValue.string)
        json[JSONKey.title] = title.map(JSONValue.string)
        json[JSONKey.header] = header.map { .object($0.serialize()) }
        json[JSONKey.body] = serialized(body)
        json[JSONKey.overlays] = serialized(overlays)
        json[JSONKey.custom] = customData.map(JSONValue.object)
        return json
    }
}

extension ComponentModel {
    /// The component model as a default-schema dictionary: `id`, `component` (`id` as
    /// `namespace:name`, `category`), each plain field at its ``ComponentField/defaultJSONKeys``
    /// (`group`, `text.title`, ..., `custom`), `images` (left out when empty), `target`,
    /// `children` (left out when there are none).
    public func serialize() -> JSONDictionary {
        var json: JSONDictionary = [:]
        json[JSONKey.identifier] = .string(identifier)
        json[JSONKey.component] = .object([
            JSONKey.identifier: .string(componentIdentifier.description),
            JSONKey.category: .string(componentCategory),
        ])
        for field in ComponentFields.texts {
            json.set(fields[keyPath: field.keyPath].map(JSONValue.string), at: field.defaultJSONKeys)
        }
        for field in ComponentFields.data {
            json.set(fields[keyPath: field.keyPath].map(JSONValue.object), at: field.defaultJSONKeys)
        }
        json.set(mainImageData.map { .object($0.serialize()) }, at: [JSONKey.images, JSONKey.main])
        json.set(backgroundImageData.map { .object($0.serialize()) }, at: [JSONKey.images, JSONKey.background])
        json.set(icon.map { .string($0.identifier) }, at: [JSONKey.images, JSONKey.icon])
        json.set(
            customImageData.isEmpty ? nil : .object(customImageData.mapValues { .object($0.serialize()) }),
            at: [JSONKey.images, JSONKey.custom])
        json[JSONKey.target] = target.map { .object($0.serialize()) }
        json[JSONKey.children] = serialized(children ?? [])
        return json
    }
}

extension ComponentImageData {
    /// The image as a default-schema dictionary: only `uri` and `placeholder` (the placeholder
    /// icon's identifier).
    public func serialize() -> JSONDictionary {
        var json: JSONDictionary = [:]
        json[JSONKey.uri] = url.map(JSONValue.string)
        json[JSONKey.placeholder] = placeholderIcon.map { .string($0.identifier) }
        return json
    }
}

extension ComponentTarget {
    /// The target as a default-schema dictionary: `uri`, `view` (the initial view model),
    /// `actions` (as `namespace:name` strings), `custom`.
    public func serialize() -> JSONDictionary {
        var json: JSONDictionary = [:]
        json[JSONKey.uri] = uri.map(JSONValue.string)
        json[JSONKey.view] = initialViewModel.map { .object($0.serialize()) }
        json[JSONKey.actions] = actionIdentifiers.map { .array($0.map { .string($0.description) }) }
        json[JSONKey.custom] = customData.map(JSONValue.object)
        return json
    }
}

/// The models serialized in order; nil when there are none.
private func serialized(_ models: [ComponentModel]) -> JSONValue? {
    models.isEmpty ? nil : .array(models.map { .object($0.serialize()) })
}

extension JSONDictionary {
    /// Sets the value at the path through `keys`, creating the objects on the way; a nil value
    /// sets nothing (so an object is only created when something goes into it).
    mutating func set(_ value: JSONValue?, at keys: [String]) {
        set(value, at: keys[...])
    }

    private mutating func set(_ value: JSONValue?, at keys: ArraySlice<String>) {
        guard let value, let first = keys.first else { return }
        guard keys.count > 1 else {
            self[first] = value
            return
        }
        // Taken out, the nested object is this code's only reference, so it changes in place
        // instead of being copied whole.
        var nested = removeValue(forKey: first)?.objectValue ?? [:]
        nested.set(value, at: keys.dropFirst())
        self[first] = .object(nested)
    }
}
