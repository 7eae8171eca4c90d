import Foundation
import Testing
@testable import HubServer

/// An HTTP/1.0 request is answered in HTTP/1.0: `Connection: close` and the connection closed
/// after the response, unless the client sent `Connection: keep-alive` and the response has a
/// Content-Length; never chunked (an update stream's body ends where the connection does).
/// An HTTP/1.1 request with `Connection: close` gets it back.
@Suite struct HTTPVersionTests {
    /// A response read off a new connection that sent `request`: its status line, header
    /// fields, the body up to `bodyLines` lines (by Content-Length when it has one), and whether
    /// the server then closed the connection within `closing` seconds (not waited for: false).
    private struct Answer: Sendable {
        let statusLine: String
        let headers: [String: String]
        let body: String
        let closed: Bool
    }

    private func answer(_ request: String, port: Int, bodyLines: Int = 0, closing: Double? = 10) async throws -> Answer {
        try await offThePool {
            let connection = try LoopbackConnection(port: port)
            connection.send(request)
            let head = try connection.readResponseHead()
            let body: String
            if let length = head.headers["content-length"].flatMap(Int.init) {
                body = String(decoding: connection.read(count: length), as: UTF8.self)
            } else {
                body = (0..<bodyLines).compactMap { _ in connection.readLine() }.joined(separator: "\n")
            }
            return Answer(statusLine: head.statusLine, headers: head.headers, body: body, closed: closing.map(connection.closes(within:)) ?? false)
        }
    }

    @Test func anHTTP10RequestIsAnsweredInHTTP10AndTheConnectionClosed() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let view = try await server.get("/views/cities:overview")
            let answer = try await answer("GET /views/cities:overview HTTP/1.0\r\n\r\n", port: server.port)
            #expect(answer.statusLine == "HTTP/1.0 200 OK")
            #expect(answer.headers["connection"] == "close")
            #expect(answer.headers["content-length"] == "\(view.body.count)")
            #expect(answer.headers["transfer-encoding"] == nil)
            #expect(answer.body == view.text)
            #expect(answer.closed)
        }
    }

    @Test func anHTTP10RequestThatAsksForKeepAliveIsKeptAlive() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let port = server.port
            let (first, second, body) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let request = "GET /views/cities:overview HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
                connection.send(request)
                let first = try connection.readResponseHead()
                let body = connection.read(count: first.headers["content-length"].flatMap(Int.init) ?? 0)
                connection.send(request)
                return (first, try connection.readResponseHead(), body)
            }
            #expect(first.statusLine == "HTTP/1.0 200 OK")
            #expect(first.headers["connection"] == "keep-alive")
            #expect(first.headers["content-length"] == "\(body.count)")
            #expect(second.statusLine == "HTTP/1.0 200 OK", "the second request is answered on the same connection")
        }
    }

    @Test func anUpdateStreamToAnHTTP10ClientIsNotChunkedAndEndsWithTheConnection() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.pingInterval = 1 }) { server in
            for connection in ["", "Connection: keep-alive\r\n"] {
                // The first event, then the comment sent a second later.
                let answer = try await answer(
                    "GET /views/cities:overview/updates HTTP/1.0\r\n\(connection)\r\n", port: server.port, bodyLines: 4, closing: nil)
                #expect(answer.statusLine == "HTTP/1.0 200 OK")
                #expect(answer.headers["content-type"] == "text/event-stream")
                #expect(answer.headers["connection"] == "close")
                #expect(answer.headers["transfer-encoding"] == nil && answer.headers["content-length"] == nil)
                // The body's first line is the event's, not a chunk's size.
                #expect(answer.body.hasPrefix("event: model\ndata: {\"body\":[{\"component\":{\"category\":\"row\",\"id\":\"cities:row\"},\"id\":\"city-Madrid\""),
                    "\(answer.body)")
                // The stream goes on until the client goes away: a second later, it is still sent to.
                #expect(answer.body.hasSuffix("\n\n: ping"), "the stream goes on: \(answer.body)")
            }
        }
    }

    @Test func anHTTP11RequestWithConnectionCloseGetsItBack() async throws {
        try await withServer([ServerPaths.examples]) { server in
            let closing = try await answer("GET /views/cities:overview HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: server.port)
            #expect(closing.statusLine == "HTTP/1.1 200 OK")
            #expect(closing.headers["connection"] == "close")
            #expect(closing.closed)
            let port = server.port
            let kept = try await offThePool { try LoopbackConnection(port: port).exchange("GET", "/views/cities:overview") }
            #expect(kept.headers["connection"] == nil)
            #expect(kept.text == closing.body)
        }
    }
}
