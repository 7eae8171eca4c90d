import HubCore

/// One thing that happened on a screen, as Hub Framework told its view controller's delegate,
/// plus navigation: what a person using the view would have seen happen.
public struct ScreenEvent: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable {
        /// A new view model is about to be shown.
        case willUpdate = "will update"
        /// A new view model is shown.
        case didUpdate = "did update"
        /// A load failed; the previous view model stays.
        case didFail = "did fail"
        /// An operation failed and a later one, handed its error, finished normally: the chain
        /// went on (see `ChainFailure`).
        case didSilence = "did silence"
        /// A component is about to appear (drawn for the first time since it was off screen).
        case componentWillAppear = "component will appear"
        /// A component is no longer on screen.
        case componentDidDisappear = "component did disappear"
        /// A component was selected, and its selection was handled.
        case selected
        /// An action was performed (or handled, or not performed at all).
        case didPerformAction = "did perform action"
        /// An action (or the action handler) failed: the detail is its located error.
        case actionFailed = "action failed"
        /// A new screen was opened on top of the stack.
        case navigated
        /// The top screen was closed, back to the one below.
        case back
        /// A URI no feature handles was handed to the system's opener.
        case openedExternally = "opened externally"
    }

    /// What happened.
    public var kind: Kind
    /// The view URI of the screen it happened on.
    public var viewURI: String
    /// The component model involved, if any.
    public var component: String?
    /// What else says what happened: the view model's title (or identifier) of an update, the
    /// action and whether it performed, the error, the URI opened.
    public var detail: String?

    /// An event of `kind` on the screen for `viewURI`.
    public init(_ kind: Kind, viewURI: String, component: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.viewURI = viewURI
        self.component = component
        self.detail = detail
    }

    /// `viewURI: kind component (detail)`, e.g. `songs:list: did perform action song-2 (delete:song, performed)`.
    public var description: String {
        var text = "\(viewURI): \(kind.rawValue)"
        if let component { text += " \(component)" }
        if let detail { text += " (\(detail))" }
        return text
    }
}

/// The events of a screen, or of the screens of a stack, oldest first; the oldest are dropped
/// past ``capacity``, so that a long session does not grow without bound.
public final class ScreenEventLog {
    /// The events kept, oldest first.
    // Unchecked exclusivity: only the log's own methods change it, calling nothing while they
    // do; a render records an event for every component it shows.
    @exclusivity(unchecked) public private(set) var events: [ScreenEvent] = []
    /// How many events are kept.
    public let capacity: Int

    /// An empty log keeping the last `capacity` events.
    public init(capacity: Int = HubDefaults.screenEvents) {
        self.capacity = max(1, capacity)
    }

    /// Records `event`.
    public func record(_ event: consuming ScreenEvent) {
        if events.count == capacity { events.removeFirst(capacity / 2) }
        events.append(event)
    }

    /// Forgets every event.
    public func clear() {
        events.removeAll()
    }
}
