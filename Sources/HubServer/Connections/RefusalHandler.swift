import HubCore
import NIOCore

/// Answers a connection past the server's limit without reading its request: `503 Service
/// Unavailable` with `Retry-After`, `nosniff`, `no-store`, `Connection: close` and problem
/// details, then closes its side; the connection closes once the client closes its own, or
/// after ``linger`` (reading what the client sent meanwhile, so that closing does not reset the
/// answer away).
final class RefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// How long a refused connection stays open, at most, for its client to read the answer.
    static let linger = TimeAmount.seconds(1)

    private let answer: ByteBuffer
    private var answered = false
    private var closing: Scheduled<Void>?

    /// A handler that answers that `maximum` connections are open.
    init(maximum: Int) {
        answer = Self.answer(maximum: maximum)
    }

    /// The whole response to a refused connection, head and body.
    static func answer(maximum: Int) -> ByteBuffer {
        let problem: JSONDictionary = [
            "type": .string("about:blank"),
            "title": .string("Service unavailable"),
            "status": .int(503),
            "detail": .string("too many connections are open (\(maximum)); try again later"),
        ]
        let body = JSONValue.object(problem).serialized()
        return ByteBuffer(string: """
            HTTP/1.1 503 Service Unavailable\r
            Content-Type: application/problem+json\r
            Content-Length: \(body.utf8.count)\r
            Retry-After: 1\r
            X-Content-Type-Options: nosniff\r
            Cache-Control: no-store\r
            Connection: close\r
            \r
            \(body)
            """)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { respond(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        respond(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        context.fireChannelInactive()
    }

    /// What the client sends is not read.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
        } else if event is ChannelShouldQuiesceEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func respond(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        context.writeAndFlush(NIOAny(answer)).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
        }
        closing = context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) {
            context.close(promise: nil)
        }
    }
}
