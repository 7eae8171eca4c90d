import AsyncHTTPClient
import Foundation
import HubTestPostgres
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import HubTestThreads
import Testing

/// Two `hub serve` processes on one PostgreSQL store, behind nginx as a round-robin load
/// balancer (docs/deploy/nginx.conf): what docs/serving.md's "Scaling" describes, for real.
@Suite(.serialized, .offThePool) struct ScaleOutTests {
    @Test func twoServersBehindNginxShareOnePostgreSQLStore() async throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        var servers = try [ServeProcess(store: postgres.url), ServeProcess(store: postgres.url)]
        var nginx = try Nginx(upstreams: servers.map(\.port))

        // 1. An action through nginx is seen by every following GET, whichever process answers.
        // Sent as the preview page sends it: nginx passes on the Host with its port, which its Origin matches.
        let deleted = try await post(
            port: nginx.port, "/views/songs:list/actions", #"{"component": "song-1", "path": [0, 0]}"#, origin: "http://127.0.0.1:\(nginx.port)")
        #expect(deleted.status == 200)
        #expect(songIDs(deleted.text) == ["song-2", "song-3"])
        let balancer = nginx.port
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 { group.addTask { try await get(port: balancer, "/views/songs:list").text } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 40)
        #expect(answers.filter { songIDs($0) != ["song-2", "song-3"] }.count == 0)
        // Round robin: each process answered some of them.
        for server in servers { #expect(server.process.wait { _, log in log.components(separatedBy: "GET /views/songs:list 200").count > 5 }) }

        // 2. A stream held on process A gets the update of an action answered by process B:
        // nothing else asks A, so only B's notice through PostgreSQL can bring it. (How soon is
        // speed, not an outcome: under a second alone.)
        let stream = StreamRecorder(url: "http://127.0.0.1:\(servers[0].port)/views/songs:list/updates")
        #expect(stream.wait(seconds: 30) { $0.contains("song-3") }, "the stream's first view")
        let answered = try await post(port: servers[1].port, "/views/songs:list/actions", #"{"component": "song-3", "path": [1, 0]}"#)
        #expect(songIDs(answered.text) == ["song-2"])
        // Waits long, so that a stream that never gets it fails here rather than hanging.
        #expect(stream.wait(seconds: 60) { songIDs(lastEvent(in: $0)) == ["song-2"] }, "\(stream.text)")
        stream.cancel()

        // 3. The data survives restarting both processes.
        for server in servers { server.stop() }
        servers = try [ServeProcess(store: postgres.url), ServeProcess(store: postgres.url)]
        nginx.stop()
        nginx = try Nginx(upstreams: servers.map(\.port))
        for _ in 0..<4 { #expect(try await songIDs(get(port: nginx.port, "/views/songs:list").text) == ["song-2"]) }
        for server in servers { server.stop() }
        nginx.stop()
    }
}

/// `hub serve` on `features` (a folder of the package: Examples/Songs unless told) with two
/// workers, on `store`.
struct ServeProcess {
    let process: LiveProcess
    let port: Int

    init(features: String = "Examples/Songs", store: String) throws {
        process = try LiveProcess(["serve", "--features", features, "--port", "0", "--workers", "2", "--store", store])
        guard process.wait(until: { _, errors in errors.contains(" worker") }),
            let port = process.errorText.firstMatch(of: #/serving on http://127\.0\.0\.1:(\d+) /#).flatMap({ Int($0.1) })
        else { throw NginxError(message: "hub serve did not start: \(process.errorText)") }
        self.port = port
    }

    /// Stops it with SIGTERM and waits for it to exit.
    func stop() {
        process.send(SIGTERM)
        if process.exitStatus(within: 20) == nil { process.send(SIGKILL) }
    }
}

/// A response's status and body text.
struct TextResponse {
    let status: UInt
    let text: String
}

private func get(port: Int, _ path: String) async throws -> TextResponse {
    let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)\(path)").get()
    return TextResponse(status: response.status.code, text: response.body.map { String(buffer: $0) } ?? "")
}

private func post(port: Int, _ path: String, _ body: String, origin: String? = nil) async throws -> TextResponse {
    var request = try HTTPClient.Request(url: "http://127.0.0.1:\(port)\(path)", method: .POST, body: .string(body))
    request.headers.add(name: "content-type", value: "application/json")
    if let origin { request.headers.add(name: "origin", value: origin) }
    let response = try await HTTPClient.shared.execute(request: request).get()
    return TextResponse(status: response.status.code, text: response.body.map { String(buffer: $0) } ?? "")
}

/// The ids of the songs in a view model's JSON, in order.
private func songIDs(_ json: String) -> [String] {
    json.matches(of: /"id":"(song-\d+)"/).map { String($0.1) }
}

/// The data of the last complete `model` event of an event stream.
func lastEvent(in stream: String) -> String {
    stream.components(separatedBy: "\n\n").dropLast().last { $0.hasPrefix("event: model") } ?? ""
}

/// An update stream read as it comes, on NIO's threads. Unchecked: `received` is read and
/// written under `arrived`, which is signalled as each part comes.
final class StreamRecorder: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void
    private let arrived = NSCondition()
    private var received = ""
    private let task = NIOLockedValueBox<HTTPClient.Task<Void>?>(nil)

    init(url: String) {
        guard let request = try? HTTPClient.Request(url: url) else { return }
        task.withLockedValue { $0 = HTTPClient.shared.execute(request: request, delegate: self) }
    }

    /// What came so far.
    var text: String {
        arrived.lock()
        defer { arrived.unlock() }
        return received
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        arrived.lock()
        received += String(buffer: buffer)
        arrived.broadcast()
        arrived.unlock()
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {}

    /// Waits (up to `seconds`) until `condition` holds of what came, checked as each part
    /// comes; whether it did.
    func wait(seconds: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        arrived.lock()
        defer { arrived.unlock() }
        while !condition(received) {
            guard arrived.wait(until: deadline) else { return condition(received) }
        }
        return true
    }

    /// Ends the stream.
    func cancel() {
        task.withLockedValue { $0?.cancel() }
    }
}

/// `hub serve` while its PostgreSQL server restarts: 503 with a problem detail while it is
/// away, then answers again by itself, with every acknowledged write kept.
@Suite(.serialized, .offThePool) struct PostgresOutageServeTests {
    @Test func requestsAnswer503WhilePostgreSQLIsAwayThenRecoverWithoutARestart() async throws {
        let postgres = try PostgresServer.started()
        defer { postgres.shutdown() }
        let server = try ServeProcess(store: postgres.url)
        defer { server.stop() }
        let deleted = try await post(port: server.port, "/views/songs:list/actions", #"{"path": [0, 0]}"#)
        #expect(songIDs(deleted.text) == ["song-2", "song-3"])

        try postgres.stop()
        let away = try await get(port: server.port, "/views/songs:list")
        #expect(away.status == 503)
        #expect(away.text.contains(#""title":"Service unavailable""#), "\(away.text)")
        #expect(away.text.contains(#""status":503"#), "\(away.text)")
        // The answer names no server of the operator's: the log line with the request's id does.
        let id = try #require(away.text.firstMatch(of: /"request_id":"([0-9a-f]+)"/)?.1)
        #expect(away.text.contains(#""detail":"The server's log has the cause, under request id \#(id).""#), "\(away.text)")
        #expect(!away.text.contains("PostgreSQL"), "\(away.text)")
        #expect(server.process.wait { _, log in
            log.split(separator: "\n").contains { $0.contains("hb.request.id=\(id)") && $0.contains("GET /views/songs:list 503 ") && $0.contains("is unavailable") }
        }, "\(server.process.errorText)")

        try postgres.start()
        // Answered 503 until the server's connections are back (up to a minute, reached only on
        // a failure).
        var answer = try await get(port: server.port, "/views/songs:list")
        let deadline = Date().addingTimeInterval(60)
        while answer.status != 200, Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            answer = try await get(port: server.port, "/views/songs:list")
        }
        #expect(answer.status == 200)
        #expect(songIDs(answer.text) == ["song-2", "song-3"])
    }
}
