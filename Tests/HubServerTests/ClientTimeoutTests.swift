import Foundation
import Testing
@testable import HubServer

/// A client that takes what it is sent no further (its machine or network gone, or it reads
/// nothing) is dropped once the data waits for the client timeout, TCP's user timeout, and its
/// update stream's slot is free; a client that reads keeps its stream however long it is idle.
@Suite struct ClientTimeoutTests {
    private static let path = "/views/big:view/updates"

    /// Runs `body` with a server (one worker, two stream slots, no comments on idle streams)
    /// whose client timeout is `timeout`, serving `big:view`: 600 rows, about 60 KB of JSON, far
    /// more than a 4 KB receive window takes, and less than a reader's default one (128 KB): a
    /// reader the loaded machine does not run for a while still has room for all of it, so only
    /// the stalled client's window shuts.
    private func withBigView(clientTimeout timeout: Duration, _ body: (RunningServer) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-big-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            hub.feature { id = "big", uri = "big:view", operations = { function(ctx)
              for i = 1, 600 do ctx.view:body("row-" .. i).title = "A row of the big view, number " .. i end
            end } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        try await withServer([folder.path], configure: {
            $0.workers = 1
            $0.maxStreamsPerWorker = 2
            $0.pingInterval = 600
            $0.clientTimeout = timeout
        }, body)
    }

    /// Opens the big view's stream on a connection whose receive window is a few KB, and never
    /// reads from it.
    private func openWithoutReading(port: Int) async throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port, receiveBuffer: 4_096)
        connection.send("GET \(Self.path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    /// How many update streams `server` has opened, however long they lasted.
    private func opened(_ server: RunningServer) async throws -> Double? {
        metric("hub_update_streams_opened_total", in: try await server.get("/metrics").text)
    }

    @Test func aClientThatTakesNothingIsDroppedAfterTheClientTimeoutAndAReaderStays() async throws {
        try await withBigView(clientTimeout: .seconds(1)) { server in
            let pool = server.server.pool
            let reader = try await server.events(Self.path)
            #expect(reader.status == 200)
            #expect(try await reader.next()?.event == "model", "the reader has the whole view")
            let stalled = SendableBox(try await openWithoutReading(port: server.port))
            defer { stalled.value.close() }
            // Opened, not open: the stalled stream may be dropped before a look sees both open.
            #expect(try await eventually(within: 30) { try await opened(server) == 2 }, "both streams were opened")

            // The view waits in the server's send buffer, the client's window shut: after a
            // second of that (and the kernel's next probe of the window, whose interval doubles)
            // the kernel drops it: 1.3 s after on an idle machine, up to 13 s with the whole suite
            // running. (Under a day's timeout, below, it is still held then.)
            #expect(await eventually(within: 60) { pool.sessionCount == 1 }, "the stalled stream's slot is free")

            // The stalled client is the one dropped: reading at last, it finds its connection
            // closed. The reader, idle all along (nothing was sent to it since before the stalled
            // client came, longer ago than the timeout), keeps its stream.
            #expect(try await offThePool { stalled.value.closes(within: 60) }, "the stalled client's connection is closed")
            #expect(pool.sessionCount == 1, "the reader's stream is still open")
            let metrics = try await server.get("/metrics").text
            #expect(metric("hub_update_streams_open", in: metrics) == 1, "\(metrics)")
        }
    }

    @Test func withALongClientTimeoutAStalledClientIsStillHeld() async throws {
        // The same stalled client under a timeout of a day, beside one under a timeout of a
        // second: once the kernel has dropped the latter, the former still holds its slot. What
        // freed the slot above is the timeout, nothing else.
        try await withBigView(clientTimeout: .seconds(86_400)) { long in
            try await withBigView(clientTimeout: .seconds(1)) { short in
                let stalled = [
                    SendableBox(try await openWithoutReading(port: long.port)), SendableBox(try await openWithoutReading(port: short.port)),
                ]
                defer { for connection in stalled { connection.value.close() } }
                // Each is observed on its own: the short timeout's stream may be dropped before
                // a look sees both open. The long one, once open, stays open.
                #expect(await eventually(within: 30) { long.server.pool.sessionCount == 1 }, "the long timeout's stream is open")
                #expect(try await eventually(within: 30) { try await opened(short) == 1 }, "the short timeout's stream was opened")
                #expect(await eventually(within: 60) { short.server.pool.sessionCount == 0 }, "the short timeout's stream is dropped")
                #expect(long.server.pool.sessionCount == 1, "the stalled stream still holds its slot under a day's timeout")
            }
        }
    }
}

/// The client timeout as the socket option takes it, whatever the configuration says.
@Suite struct ClientTimeoutOptionTests {
    @Test func aTimeoutOfAnyLengthBecomesMillisecondsTheOptionHolds() {
        #expect(HubConnectionChannel.socketMilliseconds(.seconds(10)) == 10_000)
        #expect(HubConnectionChannel.socketMilliseconds(.milliseconds(1_500)) == 1_500)
        #expect(HubConnectionChannel.socketMilliseconds(.seconds(Int64.max)) == .max)
        #expect(HubConnectionChannel.socketMilliseconds(.zero) == 0)
    }
}
