import NIOCore
import NIOHTTP1

/// Closes a connection whose client takes longer than the header timeout to send a request, its
/// header fields and its body: counted from the connection's start, and on a kept-alive
/// connection from the first bytes of its next request, so a client that sends a byte now and
/// then (slowloris, in the header fields or in the body) is closed all the same. A request that
/// has come whole is no longer timed here: its response, an update stream included, takes what
/// it takes. Whether that response was written before the read that brought the request was
/// over (a kept view answered on the event loop, ``ViewAnswering``) or after it (the router's)
/// makes no difference: that read was the request's, not the next one's first bytes.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeout: TimeAmount
    private let metrics: ServerMetrics
    /// Requests whose header fields have come and whose responses have not ended.
    private var unanswered = 0
    /// Whether a request ended in the read under way.
    private var endedInRead = false
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount, metrics: ServerMetrics) {
        self.timeout = timeout
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: unanswered += 1
        case .body: break
        case .end:
            stop()
            endedInRead = true
        }
        context.fireChannelRead(data)
    }

    /// Bytes came: with no request under way, and none ended by them, they begin the next
    /// one's header fields.
    func channelReadComplete(context: ChannelHandlerContext) {
        if unanswered == 0, !endedInRead { start(context) }
        endedInRead = false
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered = max(0, unanswered - 1) }
        context.write(data, promise: promise)
    }

    /// Starts the clock, unless it runs already.
    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            self.deadline = nil
            self.metrics.headerTimedOut()
            context.close(promise: nil)
        }
    }

    private func stop() {
        deadline?.cancel()
        deadline = nil
    }
}
