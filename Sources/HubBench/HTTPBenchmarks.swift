import AsyncHTTPClient
import Foundation
import HubCore
import HubHTTP
import HubLua
import HubRender
import HubTestBackend
import LuaBridge
import NIOCore
import NIOHTTP1
import NIOPosix

/// `hub.http` against a real server on loopback (a ``TestBackend`` on 127.0.0.1, keep-alive),
/// serving a 100 KB JSON document: a fetch from a Lua operation against the same request made
/// from Swift with AsyncHTTPClient, a fetch the cache answers against one that goes to the
/// server, and curl's time for the same URL beside them.
///
/// The Hub side is timed from Swift: a round reloads a screen whose one operation calls
/// `hub.http.get` `fetches` times in a loop (each response's status and length checked in Lua),
/// and runs the loop until the screen settles; right before, the same reload of an operation
/// whose loop makes no call is timed, and subtracted. What is left is `fetches` times the
/// call in Lua to the response back in Lua: arguments, allow-list, cache lookup, the exchange
/// on the NIO loops, the hand-back through the event loop's mailbox, and the response table
/// with its 100 KB body string. Each client round makes `fetches` requests, each a new
/// `HTTPClient.Request` sent with `execute(request:deadline:).wait()` from the same thread,
/// and checks the length of the whole body AsyncHTTPClient collected (a `ByteBuffer`, not
/// copied further), with a client configured as Hub's own, on the same NIO event loops.
enum HTTPBenchmarks {
    /// Rounds of each side, alternating which goes first; the median round is reported.
    static let rounds = 15
    /// Requests in each round of each side.
    static let fetches = 100
    /// Runs of curl (each its own process and connection).
    static let curlRuns = 7
    /// The size of the served document, at least.
    static let documentBytes = 100 * 1024
    /// Past this many seconds no new round starts (at least three are run).
    static let timeBudget = 60.0
    /// Milliseconds any one request may take.
    static let requestTimeout = 10_000

    static func run(_ run: BenchmarkRun) {
        do {
            try measureAll(run)
        } catch {
            print("http benchmarks: \(error)")
            exit(1)
        }
    }

    /// A JSON document of at least `documentBytes` bytes: a list of items.
    static func document() -> [UInt8] {
        var text = #"{"items":["#
        var index = 0
        while text.utf8.count < documentBytes {
            if index > 0 { text += "," }
            index += 1
            text += #"{"id":\#(index),"title":"Item \#(index)","subtitle":"The subtitle of item number \#(index)","score":\#(index % 97)}"#
        }
        text += "]}"
        return Array(text.utf8)
    }

    /// The features: `bench:fetch` and `bench:cached` get their URL `fetches` times a run,
    /// `bench:empty` runs the same loop without the call. Each leaves in its view's custom data
    /// how many runs it made and how many responses came from the cache.
    static func features(backend: TestBackend, size: Int) -> String {
        func feature(_ name: String, path: String?) -> String {
            let get = path.map {
                """
                local response = hub.http.get("\(backend.url($0))")
                      if response.status ~= 200 or #response.body ~= \(size) then
                        error("got " .. response.status .. " with " .. #response.body .. " bytes")
                      end
                      if response.from_cache then cached = cached + 1 end
                """
            } ?? ""
            return """
                hub.feature { id = "\(name)", uri = "bench:\(name)", hosts = { "127.0.0.1:\(backend.port)" }, operations = {
                  hub.operation { name = "\(name)", perform = function(ctx)
                    local cached = 0
                    for _ = 1, \(fetches) do
                      \(get)
                    end
                    ctx.state.runs = (ctx.state.runs or 0) + 1
                    ctx.view.custom = { runs = ctx.state.runs, cached = cached }
                  end },
                } }

                """
        }
        return feature("fetch", path: "/document.json") + feature("cached", path: "/cached.json") + feature("empty", path: nil)
    }

