import Glibc
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A connection to the server: HTTP/1.1 as Hummingbird's `HTTP1Channel` serves it (with its
/// idle timeout), within the server's connection limit (past it, answered 503 by
/// ``RefusalHandler`` and not served), with a header timeout (``HeaderTimeoutHandler``),
/// HTTP/1.0's rules for keeping it open (``ConnectionPersistenceHandler``), its requests'
/// missing `Host` filled in (``MissingHostFilling``), plain GETs of views answered on its event
/// loop (``ViewAnswering``), and dropped by the kernel once what it was sent stays
/// unacknowledged or unread for the client timeout (`TCP_USER_TIMEOUT`).
struct HubConnectionChannel: ServerChildChannel {
    /// A connection set up: served, or refused.
    enum Value: ServerChildChannelValue {
        case served(HTTP1Channel.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .served(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    let http: HTTP1Channel
    let limit: ConnectionLimit
    let headerTimeout: TimeAmount
    let clientTimeout: Duration
    /// The `Host` an HTTP/1.0 request that names none gets: the address the server binds.
    let boundAuthority: String
    let metrics: ServerMetrics
    /// Where requests the HTTP/1 parser refuses are logged.
    let logger: Logger
    /// The views answered on the event loop; nil: the router answers them all.
    let views: ViewAnswering.Views?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard limit.admit(channel) else {
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(RefusalHandler(maximum: limit.maximum))
                return .refused(channel)
            }
        }
        let (headerTimeout, boundAuthority, metrics, serverLogger, views) = (headerTimeout, boundAuthority, metrics, self.logger, views)
        do {
            try channel.syncOptions?.setOption(Self.userTimeout, value: Self.socketMilliseconds(clientTimeout))
        } catch {
            serverLogger.warning("a connection has no client timeout: \(error)")
        }
        return http.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Between HTTP/1's parts and Hummingbird's: where the request's version is known.
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandlers(
                [
                    MalformedRequestLogging(logger: serverLogger, metrics: metrics), RefusedHeadHeaders(),
                    MissingHostFilling(authority: boundAuthority), ConnectionPersistenceHandler(),
                    HeaderTimeoutHandler(timeout: headerTimeout, metrics: metrics),
                ],
                position: .after(decoder))
            if let views {
                // Last before the requests' handler: the idle timeout sees what it answers.
                let idleTimeout = try channel.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)
                try channel.pipeline.syncOperations.addHandler(ViewAnswering(views: views), position: .after(idleTimeout))
            }
            return .served(value)
        }
    }

    /// TCP's user timeout (`TCP_USER_TIMEOUT`, Linux): how long sent data may stay
    /// unacknowledged, or unsent for want of room in the client's window, before the kernel
    /// drops the connection.
    private static let userTimeout = ChannelOptions.Types.SocketOption(
        level: .tcp, name: NIOBSDSocket.Option(rawValue: CInt(TCP_USER_TIMEOUT)))

    /// `duration` in whole milliseconds, as the socket option takes it: clamped to what the
    /// option holds (a configured duration of any length is taken, never trapped on).
    static func socketMilliseconds(_ duration: Duration) -> SocketOptionValue {
        let milliseconds = (duration / .milliseconds(1)).rounded(.down)
        guard milliseconds < Double(SocketOptionValue.max) else { return .max }
        return SocketOptionValue(max(0, milliseconds))
    }

    func handle(value: Value, logger: Logger) async {
        guard case .served(let channel) = value else { return }
        await http.handle(value: channel, logger: logger)
    }
}
