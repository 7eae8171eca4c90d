import Foundation

// Merging what JSON holds (SchemaValues.swift) into builder state: JSON only adds and merges
// into existing builders (matched by identifier), it never removes anything.

extension ViewModelState {
    /// Merges a view model object's values; new components start with `defaults`.
    mutating func merge(_ json: ViewModelValues, defaults: ComponentDefaults) {
        if let identifier = json.identifier { self.identifier = identifier }
        if let title = json.title { self.title = title }
        customData = merged(customData, json.customData)
        if let header = json.header {
            var state = self.header?.state ?? ComponentState(identifier: header.identifier ?? "header", defaults: defaults)
            self.header = nil
            state.merge(header, defaults: defaults)
            self.header = ComponentNode(state)
        }
        body.merge(json.body, defaults: defaults)
        overlays.merge(json.overlays, defaults: defaults)
    }
}

extension ComponentList {
    /// Merges each component object into the component with its identifier, created if needed.
    mutating func merge(_ items: [ComponentValues], defaults: ComponentDefaults) {
        // Each item borrowed in place (a `for in` copies every item's values, retaining each, and
        // releases them again), and found or made with one hashed lookup.
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                modify(items[index].identifier ?? unknownComponentIdentifier(), creatingWith: defaults) {
                    $0.merge(items[index], defaults: defaults)
                }
            }
        }
    }
}

extension ComponentState {
    /// Merges a component object's values; new children start with `defaults`.
    mutating func merge(_ json: ComponentValues, defaults: ComponentDefaults) {
        if let identifier = json.componentIdentifier {
            // The usual `namespace:name` through `Identifier`'s byte-wise split, which saves
            // splitting by Characters.
            if let parsed = Identifier(string: identifier) {
                namespace = parsed.namespace
                name = parsed.name
            } else {
                assignComponent(identifier)
            }
        }
        if let category = json.category { self.category = category }
        if fields == ComponentFields.none {
            // Nothing to merge into (a new component, the usual case): the fields whole, which
            // saves reading and writing each through its key path.
            fields = json.fields
        } else {
            for field in ComponentFields.texts {
                if let text = json.fields[keyPath: field.keyPath] { fields[keyPath: field.keyPath] = text }
            }
            for field in ComponentFields.data {
                fields[keyPath: field.keyPath] = merged(fields[keyPath: field.keyPath], json.fields[keyPath: field.keyPath])
            }
        }
        if let image = json.main { main.merge(image) }
        if let image = json.background { background.merge(image) }
        for (identifier, image) in json.customImages {
            customImages[identifier, default: ImageState()].merge(image)
        }
        if let icon = json.icon { self.icon = icon }
        if let json = json.target {
            var state = target ?? TargetState()
            target = nil
            state.merge(json, defaults: defaults)
            target = state
        }
        children.merge(json.children, defaults: defaults)
    }

    /// Sets the component from `identifier`, split at its Characters `:`: the first two parts
    /// are the namespace and the name; a single part is the name.
    private mutating func assignComponent(_ identifier: String) {
        let parts = identifier.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 2 {
            namespace = String(parts[0])
            name = String(parts[1])
        } else {
            name = identifier
        }
    }
}

extension ImageState {
    /// Merges an image object's values.
    mutating func merge(_ json: ImageValues) {
        if let url = json.url { self.url = url }
        if let placeholder = json.placeholder { self.placeholder = placeholder }
        if let local = json.local { self.local = local }
        customData = merged(customData, json.customData)
    }
}

extension TargetState {
    /// Merges a target object's values; components of a new initial view model start with
    /// `defaults`.
    mutating func merge(_ json: TargetValues, defaults: ComponentDefaults) {
        if let uri = json.uri { self.uri = uri }
        if let values = json.view {
            var state = view?.value ?? ViewModelState()
            view = nil
            state.merge(values.value, defaults: defaults)
            view = CopyOnWrite(state)
        }
        for identifier in json.actions where !actions.contains(identifier) {
            actions.append(identifier)
        }
        customData = merged(customData, json.customData)
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

/// A fresh identifier for a component whose JSON has no identifier.
private func unknownComponentIdentifier() -> String {
    "UnknownComponent:" + UUID().uuidString
}
