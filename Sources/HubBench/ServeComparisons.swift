import Foundation
import HubLua
import HubTools

/// `hub serve` against peers that answer the same bytes, measured by wrk on loopback with the
/// same core budget on both sides (``CorePinning``: each server alone on one core, wrk on the
/// other), in alternating rounds: Node's `http` server building the rows view's JSON on every
/// request, nginx serving it as a static file, and a view's 304s against its 200s.
enum ServeComparisons {
    /// Seconds of each wrk run, and the rounds of each side.
    static let seconds = 3
    static let rounds = 3
    /// Workers of the `hub serve` measured.
    static let workers = 2

    /// The comparisons, with the features of `folder`: `rows:view` (``ServeBenchmarks/components``
    /// rows, no reload policy), `cached:view` (the same rows, kept 60 s by its policy) and
    /// `empty:view` (the rows' operation with no row, no reload policy).
    static func run(_ run: BenchmarkRun, folder: URL) throws {
        let pinning = CorePinning.current
        guard let wrk = Wrk(pinning: pinning) else {
            run.note("serve_vs_node", "skipped: no wrk (Scripts/bootstrap --bench installs it)")
            return
        }
        run.note("serve_cores", pinning.description + ", wrk -t1 -c\(Wrk.connections), \(rounds) alternating rounds of \(seconds) s a side")
        let hub = try ServeProcess(folder: folder.path, workers: workers, core: pinning.server)
        if let nodeRate = try versusNode(run, wrk: wrk, hub: hub.port) {
            let plainLua = try plainLuaShare(run, nodeRate: nodeRate)
            try floorVersusTarget(run, wrk: wrk, hub: hub.port, plainLua: plainLua, nodeRate: nodeRate)
        }
        try cachedVersusNginx(run, wrk: wrk, hub: hub.port, folder: folder)
        try loggedVersusUnlogged(run, wrk: wrk, hub: hub.port, folder: folder)
        try notModified(run, wrk: wrk, hub: hub.port)
    }

    /// `serve_vs_node` and `serve_vs_node_p99`: the uncached rows view against Node building
    /// the same JSON per request. Returns Node's requests/s; nil when there is no Node.
    private static func versusNode(_ run: BenchmarkRun, wrk: Wrk, hub: Int) throws -> Double? {
        guard let node = try PeerServers.node(rows: ServeBenchmarks.components) else {
            run.note("serve_vs_node", "skipped: no node (Scripts/bootstrap --bench installs it)")
            return nil
        }
        _ = try sameBody(hub, "/views/rows:view", node.port, "/")
        let (ours, theirs) = try compare(wrk, url(hub, "/views/rows:view"), url(node.port, "/"))
        run.report(
            "serve_vs_node", .rate("hub serve (\(workers) workers) requests/s", ours.requestsPerSecond),
            .rate("node http", theirs.requestsPerSecond), target: 0.5, atLeast: true)
        run.report("serve_vs_node_p99", .time("hub serve p99", ours.p99), .time("node p99", theirs.p99), target: 2)
        return theirs.requestsPerSecond
    }

