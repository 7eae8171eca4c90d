import HubLua
import HubRender
import Hummingbird

/// What a route answers, as `text/plain`: the view drawn (200), or a failure's status and its
/// typed error's message, never a 2xx.
enum ViewAnswer {
    /// What `draw` returns, or the status and message of what it threw.
    static func answer(_ draw: () async throws -> String) async -> EditedResponse<String> {
        do {
            return EditedResponse(status: .ok, response: try await draw())
        } catch {
            return EditedResponse(status: status(of: error), response: "\(error)\n")
        }
    }

    /// The status `error` is answered with: the request's fault (4xx) when it names no view,
    /// no component or nothing readable; the server's (5xx) when a view or an action failed,
    /// took too long, or the runtime was too busy to take the request.
    static func status(of error: any Error) -> HTTPResponse.Status {
        switch error {
        case let error as OpenError:
            if case .noFeature = error.reason { return .notFound }
            return .internalServerError
        case let error as AsyncScreenError:
            switch error {
            case .noComponent: return .unprocessableContent
            case .stillLoading: return .gatewayTimeout
            case .closed: return .serviceUnavailable
            case .failed, .actionFailed: return .internalServerError
            }
        case let error as AsyncRuntimeError:
            if case .busy = error { return .serviceUnavailable }
            return .internalServerError
        case is RequestError: return .badRequest
        default: return .internalServerError
        }
    }
}
