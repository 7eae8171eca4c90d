import HubCore
import HubRender

/// Problems found while running scripts that stopped nothing (a component that failed to draw,
/// an observer or a predicate that raised), each once, in the order they first happened; and the
/// feature folders that failed to load.
final class ProblemLog {
    private(set) var entries: [String] = []
    private var reported: Set<String> = []
    private var locations: [String: String] = [:]
    /// The feature folders that failed to load, in order, with the features they had
    /// registered before failing (rolled back).
    private(set) var loadFailures: [(failure: LoadFailure, features: [FeatureRegistration])] = []

    /// Records that a folder failed to load, having registered `features` first.
    func recordLoadFailure(_ failure: LoadFailure, features: [FeatureRegistration]) {
        loadFailures.append((failure, features))
    }

    /// `error` from opening a screen, explained by the load failures: the folder whose feature
    /// would have handled the URI, or else every folder that failed (one might have).
    func openError(_ error: ScreenOpeningError) -> OpenError {
        guard case .noFeature(let viewURI) = error, !loadFailures.isEmpty else {
            return OpenError(reason: error, description: error.description)
        }
        if let claiming = loadFailures.first(where: { $0.features.contains { $0.viewURIPredicate.matches(viewURI) } }) {
            return OpenError(reason: error, description: "the feature for '\(viewURI)' did not load: \(claiming.failure)")
        }
        let count = loadFailures.count == 1 ? "a feature folder" : "\(loadFailures.count) feature folders"
        let list = loadFailures.map(\.failure.description).joined(separator: "; ")
        return OpenError(reason: error, description: "\(error) (and \(count) failed to load: \(list))")
    }

    /// The loaded feature folders as errors name them, so that a problem can be worded relative
    /// to the folder it happened in (``ProblemLine``).
    var folderPaths: [String] = []

    /// The loaded feature folder that `location` (`path:line`) lies in; nil for none. Lua cuts
    /// a long file name to its end (`...F25380E9/feature.lua:1`): then it is the folder whose
    /// path ends the most of what the location keeps (``ProblemLine/keptEnd(of:in:)``).
    func folder(containing location: String?) -> String? {
        guard let location else { return nil }
        if let whole = folderPaths.filter({ location.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }) { return whole }
        return folderPaths.max { (ProblemLine.keptEnd(of: $0, in: location)?.count ?? 0) < (ProblemLine.keptEnd(of: $1, in: location)?.count ?? 0) }
            .flatMap { ProblemLine.keptEnd(of: $0, in: location) == nil ? nil : $0 }
    }

    /// Told of every problem reported, repeats included (a server logs each).
    var onReport: ((String) -> Void)?

    /// Records `message`, unless it was recorded before (a component failing on every render);
    /// `location` (`file:line`, the whole path) is where it happened, for ``location(of:)``.
    func report(_ message: String, at location: String? = nil) {
        onReport?(message)
        if reported.insert(message).inserted { entries.append(message) }
        if let location { locations[message] = location }
    }

    /// Where the problem `entry` happened, when its report said.
    func location(of entry: String) -> String? {
        locations[entry]
    }

    /// Forgets the problems recorded so far (a prompt has shown them).
    func clear() {
        entries.removeAll()
        reported.removeAll()
        locations.removeAll()
    }

    /// What `body` returns; nil when it throws, and then the error is recorded as
    /// `context: error`.
    func attempt<Result>(_ context: String, _ body: () throws -> Result?) -> Result? {
        do {
            return try body()
        } catch {
            report("\(context): \(error)")
            return nil
        }
    }
}
