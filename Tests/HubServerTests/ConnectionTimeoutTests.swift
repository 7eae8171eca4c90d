import Foundation
import Testing
@testable import HubServer

/// A connection's time limits: the header timeout closes a client that sends its header fields
/// or its body too slowly (slowloris), from the connection's start or from the first bytes of a
/// later request; the idle timeout closes a kept-alive connection with nothing to do, and not one
/// whose response, an update stream, is still being written. Timeouts are short here, and what
/// they time out never ends (a client trickling for ever, a connection left idle): the close is
/// waited for, never timed, as under the whole suite the servers in this process share NIO's
/// event loops with every test running at once.
@Suite struct ConnectionTimeoutTests {
    /// The request every test asks for, up to its header fields' end.
    private static let requestHead = "GET /views/cities:overview HTTP/1.1\r\nHost: 127.0.0.1\r\n"

    /// The lines of `/metrics`.
    private func metricLines(_ server: RunningServer) async throws -> Set<String> {
        Set(try await server.get("/metrics").text.split(separator: "\n").map(String.init))
    }

    /// Sends `start` at once, then `trickle` every 200 ms for as long as the connection stays
    /// open (a request that never ends; up to a minute, reached only on a failure) to a server
    /// whose header timeout is 1 s, and expects the connection closed, no sooner than that
    /// second, with nothing answered, counted as a header timeout. (Trickling for 40 s, a clean
    /// CI run of the whole suite once saw the close come after 12 s.)
    private func expectClosedAfterTheHeaderTimeout(sending start: String, thenTrickling trickle: Character) async throws {
        try await withServer([ServerPaths.examples], configure: { $0.headerTimeout = .seconds(1) }) { server in
            let port = server.port
            let (closed, seconds, received) = try await offThePool {
                let started = Date()
                let connection = try LoopbackConnection(port: port)
                if !start.isEmpty { connection.send(start) }
                var closed = false
                while !closed && Date().timeIntervalSince(started) < 60 {
                    connection.send(String(trickle))
                    closed = connection.closes(within: 0.2)
                }
                return (closed, Date().timeIntervalSince(started), connection.readToEnd())
            }
            #expect(closed, "the trickling client is still connected after a minute")
            // The timeout is real time by design: the close comes no sooner.
            #expect(seconds >= 0.9, "closed after \(seconds) s")
            #expect(received.isEmpty, "nothing is answered: \(String(decoding: received, as: UTF8.self))")
            #expect(try await metricLines(server).contains("hub_header_timeouts_total 1"))
        }
    }

    @Test func aClientThatSendsItsHeaderFieldsAByteAtATimeIsClosedAfterTheHeaderTimeout() async throws {
        // A header field whose value never ends.
        try await expectClosedAfterTheHeaderTimeout(sending: Self.requestHead + "X-Slow: ", thenTrickling: "a")
    }

    @Test func aClientThatSendsItsBodyAByteAtATimeIsClosedAfterTheHeaderTimeout() async throws {
        // The header fields at once, then a body (within the largest taken) that would take over three
        // hours to end.
        try await expectClosedAfterTheHeaderTimeout(
            sending: "POST /views/songs:list/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 60000\r\n\r\n{",
            thenTrickling: " ")
    }

