import HubCore

/// Takes the failures of a screen's actions for whoever answers for them (a server's request, a
/// test's `s:select`), in place of the screen's ``Screen/onActionFailure`` (its manager's
/// report), from when it is made until ``stop()``.
public final class ActionFailureRecorder {
    /// The errors of the actions that failed since the recorder was made, oldest first.
    public private(set) var errors: [ContentError] = []
    private weak var screen: Screen?
    private let previous: ((ContentError) -> Void)?

    /// Starts taking the failures of `screen`'s actions.
    public init(_ screen: Screen) {
        self.screen = screen
        previous = screen.onActionFailure
        screen.onActionFailure = { [weak self] error in self?.errors.append(error) }
    }

    /// Gives the screen's failures back to whoever had them before.
    public func stop() {
        screen?.onActionFailure = previous
        screen = nil
    }
}
