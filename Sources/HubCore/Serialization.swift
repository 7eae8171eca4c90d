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
    /// The component model as a default-schema dictionary: `id`, `group`, `component` (`id` as
    /// `namespace:name`, `category`), `text` and `images` (each left out when empty), `target`,
    /// `metadata`, `logging`, `custom`, `children` (left out when there are none).
    public func serialize() -> JSONDictionary {
        var json: JSONDictionary = [:]
        json[JSONKey.identifier] = .string(identifier)
        json[JSONKey.group] = groupIdentifier.map(JSONValue.string)
        json[JSONKey.component] = .object([
            JSONKey.identifier: .string(componentIdentifier.description),
            JSONKey.category: .string(componentCategory),
        ])
        var text: JSONDictionary = [:]
        text[JSONKey.title] = title.map(JSONValue.string)
        text[JSONKey.subtitle] = subtitle.map(JSONValue.string)
        text[JSONKey.accessory] = accessoryTitle.map(JSONValue.string)
        text[JSONKey.description] = descriptionText.map(JSONValue.string)
        json[JSONKey.text] = text.isEmpty ? nil : .object(text)
        var images: JSONDictionary = [:]
        images[JSONKey.main] = mainImageData.map { .object($0.serialize()) }
        images[JSONKey.background] = backgroundImageData.map { .object($0.serialize()) }
        images[JSONKey.icon] = icon.map { .string($0.identifier) }
        images[JSONKey.custom] = customImageData.isEmpty ? nil : .object(customImageData.mapValues { .object($0.serialize()) })
        json[JSONKey.images] = images.isEmpty ? nil : .object(images)
        json[JSONKey.target] = target.map { .object($0.serialize()) }
        json[JSONKey.metadata] = metadata.map(JSONValue.object)
        json[JSONKey.logging] = loggingData.map(JSONValue.object)
        json[JSONKey.custom] = customData.map(JSONValue.object)
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
