import Foundation
import HubCore
import HubSystem

/// `hub serve` under load, on loopback: requests per second and latency percentiles of a
/// 100-component view with one worker and with one per core, no errors, and the server's
/// resident memory flat over 100,000 requests. The server is a `hub serve` process of its own;
/// the client (``LoadClient``) runs in this one, on the same cores. Then ``ServeComparisons``
/// (against Node and nginx, with wrk) and ``BlockedGetBenchmark``.
enum ServeBenchmarks {
    /// Components of the view asked for.
    static let components = 100
    /// Requests measured for each worker count (after a warm-up of a tenth as many).
    static let requests = 20_000
    /// Requests over which memory must stay flat.
    static let memoryRequests = 100_000
    /// Keep-alive connections the client keeps busy.
    static let connections = 8

    static func run(_ run: BenchmarkRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ProcessBenchmarks.rowsFeature(in: folder, count: components)
            _ = try ProcessBenchmarks.rowsFeature(in: folder, count: components, id: "cached", reloadPolicy: "{ max_age = 60000 }")
            _ = try ProcessBenchmarks.rowsFeature(in: folder, count: 0, id: "empty")
            let cores = AllowedCores.count
            var rates: [Int: Double] = [:]
            for workers in Set([1, cores]).sorted() {
                let server = try ServeProcess(folder: folder.path, workers: workers)
                let client = LoadClient(port: server.port, path: "/views/rows:view", connections: connections)
                _ = client.run(requests: requests / 10)
                let result = client.run(requests: requests)
                rates[workers] = result.requestsPerSecond
                run.note(
                    "serve_\(workers)_worker\(workers == 1 ? "" : "s")",
                    String(format: "%.0f requests/s, p50 %.2f ms, p99 %.2f ms, %d errors (%d requests of a %d-component view, %d connections)",
                        result.requestsPerSecond, result.percentile(0.5) / 1e6, result.percentile(0.99) / 1e6, result.errors,
                        requests, components, connections))
                run.report(
                    "serve_errors_\(workers)_worker\(workers == 1 ? "" : "s")", .count("answers that were not 200", Double(result.errors)),
                    .count("requests", Double(requests)), target: 0)
            }
            if cores > 1, let one = rates[1], let all = rates[cores] {
                run.report("serve_\(cores)_workers_vs_1", .rate("requests/s with \(cores) workers", all), .rate("with 1", one))
            }
            try memory(run, folder: folder.path, workers: cores)
            try ServeComparisons.run(run, folder: folder)
            try BlockedGetBenchmark.run(run, folder: folder)
        } catch {
            print("serve benchmarks: \(error)")
            exit(1)
        }
    }

    /// `serve_memory_growth`: the server's resident memory after `memoryRequests` against after
    /// the first tenth of them.
    static func memory(_ run: BenchmarkRun, folder: String, workers: Int) throws {
        let server = try ServeProcess(folder: folder, workers: workers)
        let client = LoadClient(port: server.port, path: "/views/rows:view", connections: connections)
        let first = client.run(requests: memoryRequests / 10)
        let warm = server.residentKilobytes
        let rest = client.run(requests: memoryRequests - memoryRequests / 10)
        run.report(
            "serve_memory_growth", .memory("resident after \(memoryRequests) requests", server.residentKilobytes),
            .memory("after \(memoryRequests / 10)", warm), target: 1.05)
        run.report(
            "serve_errors_\(memoryRequests)", .count("answers that were not 200", Double(first.errors + rest.errors)),
            .count("requests", Double(memoryRequests)), target: 0)
    }
}
