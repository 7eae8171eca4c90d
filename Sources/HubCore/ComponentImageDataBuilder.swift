/// Builds one image of a component model. It builds no image data unless it has a URI, a local
/// image, custom data, or a placeholder icon (when icons are resolved).
public final class ComponentImageDataBuilder {
    enum Slot: Equatable {
        case main
        case background
        case custom(String)
    }

    private let component: ComponentModelBuilder
    let slot: Slot

    init(component: ComponentModelBuilder, slot: Slot) {
        self.component = component
        self.slot = slot
    }

    private var state: ImageState? {
        guard let componentState = component.state else { return nil }
        switch slot {
        case .main: return componentState.main
        case .background: return componentState.background
        case .custom(let identifier): return componentState.customImages[identifier]
        }
    }

    private func modify(_ body: (inout ImageState) -> Void) {
        component.modify { state in
            switch slot {
            case .main: body(&state.main)
            case .background: body(&state.background)
            case .custom(let identifier):
                var image = state.customImages[identifier] ?? ImageState()
                body(&image)
                state.customImages[identifier] = image
            }
        }
    }

    /// The remote image's URI.
    public var url: String? {
        get { state?.url }
        set { modify { $0.url = newValue } }
    }

    /// The identifier of the icon shown until the image has loaded.
    public var placeholderIconIdentifier: String? {
        get { state?.placeholder }
        set { modify { $0.placeholder = newValue } }
    }

    /// The name of a local image (a file in the feature folder).
    public var localImage: String? {
        get { state?.local }
        set { modify { $0.local = newValue } }
    }

    /// Free-form data for the image.
    public var customData: JSONDictionary? {
        get { state?.customData }
        set { modify { $0.customData = newValue } }
    }
}

/// Builds a component model's target: the URI selection opens, actions, and an initial view model.
public final class ComponentTargetBuilder {
    private let component: ComponentModelBuilder

    init(component: ComponentModelBuilder) {
        self.component = component
    }

    private var state: TargetState? { component.state?.target }

    private func modify(_ body: (inout TargetState) -> Void) {
        component.modify { state in
            var target = state.target ?? TargetState()
            state.target = nil
            body(&target)
            state.target = target
        }
    }

    /// The URI opened when the component is selected.
    public var uri: String? {
        get { state?.uri }
        set { modify { $0.uri = newValue } }
    }

    /// The actions performed on selection, in insertion order, without duplicates.
    public var actionIdentifiers: [Identifier] { state?.actions ?? [] }

    /// Adds an action unless it is already there.
    public func addAction(_ identifier: Identifier) {
        modify { target in
            if !target.actions.contains(identifier) { target.actions.append(identifier) }
        }
    }

    /// Adds the action `namespace:name` unless it is already there.
    public func addAction(namespace: String, name: String) {
        addAction(Identifier(namespace: namespace, name: name))
    }

    /// Free-form data for the target.
    public var customData: JSONDictionary? {
        get { state?.customData }
        set { modify { $0.customData = newValue } }
    }

    /// The builder of the view model the target view shows before it loads; created on first
    /// access (until then the target has no initial view model).
    public var initialViewModelBuilder: ViewModelBuilder {
        modify { target in
            if target.view == nil { target.view = CopyOnWrite(ViewModelState()) }
        }
        return ViewModelBuilder(store: component.store, path: component.path + [.targetView])
    }
}
