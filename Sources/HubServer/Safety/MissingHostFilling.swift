import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Gives an HTTP/1.0 request that names no host the server's own address as its `Host`, as RFC
/// 9112 (3.3) lets a server take its own authority for one: HTTP/1.0 clients need not send
/// `Host`, and once Hummingbird has the request its version is gone, so that an HTTP/1.1
/// request without one can still be refused (``RequestSafety``).
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

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1.1 server (`configuration` as ``HTTP1Channel`` takes it), whose
    /// HTTP/1.0 requests without a `Host` get `authority` (``MissingHostFilling``).
    static func http1(fillingMissingHostWith authority: String, configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            HostFillingChannel(base: HTTP1Channel(responder: responder, configuration: configuration), authority: authority)
        }
    }
}

/// ``HTTP1Channel`` with ``MissingHostFilling`` between the HTTP/1 decoder and the conversion
/// to HTTP types (which drops the version).
private struct HostFillingChannel: ServerChildChannel {
    let base: HTTP1Channel
    let authority: String

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [authority] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(MissingHostFilling(authority: authority), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
