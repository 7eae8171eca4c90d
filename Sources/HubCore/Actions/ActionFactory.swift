/// Makes the actions of one namespace by name (Hub Framework's `HUBActionFactory`).
public protocol ActionFactory {
    /// A new action for `name`; nil when the factory has none by that name.
    func createAction(forName name: String) -> (any Action)?
}

/// An action factory whose work is a closure, for Swift code.
public struct BlockActionFactory: ActionFactory {
    private let make: (String) -> (any Action)?

    /// A factory that asks `make` for each action.
    public init(_ make: @escaping (String) -> (any Action)?) {
        self.make = make
    }

    public func createAction(forName name: String) -> (any Action)? {
        make(name)
    }
}
