import Foundation
import HubLua
import HubTestThreads
import Logging
@testable import HubServer

/// Where the tests' fixtures and the examples are.
enum ServerPaths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = tests.appendingPathComponent("Fixtures").path
    static let examples = tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path

    static func fixture(_ name: String) -> String {
        (fixtures as NSString).appendingPathComponent(name)
    }

    static func example(_ name: String) -> String {
        (examples as NSString).appendingPathComponent(name)
    }
}

/// A server for one test, on an ephemeral loopback port; ``stop()`` ends it.
final class RunningServer: Sendable {
    let port: Int
    /// The server itself, whose workers a test may drive directly.
    let server: HubServer
    private let task: Task<Void, any Error>

    private init(port: Int, server: HubServer, task: Task<Void, any Error>) {
        self.port = port
        self.server = server
        self.task = task
    }

    /// A server of the feature folders `folders`, configured by `configure`, once it listens.
    static func start(_ folders: [String], configure: (inout HubServerConfiguration) -> Void = { _ in }) async throws -> RunningServer {
        var configuration = HubServerConfiguration(featureFolders: folders)
        configuration.port = 0
        configuration.workers = 2
        configuration.logger.logLevel = .critical
        configure(&configuration)
        let server = try HubServer(configuration: configuration)
        let (ports, listening) = AsyncStream<Int>.makeStream()
        // Its tasks on threads of their own: blocked by another suite's test, Swift's shared
        // pool (one thread per core) would leave the server answering nothing.
        let task = Task(executorPreference: OwnThreadsExecutor()) { try await server.run { listening.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw WireError(description: "the server did not start")
        }
        return RunningServer(port: port, server: server, task: task)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> WireResponse {
        let port = port
        return try await offThePool { try request("GET", path, port: port, headers: headers) }
    }

    /// A POST of the JSON `body`, as a client of the API sends it.
    func post(_ path: String, _ body: String) async throws -> WireResponse {
        try await post(path, body, headers: ["Content-Type": "application/json"])
    }

    /// A POST of `body` with `headers` (and `Host: 127.0.0.1`) alone.
    func post(_ path: String, _ body: String, headers: [String: String]) async throws -> WireResponse {
        let port = port
        return try await offThePool { try request("POST", path, port: port, headers: headers, body: Array(body.utf8)) }
    }

    /// The response to `head` and `body` sent as they are (see ``exchange(_:body:port:)``).
    func exchange(_ head: String, body: String = "") async throws -> WireResponse {
        let port = port
        return try await offThePool { try HubServerTests.exchange(head, body: Array(body.utf8), port: port) }
    }

    func events(_ path: String) async throws -> EventReader {
        let port = port
        return try await offThePool { try EventReader(port: port, path: path) }
    }

    /// Waits (up to 30 s: a loaded machine is slow) until the server's workers hold `count`
    /// requests waiting for their chains; whether they came to.
    func waitUntilWaiting(_ count: Int) async throws -> Bool {
        for _ in 0..<1_500 {
            var waiting = 0
            for worker in server.pool.workers { waiting += try await worker.perform { $0.waiting.count } }
            if waiting == count { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Stops the server gracefully (``HubServer/shutDown()``), or, if it has not stopped 10 s
    /// later (a request a test left unanswered), by cancelling it.
    func stop() async {
        await server.shutDown()
        let task = task
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await task.result }
            group.addTask {
                // Cancelled once the server has stopped.
                if (try? await Task.sleep(for: .seconds(10))) != nil { task.cancel() }
            }
            await group.next()
            group.cancelAll()
        }
    }
}

/// Runs `body` with a server of `folders` (see ``RunningServer/start(_:configure:)``), stopped
/// afterwards whatever happens.
func withServer<Result>(
    _ folders: [String], configure: (inout HubServerConfiguration) -> Void = { _ in },
    _ body: (RunningServer) async throws -> Result
) async throws -> Result {
    let server = try await RunningServer.start(folders, configure: configure)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Runs `body` with a watching server (see ``withServer(_:configure:_:)``) of a copy of
/// Examples/Cities, and `others`, given the copy's `operations/rows.lua` to edit; the copy is
/// removed afterwards.
func withWatchedCitiesCopy<Result>(
    serving others: [String] = [], _ body: (RunningServer, URL) async throws -> Result
) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-serve-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: ServerPaths.example("Cities"), toPath: folder.appendingPathComponent("Cities").path)
    let rows = folder.appendingPathComponent("Cities/operations/rows.lua")
    return try await withServer([folder.path] + others, configure: { $0.watch = true }) { server in try await body(server, rows) }
}

/// What `body` returns, run on a thread of its own: the tests' client blocks on its socket,
/// and blocking the few threads of Swift's shared pool would keep every other test's async
/// code from running (the servers' tasks run on threads of their own, `OwnThreadsExecutor`).
func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}
