import HubCore

/// The navigator of a request's screen: it notes where an action navigates, for the response to
/// send the client there (303), and opens nothing, since the client loads that view itself.
final class NavigationRecorder: Navigator {
    /// The URI the screen's actions last navigated to; nil while none has.
    private(set) var target: String?

    func navigate(to uri: String) -> Bool {
        target = uri
        return true
    }
}
