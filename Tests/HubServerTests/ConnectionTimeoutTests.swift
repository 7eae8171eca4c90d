import Foundation
import Testing
@testable import HubServer

/// A connection's time limits: the header timeout closes a client that sends its header fields
/// or its body too slowly (slowloris), from the connection's start or from the first bytes of a
/// later request; the idle timeout closes a kept-alive connection with nothing to do, and not one
/// whose response, an update stream, is still being written. Timeouts are short here; closing
/// is expected well within what the client would take, never to the millisecond: under the
/// whole suite, the servers in this process share NIO's event loops with every test running at
/// once.
@Suite struct ConnectionTimeoutTests {
    /// The request every test asks for, up to its header fields' end.
    private static let requestHead = "GET /views/cities:overview HTTP/1.1\r\nHost: 127.0.0.1\r\n"

    /// The lines of `/metrics`.
    private func metricLines(_ server: RunningServer) async throws -> Set<String> {
        Set(try await server.get("/metrics").text.split(separator: "\n").map(String.init))
    }

    /// Sends `start` at once, then `trickle` a byte every 200 ms (40 s of them, for up to 30 s)
    /// to a server whose header timeout is 1 s, and expects the connection closed after that
    /// second, long before the request could end, with nothing answered, counted as a header
    /// timeout. (A clean CI run of the whole suite once saw the close come after 12 s.)
    private func expectClosedAfterTheHeaderTimeout(sending start: String, thenTrickling trickle: String) async throws {
        try await withServer([ServerPaths.examples], configure: { $0.headerTimeout = .seconds(1) }) { server in
            let port = server.port
            let (closed, seconds, received) = try await offThePool {
                let started = Date()
                let connection = try LoopbackConnection(port: port)
                if !start.isEmpty { connection.send(start) }
                var closed = false
                for byte in trickle where !closed && Date().timeIntervalSince(started) < 30 {
                    connection.send(String(byte))
                    closed = connection.closes(within: 0.2)
                }
                return (closed, Date().timeIntervalSince(started), connection.readToEnd())
            }
            #expect(closed)
            #expect(seconds >= 0.9 && seconds < 30, "closed after \(seconds) s")
            #expect(received.isEmpty, "nothing is answered: \(String(decoding: received, as: UTF8.self))")
            #expect(try await metricLines(server).contains("hub_header_timeouts_total 1"))
        }
    }

    @Test func aClientThatSendsItsHeaderFieldsAByteAtATimeIsClosedAfterTheHeaderTimeout() async throws {
        // The header fields would take 40 s to end.
        try await expectClosedAfterTheHeaderTimeout(
            sending: "", thenTrickling: Self.requestHead + "X-Slow: " + String(repeating: "a", count: 150))
    }

    @Test func aClientThatSendsItsBodyAByteAtATimeIsClosedAfterTheHeaderTimeout() async throws {
        // The header fields at once, then the body, which would take 40 s to end.
        try await expectClosedAfterTheHeaderTimeout(
            sending: "POST /views/songs:list/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 200\r\n\r\n{",
            thenTrickling: String(repeating: " ", count: 199))
    }

    @Test func onAKeptAliveConnectionTheHeaderTimeoutCountsFromTheNextRequestsFirstByte() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.headerTimeout = .milliseconds(500) }) { server in
            let port = server.port
            let (first, second, closed, received) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let first = try connection.exchange("GET", "/views/cities:overview")
                // Idle for three times the header timeout: no request is under way, so it holds.
                Thread.sleep(forTimeInterval: 1.5)
                let second = try connection.exchange("GET", "/views/cities:overview")
                connection.send(Self.requestHead)  // and the header fields never end
                return (first, second, connection.closes(within: 15), connection.readToEnd())
            }
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
                // Alone it closes after 1 s; under the whole parallel suite a clean run saw 10 s go by.
                return (first, second, connection.closes(within: 30), Date().timeIntervalSince(answered))
            }
            #expect(first.status == 200 && second.status == 200, "a connection is kept alive between requests")
            #expect(first.headers["connection"] == nil)
            #expect(closed)
            #expect(seconds >= 0.5 && seconds < 30, "closed \(seconds) s after the last response")
        }
    }

    @Test func anUpdateStreamBeingWrittenIsNotIdle() async throws {
        try await withServer([ServerPaths.examples], configure: {
            $0.idleTimeout = .milliseconds(500)
            $0.headerTimeout = .milliseconds(500)
            $0.pingInterval = 1
        }) { server in
            let port = server.port
            let (status, contentType, closed, lines) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                connection.send(Self.requestHead.replacingOccurrences(of: "overview", with: "overview/updates") + "\r\n")
                let (status, headers) = try connection.readHead()
                // Four times both timeouts, with nothing from the client.
                let closed = connection.closes(within: 2)
                var lines: [String] = []
                while !lines.contains(": ping"), let line = connection.readLine() { lines.append(line) }
                return (status, headers["content-type"], closed, lines)
            }
            #expect(status == 200)
            #expect(contentType == "text/event-stream")
            #expect(!closed)
            #expect(lines.contains("event: model"))
            #expect(lines.contains(": ping"), "the stream goes on: \(lines)")
        }
    }
}
