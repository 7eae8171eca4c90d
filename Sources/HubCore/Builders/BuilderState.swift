/// The state of an image data builder.
struct ImageState: Equatable {
    var url: String?
    var placeholder: String?
    var local: String?
    var customData: JSONDictionary?
}

/// The state of a target builder.
struct TargetState {
    var uri: String?
    var actions: [Identifier] = []
    var customData: JSONDictionary?
    var view: CopyOnWrite<ViewModelState>?
}

/// The state of a component model builder; a bridge writes the fields it defers into it
/// (``ViewModelBuilder/modifyComponents(in:_:)``).
package struct ComponentState {
    var identifier: String
    var preferredIndex: Int?
    package var namespace: String
    package var name: String
    var category: String
    package var fields = ComponentFields()
    /// The icon, images, target and children (see `ComponentState+Extras.swift`); nil while
    /// the component has none of them.
    var extras: ComponentExtras?

    init(identifier: String, defaults: ComponentDefaults) {
        self.identifier = identifier
        namespace = defaults.namespace
        name = defaults.name
        category = defaults.category
    }
}

/// The state of a view model builder.
struct ViewModelState {
    var identifier: String?
    var title: String?
    var customData: JSONDictionary?
    var header: ComponentNode?
    var body = ComponentList()
    var overlays = ComponentList()

    var isEmpty: Bool {
        header == nil && body.isEmpty && overlays.isEmpty
    }
}

/// One step on the way from a root view model builder to a nested builder.
enum BuilderStep: Hashable {
    case header
    case body(String)
    case overlay(String)
    case child(String)
    /// From a component to its target's initial view model.
    case targetView
}

typealias BuilderPath = ArraySlice<BuilderStep>

extension ViewModelState {
    func view(at path: BuilderPath) -> ViewModelState? {
        guard let first = path.first else { return self }
        return entry(first)?.view(at: path.dropFirst())
    }

    func component(at path: BuilderPath) -> ComponentState? {
        guard let first = path.first else { return nil }
        return entry(first)?.component(at: path.dropFirst())
    }

    mutating func modifyView<Result>(at path: BuilderPath, _ body: (inout ViewModelState) -> Result) -> Result? {
        guard let first = path.first else { return body(&self) }
        return modifyEntry(first) { $0.modifyView(at: path.dropFirst(), body) } ?? nil
    }

    mutating func modifyComponent<Result>(at path: BuilderPath, _ body: (inout ComponentState) -> Result) -> Result? {
        guard let first = path.first else { return nil }
        return modifyEntry(first) { $0.modifyComponent(at: path.dropFirst(), body) } ?? nil
    }

    private func entry(_ step: BuilderStep) -> ComponentState? {
        switch step {
        case .header: return header?.state
        case .body(let identifier): return body[identifier]
        case .overlay(let identifier): return overlays[identifier]
        case .child, .targetView: return nil
        }
    }

    private mutating func modifyEntry<Result>(_ step: BuilderStep, _ body: (inout ComponentState) -> Result) -> Result? {
        switch step {
        case .header:
            var result: Result?
            header?.mutate { result = body(&$0) }
            return result
        case .body(let identifier): return self.body.modify(identifier, body)
        case .overlay(let identifier): return overlays.modify(identifier, body)
        case .child, .targetView: return nil
        }
    }
}

extension ComponentState {
    func view(at path: BuilderPath) -> ViewModelState? {
        guard let first = path.first else { return nil }
        switch first {
        case .child(let identifier): return children[identifier]?.view(at: path.dropFirst())
        case .targetView: return target?.view?.value.view(at: path.dropFirst())
        case .header, .body, .overlay: return nil
        }
    }

    func component(at path: BuilderPath) -> ComponentState? {
        guard let first = path.first else { return self }
        switch first {
        case .child(let identifier): return children[identifier]?.component(at: path.dropFirst())
        case .targetView: return target?.view?.value.component(at: path.dropFirst())
        case .header, .body, .overlay: return nil
        }
    }

    mutating func modifyView<Result>(at path: BuilderPath, _ body: (inout ViewModelState) -> Result) -> Result? {
        guard let first = path.first else { return nil }
        switch first {
        case .child(let identifier):
            return children.modify(identifier) { $0.modifyView(at: path.dropFirst(), body) } ?? nil
        case .targetView:
            var result: Result?
            target?.view?.mutate { result = $0.modifyView(at: path.dropFirst(), body) }
            return result
        case .header, .body, .overlay: return nil
        }
    }

    mutating func modifyComponent<Result>(at path: BuilderPath, _ body: (inout ComponentState) -> Result) -> Result? {
        guard let first = path.first else { return body(&self) }
        switch first {
        case .child(let identifier):
            return children.modify(identifier) { $0.modifyComponent(at: path.dropFirst(), body) } ?? nil
        case .targetView:
            var result: Result?
            target?.view?.mutate { result = $0.modifyComponent(at: path.dropFirst(), body) }
            return result
        case .header, .body, .overlay: return nil
        }
    }
}
