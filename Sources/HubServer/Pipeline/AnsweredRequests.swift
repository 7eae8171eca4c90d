import HubCore
import Hummingbird
import Logging

/// How answered requests are counted, by method and status, and logged, the last step of
/// ``RequestPipeline``:
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
enum AnsweredRequests {
    /// Counts the request `head`, answered `status` (`failure` when it failed) `started` ago,
    /// in `metrics`, and logs it to `logger`, as the type's documentation says.
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
