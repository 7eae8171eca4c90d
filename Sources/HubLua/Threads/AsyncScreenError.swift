import HubCore

/// Why an ``AsyncScreen`` could not give what it was asked for.
public enum AsyncScreenError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The view was still busy after `milliseconds`: its chain (the operations named by
    /// `running`, each with what it waits for when it says) or its actions had not finished.
    case stillLoading(viewURI: String, milliseconds: Int, running: [String])
    /// The view's chain ended with `error` (the error of its last operation, located).
    case failed(viewURI: String, error: ContentError)
    /// The action performed for a selection failed with `error` (located).
    case actionFailed(viewURI: String, error: ContentError)
    /// The screen was closed (``AsyncScreen/close()``), or its runtime stopped.
    case closed(viewURI: String)
    /// No component with the identifier is on the screen.
    case noComponent(viewURI: String, identifier: String)

    public var description: String {
        switch self {
        case .stillLoading(let uri, let milliseconds, let running):
            let what = running.isEmpty ? "its actions" : running.joined(separator: ", ")
            return "'\(uri)' was still loading after \(milliseconds) ms: \(what) had not finished"
        case .failed(let uri, let error): return "'\(uri)' failed to load: \(error)"
        case .actionFailed(let uri, let error): return "an action on '\(uri)' failed: \(error)"
        case .closed(let uri): return "'\(uri)' is closed"
        case .noComponent(let uri, let identifier): return "no component '\(identifier)' on '\(uri)'"
        }
    }
}
