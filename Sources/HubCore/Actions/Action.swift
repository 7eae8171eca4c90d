/// Something done in response to a selection, or at the request of a component or a content
/// operation (Hub Framework's `HUBAction`). A fresh action is made for every performance, so
/// no state is shared between two of them.
public protocol Action: AnyObject {
    /// Performs the action; returns whether it was performed. An action that throws was not
    /// performed; its error is the action's failure (see ``ActionDispatcher/failureObserver``).
    func perform(with context: ActionContext) throws(ContentError) -> Bool
}

/// An action that finishes after ``Action/perform(with:)`` returns (Hub Framework's
/// `HUBAsyncAction`). Its performer keeps it alive until it reports through `completion`, once,
/// whether it performed or why it failed and, optionally, an action to chain to with custom
/// data.
public protocol AsyncAction: Action {
    /// Set by the performer before the action is performed; the action calls it when done.
    var completion: ((ActionCompletion) -> Void)? { get set }
}

/// How an asynchronous action ended.
public struct ActionCompletion: Sendable, Equatable {
    /// Whether the action was performed.
    public var performed: Bool
    /// The action to perform next (trigger ``ActionTrigger/chained``), if any.
    public var chainedAction: Identifier?
    /// Custom data for the chained action.
    public var customData: JSONDictionary?
    /// Why the action failed (it was then not performed, and chains to nothing); nil when it
    /// did not.
    public var error: ContentError?

    /// An ending: `performed`, then perhaps `chainedAction` with `customData`.
    public init(performed: Bool, chainingTo chainedAction: Identifier? = nil, customData: JSONDictionary? = nil) {
        self.performed = performed
        self.chainedAction = chainedAction
        self.customData = customData
    }

    /// The ending of an action that failed with `error`.
    public static func failed(_ error: ContentError) -> ActionCompletion {
        var completion = ActionCompletion(performed: false)
        completion.error = error
        return completion
    }
}

/// An action whose work is a closure, for Swift code.
public final class BlockAction: Action {
    private let body: (ActionContext) -> Bool

    /// An action that runs `body` and returns what it returns.
    public init(_ body: @escaping (ActionContext) -> Bool) {
        self.body = body
    }

    public func perform(with context: ActionContext) -> Bool {
        body(context)
    }
}
