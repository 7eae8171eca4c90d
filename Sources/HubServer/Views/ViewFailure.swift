import HubCore
import Hummingbird
import HubLua
import HubRender

/// Why a request failed: the HTTP status it answers with, and a problem detail that says where
/// (the feature, the operation and `file:line` of a failed chain).
struct ViewFailure: Error, Sendable, CustomStringConvertible {
    let status: HTTPResponse.Status
    /// A short summary of the kind of problem (the problem details' `title`).
    let title: String
    /// What happened, located (the problem details' `detail` in development, and the log's).
    let detail: String
    /// The feature of the view, when one handles it (for metrics).
    var feature: String?
    /// The methods the resource takes (the `Allow` header of a 405).
    var allowedMethods: String?
    /// What the problem details say outside development instead of a detail that tells more
    /// than the client's own request (a 404 whose detail names feature folders that failed to
    /// load), or of a 5xx's generic sentence; nil: the detail itself below 500, that sentence
    /// from 500 on. See ``publicDetail(requestID:)``.
    var exposedDetail: String?

    var description: String { detail }

    static func badRequest(_ detail: String) -> ViewFailure {
        ViewFailure(status: .badRequest, title: "Bad request", detail: detail)
    }

    static func notFound(_ detail: String) -> ViewFailure {
        ViewFailure(status: .notFound, title: "Not found", detail: detail)
    }

    static func unprocessable(_ detail: String, feature: String?) -> ViewFailure {
        ViewFailure(status: .unprocessableContent, title: "Unprocessable request", detail: detail, feature: feature)
    }

    static func methodNotAllowed(_ detail: String, allowed: String) -> ViewFailure {
        ViewFailure(status: .methodNotAllowed, title: "Method not allowed", detail: detail, allowedMethods: allowed)
    }

    /// 503 for a reason the server states itself (it is stopping, keeps too many streams),
    /// which every client is told.
    static func unavailable(_ detail: String) -> ViewFailure {
        ViewFailure(status: .serviceUnavailable, title: "Service unavailable", detail: detail, exposedDetail: detail)
    }

    static func failed(_ detail: String, feature: String?) -> ViewFailure {
        ViewFailure(status: .internalServerError, title: "The view failed to load", detail: detail, feature: feature)
    }

    /// What `open` opens for `uri`; 404 when no feature handles the URI (saying which feature
    /// folders failed to load, if any did), 500 when it cannot be opened otherwise.
    static func opening<Opened>(_ uri: String, in runtime: HubRuntime, _ open: () throws(OpenError) -> Opened) throws(ViewFailure) -> Opened {
        do {
            return try open()
        } catch {
            if case .noFeature = error.reason {
                var failure = notFound(error.description)
                failure.exposedDetail = error.reason.description
                throw failure
            }
            throw failed(error.description, feature: runtime.manager.featureRegistry.registration(forViewURI: uri)?.identifier)
        }
    }

    /// 504 for a request whose worker was still running a script (another request's, or a
    /// callback) when the request's time was up.
    static let workerStillBusy = ViewFailure(
        status: .gatewayTimeout, title: "The view took too long",
        detail: "its worker was still running a script when the request's time was up")

    /// Throws what ended `screen`'s wait, when it did not settle: 504 when the request's
    /// deadline passed first, 503 when the server is stopping, and ``abandoned`` (which no
    /// client reads) when the client went away; once settled, 500 when its chain failed (its
    /// error located), 503 when it failed because the store cannot be used now (a database
    /// restarting, a file read-only or full), which a retry may not meet.
    static func check(_ screen: Screen, outcome: WaitingRequests.Outcome, timeout ticket: RequestTicket) throws(ViewFailure) {
        let feature = screen.featureInfo.identifier
        switch outcome {
        case .settled: break
        case .timedOut:
            var failure = ViewFailure(
                status: .gatewayTimeout, title: "The view took too long",
                detail: "'\(screen.viewURI)' was still loading when the request's time was up" + stillRunning(on: screen))
            failure.feature = feature
            throw failure
        case .abandoned: throw abandoned
        case .stopped: throw unavailable("the server is stopping")
        }
        if let error = screen.lastError {
            if let unavailable = storeUnavailable(error) { throw unavailable }
            throw failed(error.fullDescription, feature: feature)
        }
    }

    /// 503 for `error` when it says the store cannot be used now; nil otherwise. The store's
    /// error names its file or server: told in development only.
    static func storeUnavailable(_ error: ContentError) -> ViewFailure? {
        guard let kind = StoreFailure.kind(of: error), StoreFailure.isUnavailable(kind) else { return nil }
        return ViewFailure(status: .serviceUnavailable, title: "Service unavailable", detail: error.fullDescription, feature: error.feature)
    }

    /// What `screen` was still running when a request's time was up: its actions (whose writes
    /// may still be stored), else its operation under way; empty when neither.
    private static func stillRunning(on screen: Screen) -> String {
        let actions = screen.pendingActionNames
        if !actions.isEmpty {
            let names = actions.map { "'\($0)'" }.joined(separator: ", ")
            return " (action \(names) still running: what it writes may still be stored)"
        }
        return screen.loader.operationStatuses.first { $0.phase == .running }.map { " (operation '\($0.name)' still running)" } ?? ""
    }

    /// The failure of a request whose client went away before its answer (nginx's 499: no
    /// client reads it; the log and metrics do).
    static let abandoned = ViewFailure(
        status: HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request"), title: "Client closed request",
        detail: "the client went away before the view settled")
}
