import Foundation
import HubCore
import NIOCore
import Testing
@testable import HubServer

/// A feature's reload policy as HTTP caching: a view it keeps is answered from what the server
/// kept (no chain runs) while the policy allows, 304 compared first; the store changing and
/// features reloading empty what is kept; views without a policy run their chain every time.
@Suite struct ViewCacheTests {
    private static let live = ServerPaths.fixture("Live")

    @Test func aMaxAgeViewIsAnsweredFromWhatWasKeptWith304FirstAndItsQueryApart() async throws {
        // What was kept ages by a clock the test moves.
        let clock = SteppedClock()
        try await withServer([Self.live], configure: { $0.workers = 1; $0.viewCacheClock = { clock.now } }) { server in
            let first = try await server.get("/views/kept:a")
            #expect(first.status == 200 && first.headers["cache-control"] == "max-age=60")
            #expect(first.text.contains(#""title":"loaded 1 time(s)""#), "\(first.text)")
            let tag = try #require(first.headers["etag"])
            let again = try await server.get("/views/kept:a")
            #expect(again.body == first.body && again.headers["etag"] == tag && again.headers["cache-control"] == "max-age=60")
            let unchanged = try await server.get("/views/kept:a", headers: ["If-None-Match": tag])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty && unchanged.headers["etag"] == tag)
            #expect(unchanged.headers["cache-control"] == "max-age=60")
            // A kept answer says how old it is, so that a cache downstream keeps it no longer than
            // its max-age from when it settled; the one the chain made has no age.
            #expect(first.headers["age"] == nil)
            #expect(again.headers["age"] == "0")
            clock.advance(by: .milliseconds(1_500))
            let older = try await server.get("/views/kept:a")
            #expect(older.body == first.body && older.headers["age"] == "1", "\(older.headers)")
            let other = try await server.get("/views/kept:a?page=2")
            #expect(other.text.contains(#""title":"loaded 2 time(s)""#), "a query is another view: \(other.text)")
            let metrics = try await server.get("/metrics").text
            #expect(metrics.contains(#"hub_view_cache_hits_total{feature="kept"} 3"#), "\(metrics)")
        }
    }

    /// A fresh kept view is answered on the connection's event loop (``ViewAnswering``):
    /// with what the router answers from the same cache, and only once the requests before it
    /// on its connection are answered.
    @Test func aKeptViewAnsweredOnTheEventLoopIsTheRoutersAnswerInItsRequestsOrder() async throws {
        try await withServer([Self.live], configure: { $0.workers = 1 }) { server in
            let first = try await server.get("/views/kept:a")
            let port = server.port
            let (onTheLoop, routed, slow, behind) = try await offThePool {
                let connection = try LoopbackConnection(port: port)
                let onTheLoop = try connection.exchange("GET", "/views/kept:a")
                // A request that closes its connection goes to the router, which answers it from
                // the same cache.
                let routed = try LoopbackConnection(port: port).exchange("GET", "/views/kept:a", headers: ["Connection": "close"])
                // Behind a request whose chain takes 200 ms, on the same connection.
                connection.send("GET /views/sleepy:view?ms=200 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /views/kept:a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                func response() throws -> WireResponse {
                    let (status, fields) = try connection.readHead()
                    return WireResponse(status: status, headers: fields, body: connection.read(count: fields["content-length"].flatMap(Int.init) ?? 0))
                }
                return (onTheLoop, routed, try response(), try response())
            }
            #expect(onTheLoop.status == 200 && routed.status == 200 && onTheLoop.body == first.body && routed.body == first.body)
            // Besides the request's own fields, the age may have passed a second in between.
            let perRequest: Set = ["x-request-id", "date", "connection", "age"]
            #expect(onTheLoop.headers.filter { !perRequest.contains($0.key) } == routed.headers.filter { !perRequest.contains($0.key) })
            let ages = [onTheLoop, routed].compactMap { $0.headers["age"].flatMap(Int.init) }
            #expect(ages.count == 2 && ages[0] <= ages[1] && ages[1] < 60, "\(ages)")
            #expect(onTheLoop.headers["x-request-id"] != routed.headers["x-request-id"])
            #expect(slow.status == 200 && slow.text.contains(#""title":"slept 200 ms""#), "the slow view's answer first: \(slow.text)")
            // (The sleep's store write emptied the cache meanwhile: the router loaded it again.)
            #expect(behind.status == 200 && behind.text.contains(#""title":"loaded 2 time(s)""#), "then the kept view's: \(behind.text)")
        }
    }

    @Test func aStoreChangeEmptiesWhatWasKept() async throws {
        try await withServer([Self.live], configure: { $0.workers = 1 }) { server in
            let before = try await server.get("/views/kept:a")
            #expect(before.text.contains(#""title":"loaded 1 time(s)""#) && before.text.contains(#""title":"none""#), "\(before.text)")
            _ = try await server.get("/views/kept:write")
            let after = try await server.get("/views/kept:a")
            #expect(after.text.contains(#""title":"loaded 3 time(s)""#) && after.text.contains(#""title":"fresh""#), "\(after.text)")
        }
    }

    @Test func aPolicyFunctionIsAskedOnAWorkerAndNoChainRunsWhenItKeeps() async throws {
        try await withServer([Self.live], configure: { $0.workers = 1 }) { server in
            let first = try await server.get("/views/asked:view")
            #expect(first.headers["cache-control"] == "no-cache")
            #expect(first.text.contains(#""title":"loaded 1 time(s)""#))
            // Over its first content the policy says to load again; over the second, to keep it.
            #expect(try await server.get("/views/asked:view").text.contains(#""title":"loaded 2 time(s)""#))
            #expect(try await server.get("/views/asked:view").text.contains(#""title":"loaded 2 time(s)""#))
            #expect(try await server.get("/views/asked:view").text.contains(#""title":"loaded 2 time(s)""#))
        }
    }

    @Test func aViewWithoutAPolicyRunsItsChainEveryTime() async throws {
        try await withServer([Self.live], configure: { $0.workers = 1 }) { server in
            let first = try await server.get("/views/counted:view")
            let second = try await server.get("/views/counted:view")
            #expect(first.headers["cache-control"] == "no-cache" && second.headers["cache-control"] == "no-cache")
            #expect(first.text.contains("loaded 1 time(s)") && second.text.contains("loaded 2 time(s)"))
        }
    }

    @Test func anEditedFeatureIsNotAnsweredFromWhatWasKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-cache-\(UUID().uuidString)/kept")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feature = folder.appendingPathComponent("feature.lua")
        let source = { (title: String) in
            """
            hub.feature { id = "kept", uri = "kept:view", reload_policy = { max_age = 60000 },
              operations = { function(ctx) ctx.view:body("row").title = "\(title)" end } }
            """
        }
        try source("before").write(to: feature, atomically: true, encoding: .utf8)
        try await withServer([folder.path], configure: { $0.watch = true; $0.workers = 1 }) { server in
            #expect(try await server.get("/views/kept:view").text.contains(#""title":"before""#))
            try source("after").write(to: feature, atomically: true, encoding: .utf8)
            // Asked every 20 ms until the edit is seen, for up to a minute (reached only on a failure).
            var answered = ""
            for _ in 0..<3_000 where !answered.contains(#""title":"after""#) {
                try await Task.sleep(for: .milliseconds(20))
                answered = try await server.get("/views/kept:view").text
            }
            #expect(answered.contains(#""title":"after""#), "\(answered)")
        }
    }
}

/// What a script may ask for: a `max_age` beyond what nanoseconds count keeps the view for ever,
/// and never traps the server.
@Suite struct ViewCacheLifetimeTests {
    @Test func aMaxAgeLongerThanNanosecondsCanCountKeepsTheViewForEver() {
        let entry = ViewCache.Entry(
            feature: "kept", model: .empty, json: ByteBuffer(), tag: "\"0\"", policy: .maxAge(Int.max),
            storedAt: MonotonicTime.now)
        #expect(entry.isFresh(at: MonotonicTime.now))
        #expect(entry.cacheControl == "max-age=\(Int.max / 1_000)")
    }
}
