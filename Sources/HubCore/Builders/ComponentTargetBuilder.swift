/// Builds a component model's target: the URI selection opens, actions, and an initial view model.
public final class ComponentTargetBuilder {
    let component: ComponentModelBuilder

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
