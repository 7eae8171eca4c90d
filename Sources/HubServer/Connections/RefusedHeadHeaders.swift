import NIOCore
import NIOHTTP1

/// Gives the answers written below the router, which its middleware never sees (the `400` for
/// a request HTTP/1's parser refuses), what every answer of the server carries:
/// `X-Content-Type-Options: nosniff`, and `Cache-Control: no-store` when they set no policy.
/// Answers the router made already have both and pass unchanged, a success without its fields
/// even being looked at. One per connection, after the HTTP/1 decoder, where every response head
/// passes on its way out.
final class RefusedHeadHeaders: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 400,
            !head.headers.contains(name: "x-content-type-options")
        else {
            return context.write(data, promise: promise)
        }
        head.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        if !head.headers.contains(name: "cache-control") { head.headers.add(name: "Cache-Control", value: "no-store") }
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
