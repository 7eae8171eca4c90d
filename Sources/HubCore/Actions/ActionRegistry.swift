/// The actions of an app (Hub Framework's `HUBActionRegistry`): one factory per namespace,
/// asked for a fresh action every time an identifier `namespace:name` is performed, and the
/// selection action performed when a selected component has no action of its own that performs.
public final class ActionRegistry {
    private var factories: [String: any ActionFactory] = [:]
    /// The action of a plain selection (no custom identifier): by default it opens the
    /// selected component's target URI (``SelectionAction``).
    public var selectionAction: any Action

    /// A registry with no factories, whose selection action is `selectionAction`.
    public init(selectionAction: any Action = SelectionAction()) {
        self.selectionAction = selectionAction
    }

    /// Registers `factory` for `namespace`, which must not have one already.
    public func register(_ factory: any ActionFactory, forNamespace namespace: String) throws(RegistrationError) {
        guard factories[namespace] == nil else {
            throw RegistrationError("an action factory for namespace '\(namespace)' is already registered")
        }
        factories[namespace] = factory
    }

    /// Removes the factory of `namespace` (nothing happens if there is none).
    public func unregisterFactory(forNamespace namespace: String) {
        factories.removeValue(forKey: namespace)
    }

    /// Whether a factory is registered for `namespace`.
    public func hasFactory(forNamespace namespace: String) -> Bool {
        factories[namespace] != nil
    }

    /// A new action for `identifier`; nil when no factory is registered for its namespace or
    /// the factory has no action by its name.
    public func createAction(for identifier: Identifier) -> (any Action)? {
        factories[identifier.namespace]?.createAction(forName: identifier.name)
    }
}
