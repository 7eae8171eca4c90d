/// Builds one component model: its component, texts, images, target, data and children.
///
/// Its plain fields (`title`, `subtitle`, `customData`, ...) are those of ``ComponentFields``,
/// set as `builder.title = "Rome"`. A builder is a handle into its view model builder's tree.
/// When its component model is removed from that tree, the handle is detached: reads give
/// defaults and writes are ignored.
@dynamicMemberLookup
public final class ComponentModelBuilder {
    let store: BuilderStore
    let path: [BuilderStep]

    init(store: BuilderStore, path: [BuilderStep]) {
        self.store = store
        self.path = path
    }

    var state: ComponentState? {
        switch (path.count, path.first) {
        case (1, .body(let identifier)): return state(in: store.root.body, identifier)
        case (1, .overlay(let identifier)): return state(in: store.root.overlays, identifier)
        default: return store.root.component(at: path[...])
        }
    }

    /// Runs `body` on the component's state; not at all when the builder is detached.
    package func modify(_ body: (inout ComponentState) -> Void) {
        switch (path.count, path.first) {
        case (1, .body(let identifier)): modify(in: &store.root.body, identifier, body)
        case (1, .overlay(let identifier)): modify(in: &store.root.overlays, identifier, body)
        default: _ = store.root.modifyComponent(at: path[...], body)
        }
    }

    // A model directly in the root view's body or overlays (the common case) is reached
    // through its last known position rather than by walking the path from the root.

    /// Where the model was last found in its list (see ``ComponentList/position(of:hint:)``).
    @exclusivity(unchecked) private var positionHint = 0

    private func state(in list: ComponentList, _ identifier: String) -> ComponentState? {
        guard let position = list.position(of: identifier, hint: positionHint) else { return nil }
        positionHint = position
        return list.state(at: position)
    }

    private func modify(in list: inout ComponentList, _ identifier: String, _ body: (inout ComponentState) -> Void) {
        guard let position = list.position(of: identifier, hint: positionHint) else { return }
        positionHint = position
        list.modify(at: position, body)
    }

    private func get<Value>(_ keyPath: KeyPath<ComponentState, Value?>) -> Value? {
        state?[keyPath: keyPath]
    }

    private func set<Value>(_ keyPath: WritableKeyPath<ComponentState, Value>, _ value: Value) {
        modify { $0[keyPath: keyPath] = value }
    }

    /// The model's identifier (fixed when the builder is created).
    public var modelIdentifier: String {
        switch path.last {
        case .header: return state?.identifier ?? "header"
        case .body(let identifier), .overlay(let identifier), .child(let identifier): return identifier
        case .targetView, nil: return ""
        }
    }

    /// The layer this component model belongs to (children share their root's layer).
    public var type: ComponentType {
        for step in path.reversed() {
            switch step {
            case .header: return .header
            case .body: return .body
            case .overlay: return .overlay
            case .child, .targetView: continue
            }
        }
        return .body
    }

    /// Where the model should be placed among its siblings; nil keeps creation order.
    public var preferredIndex: Int? {
        get { get(\.preferredIndex) }
        set { set(\.preferredIndex, newValue) }
    }

    /// The namespace of the component that renders the model.
    public var componentNamespace: String {
        get { state?.namespace ?? store.configuration.componentDefaults.namespace }
        set { set(\.namespace, newValue) }
    }

    /// The name of the component that renders the model.
    public var componentName: String {
        get { state?.name ?? store.configuration.componentDefaults.name }
        set { set(\.name, newValue) }
    }

    /// The component that renders the model, `namespace:name`.
    public var componentIdentifier: Identifier {
        get { Identifier(namespace: componentNamespace, name: componentName) }
        set { modify { $0.namespace = newValue.namespace; $0.name = newValue.name } }
    }

    /// The category used to pick a fallback component when the component is unknown.
    public var componentCategory: String {
        get { state?.category ?? store.configuration.componentDefaults.category }
        set { set(\.category, newValue) }
    }

