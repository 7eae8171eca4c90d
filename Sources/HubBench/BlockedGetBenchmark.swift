import Foundation
import HubCore

/// `serve_blocked_get_ms`: how long a normal GET takes while slow requests are in flight on
/// `hub serve` (2 workers): 20 requests whose operation sleeps 5 s (`hub.sleep(5000)`), 10 of
/// them abandoned by their clients after 50 ms. A worker answers from its event loop, so no
/// waiting chain holds it.
enum BlockedGetBenchmark {
    /// Slow requests sent, and how many of them their clients abandon.
    static let slow = 20
    static let abandoned = 10
    /// GETs timed.
    static let gets = 21

    static func run(_ run: BenchmarkRun, folder: URL) throws {
        let feature = folder.appendingPathComponent("slow")
        try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
        try """
            hub.feature { id = "slow", uri = "slow:view", operations = { function(ctx)
              hub.sleep(5000)
              ctx.view:body("done").title = "Done"
            end } }
            """.write(to: feature.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(folder: folder.path, workers: 2)
        guard let connection = LoopbackConnection(port: server.port) else { throw BenchmarkError("cannot connect to hub serve") }
        // Warm: the view loaded once on each worker.
        for _ in 0..<4 { _ = try get(connection) }
        var waiting: [LoopbackConnection] = []
        for _ in 0..<slow {
            guard let slowConnection = LoopbackConnection(port: server.port), slowConnection.sendGet("/views/slow:view") else {
                throw BenchmarkError("cannot send a slow request")
            }
            waiting.append(slowConnection)
        }
        usleep(50_000)
        waiting.removeLast(abandoned)  // Released: their connections close.
        let latencies = try (0..<gets).map { _ in try get(connection) }.sorted()
        let answered = waiting.filter { $0.readResponse()?.status == 200 }.count
        run.report(
            "serve_blocked_get_ms",
            .time("a GET of the \(ServeBenchmarks.components)-row view with \(slow) slow requests in flight (median of \(gets))", median(latencies)),
            .time("a millisecond", 1e6), target: 50)
        run.note(
            "serve_blocked_get_ms",
            "slowest of the \(gets) GETs \(format(latencies.last ?? 0)); \(answered) of the \(slow - abandoned) slow requests still waited for answered 200")
    }

    /// Nanoseconds a GET of the rows view took on `connection`.
    private static func get(_ connection: LoopbackConnection) throws -> Double {
        let start = MonotonicTime.now
        guard connection.sendGet("/views/rows:view"), connection.readResponse()?.status == 200 else {
            throw BenchmarkError("GET /views/rows:view failed")
        }
        return Double(MonotonicTime.nanoseconds(since: start))
    }
}
