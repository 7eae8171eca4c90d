import Foundation

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
            var state = view.header?.state
                ?? ComponentState(
                    identifier: componentModelSchema.identifier.value(from: header) ?? "header", defaults: defaults)
            view.header = nil
            add(header, to: &state)
            view.header = ComponentNode(state)
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
            // The usual `namespace:name` through `Identifier`'s byte-wise split, which saves
            // splitting by Characters.
            if let parsed = Identifier(string: identifier) {
                component.namespace = parsed.namespace
                component.name = parsed.name
            } else {
                assign(identifier, to: &component)
            }
        }
        if let category = paths.componentCategory.value(from: json) { component.category = category }
        for (field, path) in zip(ComponentFields.texts, paths.textPaths) {
            if let text = path.value(from: json) { component.fields[keyPath: field.keyPath] = text }
        }
        for (field, path) in zip(ComponentFields.data, paths.dataPaths) {
            component.fields[keyPath: field.keyPath] = merged(component.fields[keyPath: field.keyPath], path.value(from: json))
        }
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

    /// Sets the component of `component` from `identifier`, split at its Characters `:`: the
    /// first two parts are the namespace and the name; a single part is the name.
    private func assign(_ identifier: String, to component: inout ComponentState) {
        let parts = identifier.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 2 {
            component.namespace = String(parts[0])
            component.name = String(parts[1])
        } else {
            component.name = identifier
        }
    }

    /// `existing` with `added`'s entries (`added` wins on conflicting keys); `existing` when
    /// nothing is added.
    private func merged(_ existing: JSONDictionary?, _ added: JSONDictionary?) -> JSONDictionary? {
        guard let added else { return existing }
        // Nothing to merge into: `added` as it is, which saves building a copy of it.
        guard let existing, !existing.isEmpty else { return added }
        return existing.merging(overriding: added)
    }
}

/// A fresh identifier for a component whose JSON has no identifier.
private func unknownComponentIdentifier() -> String {
    "UnknownComponent:" + UUID().uuidString
}