    @Test func onAKeptAliveConnectionTheHeaderTimeoutCountsFromTheNextRequestsFirstByte() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.headerTimeout = .milliseconds(500) }) { server in
            let port = server.port
            let (first, witnessClosed, second, closed, received) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let first = try connection.exchange("GET", "/views/cities:overview")
                // Idle until a header timeout that started later has run out: another connection
                // sends a request's first bytes and no more, and is closed. No request is under
                // way on the first, so it holds.
                let witness = try LoopbackConnection(port: port)
                witness.send(Self.requestHead)
                let witnessClosed = witness.closes(within: 60)
                let second = try connection.exchange("GET", "/views/cities:overview")
                connection.send(Self.requestHead)  // and the header fields never end
                return (first, witnessClosed, second, connection.closes(within: 60), connection.readToEnd())
            }
            #expect(witnessClosed, "a connection whose header fields never end is closed")
            #expect(first.status == 200 && second.status == 200)
            #expect(second.body == first.body)
            #expect(closed, "the connection is closed 500 ms after the third request's first bytes")
            #expect(received.isEmpty)
        }
    }

    @Test func anIdleKeptAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.idleTimeout = .seconds(1) }) { server in
            let port = server.port
            let (first, second, closed, seconds) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let first = try connection.exchange("GET", "/views/cities:overview")
                let second = try connection.exchange("GET", "/metrics")
                let answered = Date()
                // Alone it closes after 1 s; under the whole parallel suite a clean run saw 10 s go
                // by: waited for up to a minute, reached only on a failure.
                return (first, second, connection.closes(within: 60), Date().timeIntervalSince(answered))
            }
            #expect(first.status == 200 && second.status == 200, "a connection is kept alive between requests")
            #expect(first.headers["connection"] == nil)
            #expect(closed, "the idle connection is still open after a minute")
            // The timeout is real time by design: the close comes no sooner.
            #expect(seconds >= 0.5, "closed \(seconds) s after the last response")
        }
    }

    /// A kept view is answered on the connection's event loop, before the read that brought
    /// its request is over: that read was the request's, not the next one's first bytes, so
    /// the idle connection is left to the idle timeout, as when the router answers.
    @Test func anIdleConnectionWhoseLastRequestWasAKeptViewIsClosedByTheIdleTimeoutNotTheHeaderTimeout() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: {
            $0.headerTimeout = .seconds(1)
            $0.idleTimeout = .seconds(4)
        }) { server in
            let kept = try await server.get("/views/kept:a")
            let port = server.port
            let (answers, closes) = try await offThePool {
                // Each asks at once: the header timeout counts from the connection's start.
                let exchanges = try (0..<20).map { _ in
                    let connection = try LoopbackConnection(port: port)
                    return (connection, try connection.exchange("GET", "/views/kept:a"))
                }
                // Each closes 4 s after its answer alone; under the whole parallel suite later:
                // waited for up to a minute, reached only on a failure.
                return (exchanges.map(\.1), exchanges.map { connection, _ in connection.closes(within: 60) })
            }
            #expect(answers.allSatisfy { $0.status == 200 && $0.body == kept.body && $0.headers["age"] != nil }, "answered from what was kept")
            #expect(closes.allSatisfy { $0 }, "an idle connection is still open after a minute")
            // Which timeout closed them is counted (when, HeaderTimeoutHandlerTests shows on a
            // loop whose time the test moves).
            let timeouts = try await metricLines(server).filter { $0.hasPrefix("hub_header_timeouts_total") }
            #expect(timeouts.allSatisfy { $0 == "hub_header_timeouts_total 0" }, "\(timeouts)")
        }
    }

    @Test func anUpdateStreamBeingWrittenIsNotIdle() async throws {
        try await withServer([ServerPaths.examples], configure: {
            $0.idleTimeout = .milliseconds(500)
            $0.headerTimeout = .milliseconds(500)
            $0.pingInterval = 1
        }) { server in
            let port = server.port
            let (status, contentType, lines) = try await offThePool {
                let connection = try LoopbackConnection(port: port, timeoutSeconds: 60)
                connection.send(Self.requestHead.replacingOccurrences(of: "overview", with: "overview/updates") + "\r\n")
                let (status, headers) = try connection.readHead()
                // Three pings a second apart: over four times both timeouts, with nothing from the
                // client (a closed connection ends the lines first).
                var lines: [String] = []
                while lines.filter({ $0 == ": ping" }).count < 3, let line = connection.readLine() { lines.append(line) }
                return (status, headers["content-type"], lines)
            }
            #expect(status == 200)
            #expect(contentType == "text/event-stream")
            #expect(lines.contains("event: model"))
            #expect(lines.filter { $0 == ": ping" }.count == 3, "the stream goes on: \(lines)")
        }
    }
}
