/// Sees every action of a feature's views before it is performed, and may handle it itself
/// (Hub Framework's `HUBActionHandler`): a feature's own handler, or the manager's default one
/// for features that have none.
public protocol ActionHandler {
    /// Returns true when the handler handled the action: it is then not performed (a veto),
    /// and counts as performed. A handler that throws did not handle it; its error is the
    /// action's failure (see ``ActionDispatcher/failureObserver``).
    func handleAction(with context: ActionContext) throws(ContentError) -> Bool
}

/// An action handler whose work is a closure, for Swift code.
public struct BlockActionHandler: ActionHandler {
    private let body: (ActionContext) -> Bool

    /// A handler that runs `body` and returns what it returns.
    public init(_ body: @escaping (ActionContext) -> Bool) {
        self.body = body
    }

    public func handleAction(with context: ActionContext) -> Bool {
        body(context)
    }
}
