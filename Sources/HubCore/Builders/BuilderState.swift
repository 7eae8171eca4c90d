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

/// The state of a component model builder.
struct ComponentState {
    var identifier: String
    var preferredIndex: Int?
    var namespace: String
    var name: String
    var category: String
    var fields = ComponentFields()
    var icon: String?
    var main = ImageState()
    var background = ImageState()
    var customImages: [String: ImageState] = [:]
    var target: TargetState?
    var children = ComponentList()

    init(identifier: String, defaults: ComponentDefaults) {
        self.identifier = identifier
        namespace = defaults.namespace
        name = defaults.name
        category = defaults.category
    }
}

/// Component builders keyed by identifier, in creation order.
struct ComponentList {
    /// The components in creation order.
    private(set) var nodes: [ComponentNode] = []
    /// Each identifier's position in `nodes`.
    private var positions: [String: Int] = [:]

    var count: Int { nodes.count }
    var isEmpty: Bool { nodes.isEmpty }

    /// The identifiers in creation order.
    var order: [String] { nodes.map(\.identifier) }

    func contains(_ identifier: String) -> Bool {
        positions[identifier] != nil
    }

    subscript(identifier: String) -> ComponentState? {
        positions[identifier].map { nodes[$0].state }
    }

    /// All states in creation order.
    var states: [ComponentState] {
        nodes.map(\.state)
    }

    /// Creates the component with `identifier` unless it exists.
    mutating func ensure(_ identifier: String, defaults: ComponentDefaults) {
        if positions[identifier] == nil {
            positions[identifier] = nodes.count
            nodes.append(ComponentNode(ComponentState(identifier: identifier, defaults: defaults)))
        }
    }

    mutating func remove(_ identifier: String) {
        guard let position = positions.removeValue(forKey: identifier) else { return }
        nodes.remove(at: position)
        for later in position..<nodes.count {
            positions[nodes[later].identifier] = later
        }
    }

    mutating func removeAll() {
        nodes = []
        positions = [:]
    }

    /// Runs `body` on the component with `identifier` in place; nil when there is none.
    mutating func modify<Result>(_ identifier: String, _ body: (inout ComponentState) -> Result) -> Result? {
        guard let position = positions[identifier] else { return nil }
        return body(&nodes[position].state)
    }

    /// The position of `identifier`: `hint` when the component is there (checked, so a stale
    /// hint is only slower), else looked up; nil when there is none. A builder handle keeps its
    /// component's last position as the hint, which spares hashing the identifier on every
    /// field it sets.
    func position(of identifier: String, hint: Int) -> Int? {
        if hint < nodes.count, nodes[hint].identifier == identifier { return hint }
        return positions[identifier]
    }

    /// Runs `body` on the component at `position` in place.
    mutating func modify<Result>(at position: Int, _ body: (inout ComponentState) -> Result) -> Result {
        body(&nodes[position].state)
    }

    /// The state of the component at `position`.
    func state(at position: Int) -> ComponentState {
        nodes[position].state
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
