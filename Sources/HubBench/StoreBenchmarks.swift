import AsyncHTTPClient
import Foundation
import HubCore
import HubData
import HubLua
import HubPostgres
import HubRender
import HubTools
import HubSQLite
import HubTestPostgres
import NIOCore
import NIOHTTP1
import Synchronization

/// `hub.store`: a read from Lua against reading a Lua table; atomic updates per second from two
/// runtimes on threads of their own (a server's two workers) on a SQLite file and on a
/// PostgreSQL server on loopback (started here, as the tests do); how long a run that sets keys
/// one after another takes to meet `max_keys` on each, against an operation's 10 s; and `hub
/// serve` with two workers on its default SQLite store: how many of 40 concurrent answers after
/// a delete still show the deleted song.
enum StoreBenchmarks {
    /// Reads in each round of `store_get_vs_lua_table`.
    static let reads = 10_000
    /// Updates each of the two runtimes makes.
    static let updates = 1_000

    static func run(_ run: BenchmarkRun) {
        do {
            try readVersusTable(run)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let memory = try updatesPerSecond(store: MemoryStore())
            let sqlite = try updatesPerSecond(store: SQLiteStore(path: folder.appendingPathComponent("store.sqlite").path))
            run.report("store_update_sqlite", .rate("updates/s, 2 workers, SQLite", sqlite), .rate("in memory", memory))
            let postgres = try PostgresServer.started()
            defer { postgres.shutdown() }
            let store = try PostgresStore(url: postgres.url)
            defer { store.close() }
            run.report("store_update_postgres", .rate("updates/s, 2 workers, PostgreSQL", try updatesPerSecond(store: store)), .rate("in memory", memory))
            let timeout = Measured.time("an operation's timeout", Double(HubDefaults.Limits.operationTimeout) * 1e6)
            let filled = try PostgresStore(url: postgres.createDatabase("max_keys"))
            defer { filled.close() }
            run.report("store_max_keys_postgres", .time("10,000 keys set, the next refused, PostgreSQL", try timeToMaxKeys(filled)), timeout, target: 1)
            let sqliteFilled = try SQLiteStore(path: folder.appendingPathComponent("filled.sqlite").path)
            run.report("store_max_keys_sqlite", .time("the same on SQLite", try timeToMaxKeys(sqliteFilled)), timeout, target: 1)
            try songsConsistency(run, directory: folder)
        } catch {
            print("store benchmarks: \(error)")
            exit(1)
        }
    }

    /// A runtime with one feature `bench` whose namespace holds `value` under `song`, and the
    /// same value in the Lua table `songs`.
    private static func readingRuntime() throws -> HubRuntime {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-read-\(UUID().uuidString)/bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"hub.feature { id = "bench", uri = "bench:view", operations = { function() end } }"#
            .write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .virtual)
        try runtime.loadFeatures(at: folder.path)
        _ = try runtime.evaluate(
            """
            local song = { id = "3", title = "Wonderwall", artist = "Oasis", year = 1995 }
            hub.store.set("song", song)
            songs = { song = song }
            function from_store(n) local t for _ = 1, n do t = hub.store.get("song") end return t.title end
            function from_table(n) local t for _ = 1, n do t = songs["song"] end return t.title end
            """, inFolder: "/bench")
        return runtime
    }

    /// `store_get_vs_lua_table`: `hub.store.get` of a four-field record in memory (the JSON
    /// parsed into a new table each time) against indexing a Lua table that holds it.
    private static func readVersusTable(_ run: BenchmarkRun) throws {
        let runtime = try readingRuntime()
        let (store, table) = measure(rounds: 9, iterations: 1) {
            _ = try? runtime.evaluate("return from_store(\(reads))", inFolder: "/bench")
        } against: {
            _ = try? runtime.evaluate("return from_table(\(reads))", inFolder: "/bench")
        }
        run.report("store_get_vs_lua_table", .time("hub.store.get", store / Double(reads)), .time("t[key]", table / Double(reads)))
    }

    /// Atomic increments per second of one counter by two runtimes, each on its own thread,
    /// each running an operation that calls `hub.store.update` ``updates`` times.
    private static func updatesPerSecond(store: any Store) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-update-\(UUID().uuidString)/counter")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let counter = "n-\(UUID().uuidString)"
        try """
            hub.feature { id = "counter", uri = "counter:view", operations = { function(ctx)
              for _ = 1, \(updates) do hub.store.update("\(counter)", function(n) return (n or 0) + 1 end) end
            end } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        let start = MonotonicTime.now
        for _ in 0..<2 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let runtime = try HubRuntime(clock: .real)
                    runtime.manager.store = store
                    try runtime.loadFeatures(at: folder.path)
                    if let error = try runtime.open("counter:view").lastError { failures.withLock { $0.append("\(error)") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        let seconds = MonotonicTime.seconds(since: start)
        if let failure = failures.withLock({ $0.first }) { throw BenchmarkError("updating \(store.description): \(failure)") }
        return Double(2 * updates) / seconds
    }

    /// How long (in nanoseconds) an operation takes to set keys one after another in a fresh
    /// namespace of `store` until the store refuses one for `max_keys` (the 10,001st): the
    /// number of writes each a transaction, with the count `max_keys` is checked against.
    private static func timeToMaxKeys(_ store: any Store) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-fill-\(UUID().uuidString)/fill")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try """
            hub.feature { id = "fill", uri = "fill:view", timeout = 60000, operations = { function(ctx)
              for i = 1, 100000 do
                local ok, e = pcall(hub.store.set, "k" .. i, i)
                if not ok then ctx.view:body("refused").title = i .. " " .. tostring(e.code) return end
              end
            end } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .real)
        runtime.manager.store = store
        runtime.manager.operationLimits.timeout = 60_000
        runtime.manager.settleTimeout = 60_000
        try runtime.loadFeatures(at: folder.path)
        let start = MonotonicTime.now
        let screen = try runtime.open("fill:view")
        let nanoseconds = Double(MonotonicTime.nanoseconds(since: start))
        let refused = screen.viewModel.body.first?.title
        guard refused == "10001 \(StoreFailure.Kind.tooManyKeys.rawValue)" else {
            throw BenchmarkError("\(store.description): the fill ended with \(refused ?? "nothing"), \(screen.lastError.map { "\($0)" } ?? "")")
        }
        return nanoseconds
    }

    /// `serve_songs_consistency`: `hub serve --workers 2` on its default store (a SQLite file),
    /// a song deleted, then 40 requests for the list at once: how many still show it.
    private static func songsConsistency(_ run: BenchmarkRun, directory: URL) throws {
        let songs = URL(fileURLWithPath: ProcessBenchmarks.hub).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Songs").path
        let server = try ServeProcess(folder: songs, workers: 2, store: "./.hub/store.sqlite", directory: directory)
        let base = "http://127.0.0.1:\(server.port)"
        var request = try HTTPClient.Request(url: "\(base)/views/songs:list/actions", method: .POST, body: .string(#"{"path": [0, 0]}"#))
        request.headers.add(name: "content-type", value: "application/json")
        guard try HTTPClient.shared.execute(request: request).wait().status == .ok else { throw BenchmarkError("the delete failed") }
        let answers = try (0..<40).map { _ in HTTPClient.shared.get(url: "\(base)/views/songs:list") }.map { try $0.wait() }
        let stale = answers.filter { $0.body.map { String(buffer: $0) }?.contains(#""id":"song-1""#) != false }.count
        run.report("serve_songs_consistency", .count("answers showing the deleted song", Double(stale)), .count("of", 40), target: 0)
    }
}
