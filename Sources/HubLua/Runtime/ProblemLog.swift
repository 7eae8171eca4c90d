import HubCore
import HubRender
internal import LuaBridge

/// Problems found while running scripts that stopped nothing (a component that failed to draw,
/// an observer or a predicate that raised), each once, in the order they first happened; and the
/// feature folders that failed to load. It keeps at most `capacity` problems: past them, the
/// oldest half is forgotten (and recorded again if reported again).
final class ProblemLog {
    private(set) var entries: [HubProblem] = []
    /// The descriptions of the problems recorded: one reported again is not recorded twice.
    private var reported: Set<String> = []
    /// The most problems `entries` keeps.
    let capacity: Int
    /// The feature folders that failed to load, in order, with the features they had
    /// registered before failing (rolled back).
    private(set) var loadFailures: [(failure: LoadFailure, features: [FeatureRegistration])] = []

    init(capacity: Int = HubDefaults.problemsKept) {
        self.capacity = max(1, capacity)
    }

    /// Records that a folder failed to load, having registered `features` first.
    func recordLoadFailure(_ failure: LoadFailure, features: [FeatureRegistration]) {
        loadFailures.append((failure, features))
    }

    /// `error` from opening a screen, explained by the load failures: the folder whose feature
    /// would have handled the URI, or else every folder that failed (one might have).
    func openError(_ error: ScreenOpeningError) -> OpenError {
        guard case .noFeature(let viewURI) = error, !loadFailures.isEmpty else {
            return OpenError(reason: error, loadFailures: [], description: error.description)
        }
        if let claiming = loadFailures.first(where: { $0.features.contains { $0.viewURIPredicate.matches(viewURI) } }) {
            return OpenError(
                reason: error, loadFailures: [claiming.failure], description: "the feature for '\(viewURI)' did not load: \(claiming.failure)")
        }
        let failures = loadFailures.map(\.failure)
        let count = failures.count == 1 ? "a feature folder" : "\(failures.count) feature folders"
        let list = failures.map(\.description).joined(separator: "; ")
        return OpenError(reason: error, loadFailures: failures, description: "\(error) (and \(count) failed to load: \(list))")
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
    var onReport: ((HubProblem) -> Void)?

    /// Records `problem`, unless one worded the same was recorded before (a component failing
    /// on every render); past `capacity`, forgets the oldest half first.
    func report(_ problem: HubProblem) {
        onReport?(problem)
        guard reported.insert(problem.description).inserted else { return }
        if entries.count == capacity {
            let forgotten = (capacity + 1) / 2
            entries.prefix(forgotten).forEach { reported.remove($0.description) }
            entries.removeFirst(forgotten)
        }
        entries.append(problem)
    }

    /// Forgets the problems recorded so far (a prompt has shown them).
    func clear() {
        entries.removeAll()
        reported.removeAll()
    }

    /// What `body`, calling the function `identifier` a script handed Hub (of `feature`), returns;
    /// nil when it throws, and then the error is recorded as `context: error`.
    func attempt<Result>(_ identifier: String, context: String, feature: String? = nil, _ body: () throws -> Result?) -> Result? {
        do {
            return try body()
        } catch {
            let folder = folder(containing: (error as? LuaError)?.location)
            report(.hook(identifier, context: context, feature: feature, folder: folder, error: error))
            return nil
        }
    }
}
