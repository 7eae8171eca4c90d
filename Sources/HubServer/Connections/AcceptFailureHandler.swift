import Glibc
import Logging
import NIOCore

/// Pauses accepting after an accept fails (out of file descriptors: EMFILE, ENFILE), 10 ms at
/// first and twice as long after each failure that follows, up to a second, until one succeeds;
/// counts each failure in the metrics, and logs the first, and the accept that ends them.
///
/// Failed accepts stop here. NIO's own `AcceptBackoffHandler`, which its server bootstrap puts
/// after this handler, would delay the next read it is asked for; but after a failed accept the
/// listening channel's read is still pending and its socket still readable (the connection
/// waits in the backlog), so the event loop would call `accept` again at once, thousands of
/// times a second. Turning the channel's `autoRead` off takes the socket out of the event
/// loop's interest until the pause ends.
final class AcceptFailureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    /// The pause after the first of a run of failed accepts.
    static let firstPause = TimeAmount.milliseconds(10)
    /// The longest pause.
    static let longestPause = TimeAmount.seconds(1)

    private let logger: Logger
    private let metrics: ServerMetrics
    /// The pause after the last failed accept; nil while accepts succeed.
    private var pause: TimeAmount?
    private var resuming: Scheduled<Void>?

    init(logger: Logger, metrics: ServerMetrics) {
        self.logger = logger
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if pause != nil {
            pause = nil
            logger.notice("accepting connections again")
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError else {
            context.fireErrorCaught(error)
            return
        }
        metrics.acceptFailed(Self.name(of: error.errnoCode))
        if pause == nil {
            let cause = [EMFILE, ENFILE].contains(error.errnoCode) ? "out of file descriptors (\(Self.name(of: error.errnoCode)))" : "\(error)"
            logger.error("cannot accept connections: \(cause); pausing accepts (\(Self.firstPause.nanoseconds / 1_000_000) ms, doubling up to a second) and not logging it again until one succeeds")
        }
        let next = pause.map { TimeAmount.nanoseconds(min($0.nanoseconds * 2, Self.longestPause.nanoseconds)) } ?? Self.firstPause
        pause = next
        setReading(false, context)
        resuming?.cancel()
        resuming = context.eventLoop.assumeIsolated().scheduleTask(in: next) {
            self.resuming = nil
            self.setReading(true, context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        resuming?.cancel()
        resuming = nil
        context.fireChannelInactive()
    }

    private func setReading(_ reading: Bool, _ context: ChannelHandlerContext) {
        try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: reading)
    }

    /// The name of `code` as the metrics label it: EMFILE, ENFILE, or its number.
    static func name(of code: Int32) -> String {
        switch code {
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case ENOMEM: "ENOMEM"
        default: "errno \(code)"
        }
    }
}