    /// `serve_plain_lua_vs_target`: the rows view's loop run by Lua alone, each row a plain
    /// table (no builder, no JSON, no HTTP), against the time a request may take at the target
    /// of `serve_vs_node` (half Node's rate `nodeRate`): how much of that budget the feature's
    /// own work takes in Lua 5.4's interpreter, whatever Hub does around it. Returns that time
    /// a view, in nanoseconds.
    private static func plainLuaShare(_ run: BenchmarkRun, nodeRate: Double) throws -> Double {
        let probe = try BridgeProbe()
        let views = 2_000
        let loop = ProcessBenchmarks.rowsLoop(count: ServeBenchmarks.components, row: #"{ id = "row-" .. i }"#, keep: "body[i] = row")
        let samples = try (0..<rounds).map { _ in
            try probe.run("""
                local function view()
                  local body = {}
                  \(loop)
                  return body
                end
                for _ = 1, \(views / 10) do view() end
                local t = os.clock()
                for _ = 1, \(views) do view() end
                return (os.clock() - t) / \(views)
                """, results: 1)[0] * 1e9
        }
        run.report(
            "serve_plain_lua_vs_target", .time("plain Lua tables of the \(ServeBenchmarks.components) rows, per view", median(samples)),
            .time("a request at half Node's rate", 2e9 / nodeRate))
        return median(samples)
    }

    /// `serve_floor_vs_target`: what a request for the rows view costs before Hub does any work
    /// a row — the rows' plain Lua (`plainLua`, nanoseconds a view) plus a request for a view
    /// whose one operation adds nothing (the HTTP, a worker, a screen, a chain, a delivery, the
    /// JSON: every cost a request pays whatever its rows), one core's time a request at its
    /// rate — against the time a request may take at `serve_vs_node`'s target. What it leaves
    /// below 1 is all Hub may spend on the rows (builders, model, JSON) for the target to be met.
    private static func floorVersusTarget(_ run: BenchmarkRun, wrk: Wrk, hub: Int, plainLua: Double, nodeRate: Double) throws {
        _ = try wrk.run(url(hub, "/views/empty:view"), seconds: 1)
        let empty = try (0..<rounds).map { _ in try wrk.run(url(hub, "/views/empty:view"), seconds: seconds) }
        if empty.contains(where: { $0.errors > 0 }) {
            throw BenchmarkError("/views/empty:view: answers that were not 2xx or 3xx, or failed")
        }
        let emptyRate = median(empty.map(\.requestsPerSecond))
        run.note("serve_empty_view", String(format: "%.0f requests/s for a view whose one operation adds nothing (%.1f µs a request)", emptyRate, 1e6 / emptyRate))
        run.report(
            "serve_floor_vs_target", .time("the rows' plain Lua + a request for a view with no rows", plainLua + 1e9 / emptyRate),
            .time("a request at half Node's rate", 2e9 / nodeRate))
    }

    /// `serve_cached_vs_nginx`: a view within its reload policy against nginx serving its bytes
    /// as a static file.
    private static func cachedVersusNginx(_ run: BenchmarkRun, wrk: Wrk, hub: Int, folder: URL) throws {
        guard let answer = LoopbackConnection.get(port: hub, path: "/views/cached:view"), answer.status == 200 else {
            throw BenchmarkError("hub serve did not answer GET /views/cached:view")
        }
        let nginxFolder = folder.appendingPathComponent("nginx")
        guard let nginx = try PeerServers.nginx(serving: answer.body, in: nginxFolder) else {
            run.note("serve_cached_vs_nginx", "skipped: no nginx (Scripts/bootstrap installs it)")
            return
        }
        _ = try sameBody(hub, "/views/cached:view", nginx.port, "/view.json")
        let (ours, theirs) = try compare(wrk, url(hub, "/views/cached:view"), url(nginx.port, "/view.json"))
        run.report(
            "serve_cached_vs_nginx", .rate("hub serve, a view its reload policy keeps, requests/s", ours.requestsPerSecond),
            .rate("nginx, the same bytes as a static file", theirs.requestsPerSecond), target: 0.3, atLeast: true)
        run.report("serve_cached_vs_nginx_p99", .time("hub serve p99", ours.p99), .time("nginx p99", theirs.p99))
    }

    /// `serve_cached_logged_vs_unlogged` (reported): the kept view from a `hub serve` that logs a
    /// line a request (`--log-level info`, the default, to a file) against the
    /// one the other lines measure (`--log-level error`): what the access log costs a cheap answer.
    private static func loggedVersusUnlogged(_ run: BenchmarkRun, wrk: Wrk, hub: Int, folder: URL) throws {
        let logged = try ServeProcess(folder: folder.path, workers: workers, logLevel: "info", core: CorePinning.current.server)
        let path = "/views/cached:view"
        let (withLog, without) = try compare(wrk, url(logged.port, path), url(hub, path))
        run.report(
            "serve_cached_logged_vs_unlogged", .rate("requests/s logging each request (--log-level info)", withLog.requestsPerSecond),
            .rate("at --log-level error", without.requestsPerSecond))
    }

    /// `serve_304_vs_200` (the cached view) and `serve_304_vs_200_uncached` (the rows view):
    /// GETs with the view's tag in `If-None-Match`, answered 304, against plain GETs.
    private static func notModified(_ run: BenchmarkRun, wrk: Wrk, hub: Int) throws {
        for (name, path) in [("serve_304_vs_200", "/views/cached:view"), ("serve_304_vs_200_uncached", "/views/rows:view")] {
            guard let tag = LoopbackConnection.get(port: hub, path: path)?.header("etag") else {
                throw BenchmarkError("hub serve gave no ETag for \(path)")
            }
            let condition = "If-None-Match: \(tag)"
            guard LoopbackConnection.get(port: hub, path: path, headers: [condition])?.status == 304 else {
                throw BenchmarkError("hub serve did not answer 304 to \(condition) for \(path)")
            }
            let (unchanged, full) = try compare(wrk, url(hub, path), headers: [condition], url(hub, path))
            run.report(
                name, .rate("304s/s (If-None-Match) of \(path)", unchanged.requestsPerSecond), .rate("200s/s", full.requestsPerSecond))
        }
    }

    /// Medians of alternating wrk runs of `a` (with `headers`) and `b` after a second of
    /// warm-up each; throws when any answer was not 2xx or 3xx.
    private static func compare(_ wrk: Wrk, _ a: String, headers: [String] = [], _ b: String) throws -> (a: Wrk.Result, b: Wrk.Result) {
        _ = try wrk.run(a, headers: headers, seconds: 1)
        _ = try wrk.run(b, seconds: 1)
        let (ours, theirs) = try Wrk.alternate(
            rounds: rounds, { try wrk.run(a, headers: headers, seconds: seconds) }, { try wrk.run(b, seconds: seconds) })
        for (url, result) in [(a, ours), (b, theirs)] where result.errors > 0 {
            throw BenchmarkError("\(url): \(result.errors) answers were not 2xx or 3xx, or failed")
        }
        return (ours, theirs)
    }

    /// The body both servers answer (status 200) to their paths; throws unless the bytes are the same.
    private static func sameBody(_ port: Int, _ path: String, _ peer: Int, _ peerPath: String) throws -> [UInt8] {
        guard let ours = LoopbackConnection.get(port: port, path: path), ours.status == 200,
              let theirs = LoopbackConnection.get(port: peer, path: peerPath), theirs.status == 200
        else {
            throw BenchmarkError("GET \(path) or the peer's \(peerPath) failed")
        }
        guard ours.body == theirs.body else {
            throw BenchmarkError("the peer's \(peerPath) (\(theirs.body.count) bytes) differs from hub serve's \(path) (\(ours.body.count) bytes)")
        }
        return ours.body
    }

    private static func url(_ port: Int, _ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }
}
