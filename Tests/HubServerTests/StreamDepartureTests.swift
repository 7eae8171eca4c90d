import Foundation
import Hummingbird
import Testing
@testable import HubServer

/// A client that goes away frees its update stream's slot at once: the server hears its
/// connection close (a client killed with SIGKILL closes it too, through its kernel), or fails
/// to write to it; a comment every few seconds finds out about the rest.
@Suite struct StreamDepartureTests {
    private static let cities = "/views/cities:overview/updates"

    @Test func aClientKilledMidStreamFreesItsSlotWithinSeconds() async throws {
        // No comment is sent during the test: the connection closing is what the server hears.
        try await withServer([ServerPaths.examples], configure: {
            $0.workers = 1
            $0.maxStreamsPerWorker = 1
            $0.pingInterval = 600
        }) { server in
            let pool = server.server.pool
            let port = server.port
            let holder = try await offThePool { try StreamHolder(port: port, path: Self.cities, count: 1) }
            #expect(try await eventually(within: 30) { try await pool.workers[0].perform { $0.sessionCount } == 1 })
            #expect(try await server.get(Self.cities).status == 503, "the only slot is taken")

            // Pings are off (the next is 10 minutes away): the departure alone frees the slot
            // (within seconds; waited for up to 30, reached only on a failure).
            holder.kill()
            #expect(await eventually(within: 30) { pool.sessionCount == 0 }, "the slot is free within seconds")
            #expect(try await eventually(within: 30) { try await pool.workers[0].perform { $0.sessionCount } == 0 },
                "the worker let the session go")

            let stream = try await server.events(Self.cities)
            #expect(stream.status == 200)
            #expect(try await stream.next()?.event == "model")
            let metrics = try await server.get("/metrics").text
            #expect(metric("hub_update_streams_open", in: metrics) == 1, "\(metrics)")
            #expect(metric("hub_update_streams_capacity", in: metrics) == 1, "\(metrics)")
            #expect(metric("hub_update_streams_refused_total", in: metrics) == 1, "\(metrics)")
        }
    }

    @Test func aStreamWhoseWriteFailsEndsAtOnce() async throws {
        let (stream, body) = EventStream.make()
        let (ended, ending) = AsyncStream<Void>.makeStream()
        stream.onEnd {
            ending.yield()
            ending.finish()
        }
        let writing = Task { try await body.write(FailingWriter()) }
        #expect(stream.send("model", data: Array("{}".utf8)))
        await #expect(throws: WireError.self) { try await writing.value }
        var iterator = ended.makeAsyncIterator()
        #expect(await iterator.next() != nil, "the stream ended")
        #expect(!stream.ping(), "and sends nothing more")
    }

    /// A response body writer whose every write fails, as one to a client gone does.
    private struct FailingWriter: ResponseBodyWriter {
        mutating func write(_ buffer: ByteBuffer) async throws {
            throw WireError(description: "the connection is closed")
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
