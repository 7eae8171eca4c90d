import Foundation

// Adding JSON to builders. The builder's schema says where each property is; JSON only adds
// and merges into existing builders (matched by identifier), it never removes anything.

extension ViewModelBuilder {
    /// Adds JSON text: a view model object, or an array of body component objects.
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
            throw error.contentError(source: source)
        }
        try addJSON(value: value, source: source)
    }

    /// Adds a parsed JSON value: an object (view model) or an array (body components; elements
    /// that are not objects are skipped).
    public func addJSON(value: JSONValue, source: String? = nil) throws(ContentError) {
        switch value {
        case .object(let dictionary):
            addJSON(dictionary: dictionary)
        case .array(let items):
            let reader = JSONReader(store: store)
            _ = store.root.modifyView(at: path[...]) { reader.add(items.compactMap(\.objectValue), to: &$0.body) }
        default:
            throw ContentError(
                domain: JSONDomain.name, code: JSONDomain.invalidJSON,
                message: "JSON for a view model must be an object or an array", location: source)
        }
    }

    /// Merges a view model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let reader = JSONReader(store: store)
        _ = store.root.modifyView(at: path[...]) { reader.add(dictionary, to: &$0) }
    }
}

extension ComponentModelBuilder {
    /// Merges a component model dictionary into this builder.
    public func addJSON(dictionary: JSONDictionary) {
        let reader = JSONReader(store: store)
        modify { reader.add(dictionary, to: &$0) }
    }
}

/// Merges JSON dictionaries into builder state, reading them with a builder tree's schema.
struct JSONReader {
    private let viewModelSchema: ViewModelJSONSchema
    private let componentModelSchema: ComponentModelJSONSchema
    private let componentImageDataSchema: ComponentImageDataJSONSchema
    private let componentTargetSchema: ComponentTargetJSONSchema
    /// What new component builders start with.
    private let defaults: ComponentDefaults

    init(store: BuilderStore) {
        viewModelSchema = store.schema.viewModelSchema
        componentModelSchema = store.schema.componentModelSchema
        componentImageDataSchema = store.schema.componentImageDataSchema
        componentTargetSchema = store.schema.componentTargetSchema
        defaults = store.configuration.componentDefaults
    }

    func add(_ json: JSONDictionary, to view: inout ViewModelState) {
        let paths = viewModelSchema
        if let identifier = paths.identifier.value(from: json) { view.identifier = identifier }
        if let title = paths.navigationBarTitle.value(from: json) { view.title = title }
        view.customData = merged(view.customData, paths.customData.value(from: json))
        if let header = paths.header.value(from: json) {
            var state = view.header?.value
                ?? ComponentState(
                    identifier: componentModelSchema.identifier.value(from: header) ?? "header", defaults: defaults)
            view.header = nil
            add(header, to: &state)
            view.header = CopyOnWrite(state)
        }
        add(paths.body.values(from: json), to: &view.body)
        add(paths.overlays.values(from: json), to: &view.overlays)
    }

    /// Merges each dictionary into the builder with its identifier, created if needed.
    func add(_ items: [JSONDictionary], to list: inout ComponentList) {
        for dictionary in items {
            let identifier = componentModelSchema.identifier.value(from: dictionary) ?? unknownComponentIdentifier()
            list.ensure(identifier, defaults: defaults)
            _ = list.modify(identifier) { add(dictionary, to: &$0) }
        }
    }

    func add(_ json: JSONDictionary, to component: inout ComponentState) {
        let paths = componentModelSchema
        if let identifier = paths.componentIdentifier.value(from: json) {
            let parts = identifier.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 2 {
                component.namespace = String(parts[0])
                component.name = String(parts[1])
            } else {
                component.name = identifier
            }
        }
        if let category = paths.componentCategory.value(from: json) { component.category = category }
        if let group = paths.groupIdentifier.value(from: json) { component.group = group }
        if let title = paths.title.value(from: json) { component.title = title }
        if let subtitle = paths.subtitle.value(from: json) { component.subtitle = subtitle }
        if let accessory = paths.accessoryTitle.value(from: json) { component.accessory = accessory }
        if let description = paths.descriptionText.value(from: json) { component.descriptionText = description }
        if let image = paths.mainImageData.value(from: json) { add(image, to: &component.main) }
        if let image = paths.backgroundImageData.value(from: json) { add(image, to: &component.background) }
        for (identifier, value) in paths.customImageData.value(from: json) ?? [:] {
            guard let image = value.objectValue else { continue }
            add(image, to: &component.customImages[identifier, default: ImageState()])
        }
        if let icon = paths.iconIdentifier.value(from: json) { component.icon = icon }
        if let target = paths.target.value(from: json) {
            var state = component.target ?? TargetState()
            component.target = nil
            add(target, to: &state)
            component.target = state
        }
        component.metadata = merged(component.metadata, paths.metadata.value(from: json))
        component.logging = merged(component.logging, paths.loggingData.value(from: json))
        component.customData = merged(component.customData, paths.customData.value(from: json))
        add(paths.children.values(from: json), to: &component.children)
    }

    func add(_ json: JSONDictionary, to image: inout ImageState) {
        let paths = componentImageDataSchema
        if let url = paths.url.value(from: json) { image.url = url }
        if let placeholder = paths.placeholderIconIdentifier.value(from: json) { image.placeholder = placeholder }
        if let local = paths.localImage.value(from: json) { image.local = local }
        image.customData = merged(image.customData, paths.customData.value(from: json))
    }

    func add(_ json: JSONDictionary, to target: inout TargetState) {
        let paths = componentTargetSchema
        if let uri = paths.uri.value(from: json) { target.uri = uri }
        if let view = paths.initialViewModel.value(from: json) {
            var state = target.view?.value ?? ViewModelState()
            target.view = nil
            add(view, to: &state)
            target.view = CopyOnWrite(state)
        }
        for identifier in paths.actionIdentifiers.values(from: json).compactMap(Identifier.init(string:))
        where !target.actions.contains(identifier) {
            target.actions.append(identifier)
        }
        target.customData = merged(target.customData, paths.customData.value(from: json))
    }

    /// `existing` with `added`'s entries (`added` wins on conflicting keys); `existing` when
    /// nothing is added.
    private func merged(_ existing: JSONDictionary?, _ added: JSONDictionary?) -> JSONDictionary? {
        guard let added else { return existing }
        return (existing ?? [:]).merging(overriding: added)
    }
}

/// A fresh identifier for a component whose JSON has no identifier.
private func unknownComponentIdentifier() -> String {
    "UnknownComponent:" + UUID().uuidString
}
