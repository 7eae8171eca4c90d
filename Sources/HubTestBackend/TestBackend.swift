import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, on SwiftNIO, that answers each
/// path as scripted (``route(_:_:)``), misbehaving on purpose when asked, and records every
/// request it receives. For the tests and benchmarks of HTTP clients: no mock, real sockets.
///
/// Connections are kept alive between requests (unless the client says `connection: close`);
/// a connection answers its requests one after the other. A path with no route is answered 404.
/// ``stop()`` (or letting go of the backend) closes the listener and every connection.
public final class TestBackend: Sendable {
    /// The port the backend listens on.
    public let port: Int
    private let listener: any Channel
    private let state: TestBackendState

    /// `http` or `https`.
    private let scheme: String

    private init(listener: any Channel, port: Int, state: TestBackendState, scheme: String) {
        self.listener = listener
        self.port = port
        self.state = state
        self.scheme = scheme
    }

    /// Starts a backend on 127.0.0.1 and an ephemeral port, on the process's shared SwiftNIO
    /// event loops; with `tls`, it speaks HTTPS with that certificate and key (PEM files). Blocks
    /// until it listens; call it off those loops.
    public static func start(tls: (certificate: String, key: String)? = nil) throws -> TestBackend {
        let state = TestBackendState()
        let security = try tls.map { files in
            try NIOSSLContext(configuration: TLSConfiguration.makeServerConfiguration(
                certificateChain: NIOSSLCertificate.fromPEMFile(files.certificate).map { .certificate($0) },
                privateKey: .privateKey(NIOSSLPrivateKey(file: files.key, format: .pem))))
        }
        let listener = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard state.adopt(channel) else { throw ChannelError.ioOnClosedChannel }
                    if let security { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: security)) }
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try channel.pipeline.syncOperations.addHandler(TestBackendHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .wait()
        guard let port = listener.localAddress?.port else {
            try? listener.close().wait()
            throw ChannelError.unknownLocalAddress
        }
        return TestBackend(listener: listener, port: port, state: state, scheme: tls == nil ? "http" : "https")
    }

    /// `http://127.0.0.1:PORT`, or `https:` when it speaks TLS.
    public var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }

    /// `text` with `$BACKEND` replaced by ``baseURL`` and `$HOST` by `127.0.0.1:PORT`: a
    /// feature's source that names this backend (`hosts = { "$HOST" }`).
    public func substituted(_ text: String) -> String {
        text.replacingOccurrences(of: "$BACKEND", with: baseURL).replacingOccurrences(of: "$HOST", with: "127.0.0.1:\(port)")
    }

    /// `baseURL` followed by `path` (which starts with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    /// Sets how `path` (exact, without the query) is answered from now on, on every connection.
    public func route(_ path: String, _ behaviour: Behaviour) {
        state.route(path, behaviour)
    }

    /// Every request received so far, in the order they were read whole.
    public var requests: [Request] { state.requests }

    /// How many requests for `path` (without the query) were received.
    public func requestCount(_ path: String) -> Int { state.requestCount(path) }

    /// Waits until a request for `path` (without the query) has come, at most `timeout`
    /// milliseconds; whether one did. Call it off the event loops.
    public func waitForRequest(_ path: String, timeout: Int) -> Bool { state.waitForRequest(path, timeout: timeout) }

    /// Waits until every connection open now has closed (its client, or the backend, closed
    /// it), at most `timeout` milliseconds; returns whether they all did. Call it off the event
    /// loops.
    public func waitForOpenConnectionsToClose(timeout: Int) -> Bool {
        let closed = DispatchSemaphore(value: 0)
        let closes = state.openConnectionCloses
        EventLoopFuture.andAllComplete(closes, on: MultiThreadedEventLoopGroup.singleton.any()).whenComplete { _ in closed.signal() }
        return closed.wait(timeout: .now() + .milliseconds(timeout)) == .success
    }

    /// Closes the listener and every connection. Idempotent. Off the event loops it returns once
    /// they are closed; on one, once the closes are under way.
    public func stop() {
        guard let connections = state.stop() else { return }
        let closes = [listener.close()] + connections.map { $0.close() }
        guard MultiThreadedEventLoopGroup.currentEventLoop == nil else { return }
        // Closing fails for a connection that closed meanwhile: that is closed too.
        for close in closes { try? close.wait() }
    }

    deinit {
        stop()
    }

    /// A port on 127.0.0.1 nobody listens on (one a listener had a moment ago): for a
    /// connection to be refused.
    public static func closedPort() throws -> Int {
        let listener = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0)
            .wait()
        let port = listener.localAddress?.port
        try listener.close().wait()
        guard let port else { throw ChannelError.unknownLocalAddress }
        return port
    }
}