    static func measureAll(_ run: BenchmarkRun) throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let body = document()
        // The fetched document may not be stored (each fetch reaches the server); the cached one
        // stays fresh for the whole run.
        backend.route("/document.json", .respond(headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: body))
        backend.route("/cached.json", .json(String(decoding: body, as: UTF8.self), maxAge: 600))
        let url = backend.url("/document.json")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)/HTTP")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try features(backend: backend, size: body.count).write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .real)
        runtime.manager.httpTransport = AsyncHTTPTransport()
        runtime.manager.settleTimeout = requestTimeout
        try runtime.loadFeatures(at: folder.path)

        // Hub's own client's configuration (see AsyncHTTPTransport), on the same event loops.
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)), decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        defer { try? client.syncShutdown() }

        // Opening runs each operation once: the warm-up (connections made, the cache filled).
        let screens = try ["fetch", "cached", "empty"].map { name in
            let screen = try runtime.open("bench:\(name)")
            try check(screen, runs: 1, cached: name == "cached" ? fetches - 1 : 0)
            return screen
        }
        let (fetch, cached, empty) = (screens[0], screens[1], screens[2])
        /// The runs of each screen's operation so far.
        var runs = [ObjectIdentifier(fetch): 1, ObjectIdentifier(cached): 1, ObjectIdentifier(empty): 1]

        /// Nanoseconds of a reload of `screen` until it settles.
        /// Its operation's run is checked: `cached` responses came from the cache.
        func reload(_ screen: Screen, cached: Int) throws -> Double {
            runtime.lua.collectGarbage()
            let started = MonotonicTime.now
            screen.reload()
            runtime.manager.settle(screen)
            let elapsed = Double(MonotonicTime.nanoseconds(since: started))
            runs[ObjectIdentifier(screen), default: 0] += 1
            try check(screen, runs: runs[ObjectIdentifier(screen)] ?? 0, cached: cached)
            return elapsed
        }
        /// Nanoseconds per get of a reload of `screen`, the reload of `empty` just before subtracted.
        func hub(_ screen: Screen, cached: Int) throws -> Double {
            let base = try reload(empty, cached: 0)
            let total = try reload(screen, cached: cached)
            return max(0, total - base) / Double(fetches)
        }
        /// Nanoseconds per request of `fetches` requests from AsyncHTTPClient.
        func direct() throws -> Double {
            let started = MonotonicTime.now
            for _ in 0..<fetches {
                let request = try HTTPClient.Request(url: url)
                let response = try client.execute(request: request, deadline: .now() + .milliseconds(Int64(requestTimeout))).wait()
                guard response.status == .ok, response.body?.readableBytes == body.count else {
                    throw BenchmarkError("AsyncHTTPClient got \(response.status) with \(response.body?.readableBytes ?? 0) bytes")
                }
            }
            return Double(MonotonicTime.nanoseconds(since: started)) / Double(fetches)
        }
        _ = try direct()

        var hubSamples: [Double] = []
        var clientSamples: [Double] = []
        var cachedSamples: [Double] = []
        let deadline = Date().addingTimeInterval(timeBudget)
        for round in 0..<rounds where round < 3 || Date() < deadline {
            if round % 2 == 0 {
                hubSamples.append(try hub(fetch, cached: 0))
                clientSamples.append(try direct())
                cachedSamples.append(try hub(cached, cached: fetches))
            } else {
                cachedSamples.append(try hub(cached, cached: fetches))
                clientSamples.append(try direct())
                hubSamples.append(try hub(fetch, cached: 0))
            }
        }
        // Every uncached get reached the server: the warm-up's, the rounds', and the client's.
        let served = backend.requestCount("/document.json")
        let expected = (1 + hubSamples.count) * fetches + (1 + clientSamples.count) * fetches
        guard served == expected, backend.requestCount("/cached.json") == 1 else {
            throw BenchmarkError("the server saw \(served) requests of the document (\(expected) expected) and \(backend.requestCount("/cached.json")) of the cached one (1 expected)")
        }

        let kilobytes = body.count / 1024
        let hubFetch = median(hubSamples)
        run.report("http_fetch_vs_client", .time("hub.http.get of a \(kilobytes) KB JSON document on loopback, call to response in Lua", hubFetch),
            .time("the same GET from AsyncHTTPClient", median(clientSamples)), target: 1.3)
        run.report("http_cached_vs_fetch", .time("the same get answered by the cache", median(cachedSamples)), .time("fetched", hubFetch))
        if let curl = ChildProcess.find("curl") {
            let times = try (0..<curlRuns).map { _ in try curlMilliseconds(curl, url: url) }
            run.note("curl", String(format: "%.2f ms (median of %d runs of curl -s -o /dev/null -w '%%{time_total}' for the same URL, each a new process and connection)", median(times), curlRuns))
        } else {
            run.note("curl", "skipped (curl is not installed)")
        }
    }

    /// Fails unless `screen`'s operation ran `runs` times in all, the last without an error and
    /// with `cached` responses from the cache.
    static func check(_ screen: Screen, runs: Int, cached: Int) throws {
        if let error = screen.lastError { throw BenchmarkError("\(error)") }
        let custom = screen.viewModel.customData
        guard custom?["runs"] == .int(runs), custom?["cached"] == .int(cached) else {
            throw BenchmarkError("expected run \(runs) with \(cached) cached responses, got \(String(describing: custom))")
        }
    }

    /// curl's `time_total` for `url`, in milliseconds.
    static func curlMilliseconds(_ curl: String, url: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = ["-s", "-o", "/dev/null", "--max-time", String(requestTimeout / 1000), "-w", "%{time_total}", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("curl \(url) failed (\(process.terminationStatus)): \(text)")
        }
        return seconds * 1000
    }
}
