import HubLua
import Hummingbird

extension ViewFailure {
    /// The failure a request that threw `error` answers with: `error` itself when it is one;
    /// for an error that names its status, that status (Hummingbird's 404 for a path no route
    /// takes, 413 for a body over `maxBodyBytes`); otherwise a 500 whose detail is the error.
    init(answering error: any Error, maxBodyBytes: Int) {
        switch error {
        case let failure as ViewFailure:
            self = failure
        case is RuntimeThreadStopped:
            self = .unavailable("the server is stopping")
        case let error as any HTTPResponseError where error.status == .notFound:
            self = .notFound("nothing is served at this path: the routes are \(ServerRoutes.entryPoints)")
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            self.init(status: error.status, title: "Content too large", detail: "the body is larger than the \(maxBodyBytes) bytes this server takes")
        case let error as any HTTPResponseError:
            let httpError = error as? HTTPError
            self.init(status: error.status, title: error.status.reasonPhrase, detail: httpError?.body ?? error.status.reasonPhrase)
            allowedMethods = httpError?.headers[.allow]
        default:
            self.init(status: .internalServerError, title: "Internal server error", detail: "\(error)")
        }
    }
}
