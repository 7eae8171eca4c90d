import Foundation
import HubCore
import Hummingbird
import Logging

/// Answers every failure with problem details (``ViewFailure``), then logs each request once
/// answered and counts it by method and status:
///
/// - `GET /views/cities:overview 200 1.4 ms` at info;
/// - a refused request (4xx) at notice, with why, and counted by reason
///   (`hub_rejected_requests_total`); one whose client went away first (499) at info;
/// - a failure (5xx) at error, with the located error, which the client sees only in
///   development (``HubServerConfiguration/isDevelopment``).
///
/// Every line has the request's id (`hb.request.id`), which the response's problem details and
/// `X-Request-Id` name too; the URI, and the detail of a refusal, which both echo what the client
/// sent, are cut to 1 KiB.
struct RequestObserving<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let isDevelopment: Bool
    /// The largest body taken, which a 413 names.
    let maxBodyBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = MonotonicTime.now
        do {
            let response = try await next(request, context)
            AnsweredRequests.observe(request.head, status: response.status, failure: nil, since: started, logger: context.logger, metrics: metrics)
            return response
        } catch {
            let failure = ViewFailure(answering: error, maxBodyBytes: maxBodyBytes)
            AnsweredRequests.observe(request.head, status: failure.status, failure: failure, since: started, logger: context.logger, metrics: metrics)
            return failure.response(instance: request.uri.path, requestID: context.requestID, isDevelopment: isDevelopment)
        }
    }

}

/// How answered requests are counted and logged: by ``RequestObserving`` for the router's, by
/// ``ViewAnswering`` for its own.
enum AnsweredRequests {
    /// Counts the request `head`, answered `status` (`failure` when it failed) `started` ago,
    /// in `metrics`, and logs it to `logger`, as ``RequestObserving``'s documentation says.
    static func observe(
        _ head: HTTPRequest, status: HTTPResponse.Status, failure: ViewFailure?, since started: UInt64, logger: Logger,
        metrics: ServerMetrics
    ) {
        metrics.answered(method: head.method.rawValue, status: Int(status.code))
        let milliseconds = MonotonicTime.milliseconds(since: started)
        // Made only for a line the logger's level lets through (the messages are autoclosures):
        // formatting them cost more than many a request's answer.
        func line() -> String {
            String(
                concatenating: head.method.rawValue, " ", LoggedText.cut(head.path ?? ""), " ", String(status.code), " ",
                LoggedText.tenths(milliseconds), " ms")
        }
        func detail() -> String { failure?.detail ?? status.reasonPhrase }
        switch status.code {
        case ViewFailure.abandoned.status.code:
            // The client went away: nothing was refused.
            logger.info("\(line()): \(detail())")
        case 400..<500:
            let reason = ServerMetrics.rejectionReason(status)
            metrics.rejected(reason: reason)
            logger.notice("\(line()) refused (\(reason)): \(LoggedText.cut(detail()))")
        case 500...:
            logger.error("\(line()): \(detail())")
        default:
            logger.info("\(line())")
        }
    }
}
