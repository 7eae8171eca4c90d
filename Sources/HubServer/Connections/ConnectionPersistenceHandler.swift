import NIOCore
import NIOHTTP1

/// Keeps a connection open after a response only as HTTP/1.x lets it: a request with
/// `Connection: close` gets `Connection: close` back; an HTTP/1.0 request is answered in
/// HTTP/1.0, never chunked, kept alive only when its client sent `Connection: keep-alive` and
/// the response's length is known (then with `Connection: keep-alive`), and otherwise with
/// `Connection: close`, its body (an update stream's, say) ending where the connection does,
/// which is closed once the response is written.
final class ConnectionPersistenceHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What a request asked of the connection, for its response.
    private struct Exchange {
        let isHTTP10: Bool
        let keepsAlive: Bool
        let isHead: Bool
    }

    /// The requests whose responses have not ended, in order.
    private var exchanges = CircularBuffer<Exchange>()
    /// Whether the connection closes once the response being written ends.
    private var closesAfterResponse = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let isHTTP10 = head.version.major == 0 || head.version == .http1_0
        let exchange = Exchange(isHTTP10: isHTTP10, keepsAlive: head.isKeepAlive, isHead: head.method == .HEAD)
        exchanges.append(exchange)
        // What the request handler reads to end the connection after this response.
        if !exchange.keepsAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response):
            guard let exchange = exchanges.first else { break }
            if response.status.code < 200 {
                // HTTP/1.0 has no interim responses.
                guard exchange.isHTTP10 else { break }
                promise?.succeed(())
                return
            }
            let delimited = exchange.isHead || !response.status.mayHaveResponseBody || response.headers.contains(name: "content-length")
            let persists = exchange.keepsAlive && (delimited || !exchange.isHTTP10)
            if exchange.isHTTP10 {
                response.version = .http1_0
                response.headers.remove(name: "transfer-encoding")
                response.headers.replaceOrAdd(name: "connection", value: persists ? "keep-alive" : "close")
            } else if !persists {
                response.headers.replaceOrAdd(name: "connection", value: "close")
            }
            closesAfterResponse = exchange.isHTTP10 && !persists
            context.write(wrapOutboundOut(.head(response)), promise: promise)
            return
        case .body:
            break
        case .end:
            if !exchanges.isEmpty { exchanges.removeFirst() }
            if closesAfterResponse {
                closesAfterResponse = false
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                written.futureResult.cascade(to: promise)
                context.writeAndFlush(data, promise: written)
                return
            }
        }
        context.write(data, promise: promise)
    }
}
