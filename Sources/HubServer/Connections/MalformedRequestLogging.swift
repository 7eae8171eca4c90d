import Logging
import NIOCore
import NIOHTTP1

/// Logs and counts the requests HTTP/1's parser refuses (a malformed request line or header
/// field), which the server answers 400 and closes before any route or middleware sees them:
/// at notice, as other refusals, counted in `hub_rejected_requests_total{reason="malformed"}`.
/// One per connection, after the HTTP/1 decoder (whose errors come through here).
final class MalformedRequestLogging: ChannelInboundHandler, RemovableChannelHandler {
    /// Reads pass through untouched: only the decoder's errors matter here.
    typealias InboundIn = NIOAny

    private let logger: Logger
    private let metrics: ServerMetrics

    init(logger: Logger, metrics: ServerMetrics) {
        self.logger = logger
        self.metrics = metrics
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parserError = error as? HTTPParserError {
            metrics.rejected(reason: Self.reason)
            let peer = context.remoteAddress.map { " from \($0)" } ?? ""
            logger.notice("a request\(peer) refused (\(Self.reason)): HTTP/1's parser says \(LoggedText.cut("\(parserError)"))")
        }
        context.fireErrorCaught(error)
    }

    /// The reason such refusals are counted under.
    static let reason = "malformed"
}
