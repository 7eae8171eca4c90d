import NIOCore
import NIOHTTP1

/// Plays a ``TestBackend``'s routes on one connection: reads requests whole (the decoder
/// before it parses them), records them, and answers them one after the other, writing the
/// response bytes itself so that it can also write wrong ones.
final class TestBackendHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    /// The largest request body read; past it the request is answered 413 and the connection closed.
    static let maxRequestBody = 16 << 20
    /// How many requests a client may send ahead of the answers; past it the connection is closed.
    static let maxQueued = 64

    /// A request read whole, waiting for its answer.
    private struct Pending {
        let request: TestBackend.Request
        let behaviour: TestBackend.Behaviour?
        let keepAlive: Bool
    }

    let state: TestBackendState
    /// The request being read, and its body so far.
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var queued: [Pending] = []
    /// Whether a request is being answered (or never will be: the connection is then stuck).
    private var answering = false
    /// What the connection waits for: a delayed answer or the next drip.
    var timer: Scheduled<Void>?
    /// What remains of a ``TestBackend/Behaviour/huge(bytes:chunked:)`` body.
    var stream: BodyStream?
    /// Whether ``pump(context:)`` is writing.
    var isPumping = false
    /// False once the connection closed: nothing is written any more.
    private(set) var isActive = true

    init(state: TestBackendState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            self.head = head
            body = []
        case var .body(buffer):
            guard head != nil else { return }
            guard body.count + buffer.readableBytes <= Self.maxRequestBody else {
                head = nil
                body = []
                // Answered 413 unless an earlier request's answer is under way: then only closed.
                guard !answering else {
                    context.close(promise: nil)
                    return
                }
                answering = true
                let answer = TestBackend.Response(status: 413, text: "request body over \(Self.maxRequestBody) bytes")
                send(answer, method: "POST", keepAlive: false, context: context)
                return
            }
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head else { return }
            self.head = nil
            let request = TestBackend.Request(
                method: head.method.rawValue, uri: head.uri,
                headers: head.headers.map { (name: $0.name, value: $0.value) }, body: body)
            body = []
            queued.append(Pending(request: request, behaviour: state.received(request), keepAlive: head.isKeepAlive))
            guard queued.count <= Self.maxQueued else {
                context.close(promise: nil)
                return
            }
            answerNext(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        isActive = false
        timer?.cancel()
        timer = nil
        stream = nil
        queued = []
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that does not parse, a reset: the connection is over.
        context.close(promise: nil)
    }

    /// Answers the first request queued, unless one is being answered.
    private func answerNext(context: ChannelHandlerContext) {
        guard isActive, !answering, !queued.isEmpty else { return }
        let pending = queued.removeFirst()
        answering = true
        let behaviour = pending.behaviour ?? .text("no route for \(pending.request.path)", status: 404)
        if let (response, after) = behaviour.response(to: pending.request) {
            guard after > 0 else {
                send(response, method: pending.request.method, keepAlive: pending.keepAlive, context: context)
                return
            }
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(after))) { [self] in
                timer = nil
                send(response, method: pending.request.method, keepAlive: pending.keepAlive, context: context)
            }
            return
        }
        misbehave(behaviour, keepAlive: pending.keepAlive, context: context)
    }

    /// Writes `response` to a `method` request, then goes on with the next request or closes.
    private func send(_ response: TestBackend.Response, method: String, keepAlive: Bool, context: ChannelHandlerContext) {
        guard isActive else { return }
        let status = response.status
        let hasBody = !(100..<200).contains(status) && status != 204 && status != 304
        let names = Set(response.headers.map { $0.0.lowercased() })
        var headers = response.headers
        if hasBody, !names.contains("content-length"), !names.contains("transfer-encoding") {
            headers.append(("Content-Length", "\(response.body.count)"))
        }
        let closes = !keepAlive || response.headers.contains { $0.0.lowercased() == "connection" && $0.1.lowercased() == "close" }
        if closes, !names.contains("connection") { headers.append(("Connection", "close")) }
        var buffer = Self.head(status: status, headers: headers, allocator: context.channel.allocator)
        if hasBody, method != "HEAD" { buffer.writeBytes(response.body) }
        let written = context.writeAndFlush(wrapOutboundOut(buffer))
        finish(keepAlive: !closes, written: written, context: context)
    }

    /// Ends the answer under way: the next request is answered, or once `written` the
    /// connection closes.
    func finish(keepAlive: Bool, written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        answering = false
        guard keepAlive else {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        answerNext(context: context)
    }

    /// The bytes of a response head.
    static func head(status: Int, headers: [(String, String)], allocator: ByteBufferAllocator) -> ByteBuffer {
        var text = "HTTP/1.1 \(status) \(HTTPResponseStatus(statusCode: status).reasonPhrase)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return allocator.buffer(string: text)
    }
}