    /// A plain field, e.g. `builder.title` (see ``ComponentFields``).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ComponentFields, Value?>) -> Value? {
        get { state?.fields[keyPath: keyPath] }
        set { modify { $0.fields[keyPath: keyPath] = newValue } }
    }

    /// The identifier of the model's icon.
    public var iconIdentifier: String? {
        get { get(\.icon) }
        set { set(\.icon, newValue) }
    }

    // MARK: Images

    /// The main image's builder.
    public var mainImageDataBuilder: ComponentImageDataBuilder {
        ComponentImageDataBuilder(component: self, slot: .main)
    }

    /// The background image's builder.
    public var backgroundImageDataBuilder: ComponentImageDataBuilder {
        ComponentImageDataBuilder(component: self, slot: .background)
    }

    /// The main image's URI (a shortcut for `mainImageDataBuilder.url`).
    public var mainImageURL: String? {
        get { mainImageDataBuilder.url }
        set { mainImageDataBuilder.url = newValue }
    }

    /// The background image's URI (a shortcut for `backgroundImageDataBuilder.url`).
    public var backgroundImageURL: String? {
        get { backgroundImageDataBuilder.url }
        set { backgroundImageDataBuilder.url = newValue }
    }

    /// The builder of the custom image `identifier`, created if needed.
    public func customImageDataBuilder(_ identifier: String) -> ComponentImageDataBuilder {
        modify { state in
            if state.customImages[identifier] == nil { state.customImages[identifier] = ImageState() }
        }
        return ComponentImageDataBuilder(component: self, slot: .custom(identifier))
    }

    /// Whether a custom image builder with `identifier` exists.
    public func hasCustomImageData(_ identifier: String) -> Bool {
        state?.customImages[identifier] != nil
    }

    // MARK: Target

    /// The target's builder, created on first access (until then the model has no target).
    public var targetBuilder: ComponentTargetBuilder {
        modify { state in
            if state.target == nil { state.target = TargetState() }
        }
        return ComponentTargetBuilder(component: self)
    }

    /// Whether a target builder exists.
    public var hasTarget: Bool { state?.target != nil }

    // MARK: Children

    /// The child builder with `identifier`, created (after all others) if needed.
    public func childBuilder(_ identifier: String) -> ComponentModelBuilder {
        let defaults = store.configuration.componentDefaults
        modify { $0.children.ensure(identifier, defaults: defaults) }
        return childBuilder(existing: identifier)
    }

    /// Whether a child builder with `identifier` exists.
    public func hasChild(_ identifier: String) -> Bool {
        state?.children.contains(identifier) ?? false
    }

    /// The child builders in creation order.
    public var childBuilders: [ComponentModelBuilder] {
        (state?.children.order ?? []).map { ComponentModelBuilder(store: store, path: path + [.child($0)]) }
    }

    /// The child builders in group `group`, in creation order; nil when the group is empty.
    public func childBuilders(inGroup group: String) -> [ComponentModelBuilder]? {
        let members = (state?.children.states ?? []).filter { $0.fields.groupIdentifier == group }
        guard !members.isEmpty else { return nil }
        return members.map { ComponentModelBuilder(store: store, path: path + [.child($0.identifier)]) }
    }

    /// Removes the child builder with `identifier`.
    public func removeChild(_ identifier: String) {
        modify { $0.children.remove(identifier) }
    }

    /// Removes every child builder.
    public func removeAllChildren() {
        modify { $0.children.removeAll() }
    }
}

extension ComponentModelBuilder {
    /// Removes this component model from its parent (its view, or its parent component).
    public func removeFromParent() {
        guard let last = path.last else { return }
        let parent = path.dropLast()
        switch last {
        case .header:
            _ = store.root.modifyView(at: parent) { $0.header = nil }
        case .body(let identifier):
            _ = store.root.modifyView(at: parent) { $0.body.remove(identifier) }
        case .overlay(let identifier):
            _ = store.root.modifyView(at: parent) { $0.overlays.remove(identifier) }
        case .child(let identifier):
            _ = store.root.modifyComponent(at: parent) { $0.children.remove(identifier) }
        case .targetView:
            break
        }
    }
}
