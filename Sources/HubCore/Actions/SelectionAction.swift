/// The default selection action (Hub Framework's `HUBSelectionAction`): opens the selected
/// component's target URI through the context's navigator. Not performed when the component has
/// no target URI or nothing navigates.
public final class SelectionAction: Action {
    /// The default selection action.
    public init() {}

    public func perform(with context: ActionContext) -> Bool {
        guard let uri = context.componentModel?.target?.uri, let navigator = context.navigator else { return false }
        return navigator.navigate(to: uri)
    }
}
