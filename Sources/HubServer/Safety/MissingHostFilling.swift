import NIOCore
import NIOHTTP1

/// Gives an HTTP/1.0 request that names no host the server's own address as its `Host`, as RFC
/// 9112 (3.3) lets a server take its own authority for one: HTTP/1.0 clients need not send
/// `Host`, and once Hummingbird has the request its version is gone, so that an HTTP/1.1
/// request without one can still be refused (``HostPolicy/check(_:knownHost:)``).
final class MissingHostFilling: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The `Host` given: the address the server binds.
    private let authority: String

    init(authority: String) {
        self.authority = authority
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0, !head.headers.contains(name: "Host") else {
            context.fireChannelRead(data)
            return
        }
        head.headers.add(name: "Host", value: authority)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
