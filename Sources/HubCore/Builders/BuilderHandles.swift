/// Where a component sits in its view: with its identifier, what a bridge names a body or
/// overlay component by when it holds no builder for it.
package enum ComponentLayer {
    case body
    case overlay

    func step(_ identifier: String) -> BuilderStep {
        switch self {
        case .body: return .body(identifier)
        case .overlay: return .overlay(identifier)
        }
    }
}

/// What ``ViewModelBuilder/modifyComponents(in:_:)`` hands its body: edits the state of the
/// component `identifier`, creating it when there is none and `creating` is true.
package typealias ComponentEditor = (_ identifier: String, _ creating: Bool, _ edit: (inout ComponentState) -> Void) -> Void

// What a bridge needs to reach components by identifier and write several fields at once: its
// handles name a component by parent and identifier (making no builder until one is asked for),
// and their writes are handed over together, one lookup and one copy-on-write check for all.

extension ViewModelBuilder {
    /// How many steps the view lies below its root view model: 0 for the root, one more than
    /// its component's for a target's initial view model.
    package var nesting: Int { path.count }

    /// The builder of the body or overlay component `identifier`, which this does not create:
    /// detached while there is none.
    package func componentBuilder(in layer: ComponentLayer, _ identifier: String) -> ComponentModelBuilder {
        ComponentModelBuilder(store: store, path: path + [layer.step(identifier)])
    }

    /// Edits body or overlay components, many at once: `body` gets a function that runs its
    /// last argument on the state of the component named by its first; when there is none, on
    /// a new one added after all others if its second is true, else not at all.
    package func modifyComponents(in layer: ComponentLayer, _ body: (ComponentEditor) -> Void) {
        let defaults = store.configuration.componentDefaults
        modify { view in
            switch layer {
            case .body: body { view.body.modify($0, creatingWith: $1 ? defaults : nil, $2) }
            case .overlay: body { view.overlays.modify($0, creatingWith: $1 ? defaults : nil, $2) }
            }
        }
    }
}

extension ComponentModelBuilder {
    /// How many steps the component lies below its root view model: 1 for a body component,
    /// one more than its parent's for a child.
    package var nesting: Int { path.count }

    /// The builder of the child component `identifier`, which this does not create: detached
    /// while there is none.
    package func childBuilder(existing identifier: String) -> ComponentModelBuilder {
        ComponentModelBuilder(store: store, path: path + [.child(identifier)])
    }

    /// Runs `body` on the state of the child component `identifier`; when there is none, on a
    /// new one added after all others if `creating`, else not at all.
    package func modifyChild(_ identifier: String, creating: Bool, _ body: (inout ComponentState) -> Void) {
        let defaults = creating ? store.configuration.componentDefaults : nil
        modify { $0.children.modify(identifier, creatingWith: defaults, body) }
    }
}
