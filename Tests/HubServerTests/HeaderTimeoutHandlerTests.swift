import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import HubServer

/// The header timeout on an embedded channel, whose loop's time the test moves: what the
/// real-server tests (ConnectionTimeoutTests) cannot show without waiting on real seconds.
@Suite struct HeaderTimeoutHandlerTests {
    /// Answers each request as it ends, before the read that brought it is over: as
    /// ``ViewAnswering`` answers a kept view.
    private final class AnswerInRead: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private static let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/views/kept:a")

    /// A channel with the handler (a header timeout of 10 s) before one that answers in the
    /// read, connected, and its loop.
    private func channel(metrics: ServerMetrics) throws -> (EmbeddedChannel, EmbeddedEventLoop) {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(loop: loop)
        try channel.pipeline.syncOperations.addHandlers([HeaderTimeoutHandler(timeout: .seconds(10), metrics: metrics), AnswerInRead()])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, loop)
    }

    @Test func aRequestAnsweredWithinItsReadLeavesTheIdleConnectionToTheIdleTimeout() throws {
        let metrics = ServerMetrics()
        let (channel, loop) = try channel(metrics: metrics)
        defer { _ = try? channel.finish() }
        // One read brings the whole request (writeInbound reads, then completes the read).
        try channel.writeInbound(HTTPServerRequestPart.head(Self.request))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        #expect(try channel.readOutbound(as: HTTPServerResponsePart.self) != nil, "answered")
        loop.advanceTime(by: .seconds(11))
        #expect(channel.isActive, "closed by the header timeout after its request was answered")
        #expect(metrics.text.contains("hub_header_timeouts_total") == false, "\(metrics.text)")
    }

    @Test func bytesOfTheNextRequestStartTheClockAgain() throws {
        let metrics = ServerMetrics()
        let (channel, loop) = try channel(metrics: metrics)
        defer { _ = try? channel.finish() }
        try channel.writeInbound(HTTPServerRequestPart.head(Self.request))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        // Bytes of the next request's header fields come, too few to make its head, and no more.
        channel.pipeline.fireChannelReadComplete()
        loop.advanceTime(by: .seconds(9))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive, "a request whose header fields never came whole is timed out")
        #expect(metrics.text.contains("hub_header_timeouts_total 1"), "\(metrics.text)")
    }
}
