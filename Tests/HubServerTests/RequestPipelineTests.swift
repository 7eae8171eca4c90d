import Foundation
import HubTestThreads
import Testing
@testable import HubServer

/// One pipeline for a view's GET, whoever answers it: the same requests to a server that
/// answers views on the connection's event loop (``ViewAnswering``) and to one whose router
/// answers them all get the same bytes back, and log the same lines.
@Suite struct RequestPipelineTests {
    /// A request: its method, its path, and its header fields (`Host: 127.0.0.1` first unless
    /// they have a `Host`).
    private typealias Request = (method: String, path: String, fields: [(String, String)])

    /// What one server answers and logs for `requests`, sent one after another on one kept-alive
    /// connection: each response as it came, but for its `Date` and its request's id (in
    /// `X-Request-Id` and in problem details), and each request's log line, its time aside.
    private func answers(to requests: [Request], onTheEventLoop: Bool) async throws -> (responses: [String], lines: [String]) {
        let log = CapturedLog()
        // What was kept does not age: its Age is the same whenever each server is asked.
        let clock = SteppedClock()
        return try await withServer([ServerPaths.fixture("Live")], configure: {
            $0.workers = 1
            $0.logger = log.logger()
            $0.viewCacheClock = { clock.now }
            $0.answersViewsOnTheEventLoop = onTheEventLoop
        }) { server in
            let port = server.port
            let responses = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let responses = try requests.map { request in
                    var head = "\(request.method) \(request.path) HTTP/1.1\r\n"
                    let hosts = request.fields.contains { $0.0 == "Host" } ? [] : [("Host", "127.0.0.1")]
                    for (name, value) in hosts + request.fields { head += "\(name): \(value)\r\n" }
                    connection.send(head + "\r\n")
                    return try Self.readResponse(connection, method: request.method)
                }
                // A request's line is logged once its answer is written, which its client may
                // read first: the last answer can come before its line.
                _ = waitUntil { log.lines.filter { $0.requestID != nil }.count >= requests.count }
                return responses
            }
            let lines = log.lines.compactMap { line -> String? in
                guard let id = line.requestID else { return nil }
                let message = line.message.replacing(#/ [0-9.]+ ms/#, with: " <t> ms").replacingOccurrences(of: id, with: "<id>")
                return "\(line.level) \(message) (\(responses.contains { $0.id == id } ? "its response's id" : id))"
            }
            return (responses.map(\.text), lines)
        }
    }

    /// The next response on `connection`, to a request of `method`, as it came, with its
    /// request's id written `<id>` and its date `<date>`; and that id.
    private static func readResponse(_ connection: LoopbackConnection, method: String) throws -> (text: String, id: String) {
        guard let statusLine = connection.readLine() else { throw WireError(description: "no response") }
        var lines = [statusLine]
        while let line = connection.readLine(), !line.isEmpty { lines.append(line) }
        let field = { (name: String) in
            lines.first { $0.lowercased().hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
        let id = field("x-request-id") ?? ""
        let length = method == "HEAD" || statusLine.contains(" 304 ") ? 0 : field("content-length").flatMap(Int.init) ?? 0
        let body = String(decoding: connection.read(count: length), as: UTF8.self)
        var text = lines.joined(separator: "\r\n") + "\r\n\r\n" + body
        if let date = field("date") { text = text.replacingOccurrences(of: date, with: "<date>") }
        return (id.isEmpty ? text : text.replacingOccurrences(of: id, with: "<id>"), id)
    }

    @Test func aViewsRequestIsAnsweredAndLoggedAlikeOnTheEventLoopAndByTheRouter() async throws {
        let requests: [Request] = [
            ("GET", "/views/kept:a", []),  // loaded on a worker, then kept
            ("GET", "/views/kept:a", []),  // answered from what was kept
            ("HEAD", "/views/kept:a", []),
            ("GET", "/views/kept:a", [("If-None-Match", "*")]),
            ("GET", "/views/echo:hello?x=1", []),  // loaded, not kept
            ("GET", "/views/echo:hello?x=1", [("If-None-Match", "*")]),
            ("GET", "/views/nowhere:view", []),  // no feature: 404
            ("HEAD", "/views/nowhere:view", []),
            ("GET", "/views/broken:view", []),  // its chain fails: 500
            ("GET", "/views/kept:a", [("Host", "evil.example")]),  // not this server's name: 421
            ("GET", "/views/kept:a", [("Host", "127.0.0.1"), ("Host", "evil.example")]),  // two: 400
            ("GET", "/views/kept:a", []),
        ]
        let onTheLoop = try await answers(to: requests, onTheEventLoop: true)
        let routed = try await answers(to: requests, onTheEventLoop: false)
        #expect(onTheLoop.responses.count == requests.count && routed.responses.count == requests.count)
        for (index, (ours, theirs)) in zip(onTheLoop.responses, routed.responses).enumerated() {
            #expect(ours == theirs, "\(requests[index])")
        }
        #expect(onTheLoop.lines == routed.lines)
        #expect(onTheLoop.lines.count == requests.count, "\(onTheLoop.lines)")
        // What the answers are, on both.
        #expect(onTheLoop.responses.map { $0.split(separator: "\r\n").first ?? "" } == [
            "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 304 Not Modified", "HTTP/1.1 200 OK",
            "HTTP/1.1 304 Not Modified", "HTTP/1.1 404 Not Found", "HTTP/1.1 404 Not Found", "HTTP/1.1 500 Internal Server Error",
            "HTTP/1.1 421 Misdirected Request", "HTTP/1.1 400 Bad Request", "HTTP/1.1 200 OK",
        ])
        #expect(onTheLoop.responses[1].contains("\r\nAge: 0\r\n") && onTheLoop.responses[8].contains(#""request_id":"<id>""#))
    }
}
