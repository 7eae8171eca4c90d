import Foundation
import HubCore
import HubData
import HubRender
import HubTestBackend
import HubTools
import Synchronization
import Testing
@testable import HubLua

/// What a script sees of the cache, against a real server on loopback: the `cache` option of
/// `hub.http` (Fetch's cache modes), and `response.stale` saying why a stale response answered.
@Suite struct HTTPCacheOptionTests {
    /// A feature allowed to reach `backend`, so that the folder's own code may too.
    private let feature = """
        hub.feature { id = "news", uri = "news:view", hosts = { "$HOST" }, operations = { function(ctx) end } }
        """

    /// What `hub.http.get(path, options)` answers, as "body status from_cache stale".
    private func fetched(_ runtime: HubRuntime, _ backend: TestBackend, _ path: String, _ options: String = "nil") throws -> String {
        let source = backend.substituted(
            """
            local r = hub.http.get("$BACKEND\(path)", \(options))
            return table.concat({ r.body, r.status, tostring(r.from_cache), tostring(r.stale) }, " ")
            """)
        guard case .string(let text) = try runtime.evaluate(source, inFolder: "Fixtures/Sandbox") else { return "not a string" }
        return text
    }

    @Test func theCacheOptionChoosesHowTheRequestUsesTheCache() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/fresh", .respond(headers: [("Cache-Control", "max-age=600")], body: Array("one".utf8)))
        let runtime = try makeHTTPRuntime(feature, backend: backend)

        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "only-if-cached" }"#) == " 504 false false")
        #expect(backend.requestCount("/fresh") == 0, "only-if-cached sends nothing")
        #expect(try fetched(runtime, backend, "/fresh") == "one 200 false false")
        #expect(try fetched(runtime, backend, "/fresh") == "one 200 true false")
        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "reload" }"#) == "one 200 false false")
        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "no-store" }"#) == "one 200 false false")
        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "no-cache" }"#) == "one 200 false false")
        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "force-cache" }"#) == "one 200 true false")
        #expect(try fetched(runtime, backend, "/fresh", #"{ cache = "only-if-cached" }"#) == "one 200 true false")
        #expect(backend.requestCount("/fresh") == 4)
    }

    /// A server whose every answer differs and is stale at once (a clock in the body) does not
    /// make the operation it answered stale run again and again: only a fresh new response
    /// reschedules it.
    @Test func aNewResponseStaleAtOnceDoesNotRescheduleTheOperation() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let served = Mutex(0)
        backend.route("/clock", .handler { _ in
            let tick = served.withLock { count in
                count += 1
                return count
            }
            return TestBackend.Response(headers: [("Cache-Control", "max-age=0, stale-while-revalidate=600")], body: Array("tick \(tick)".utf8))
        })
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "clock", uri = "clock:view", hosts = { "$HOST" }, operations = { function(ctx)
              ctx.view:body("time").title = hub.http.get("$BACKEND/clock").body
            end } }
            """, backend: backend)
        _ = try runtime.open("clock:view")
        let screen = try runtime.open("clock:view")
        #expect(screen.viewModel.body.first?.title == "tick 1", "answered stale, revalidated meanwhile")
        // Once the cache holds what the revalidation brought, its answer was handled.
        let cache = try #require(runtime.manager.httpCache)
        let request = HubHTTPRequest(url: backend.substituted("$BACKEND/clock"))
        let partition = "feature clock"
        #expect(runtime.manager.loop.run(until: {
            guard case .fresh(let held) = cache.lookup(request, partition: partition, now: runtime.manager.loop.wallClock, mode: .forceCache)
            else { return false }
            return held.body == Array("tick 2".utf8)
        }, timeout: 60_000))
        #expect(!screen.isBusy, "not rescheduled")
        #expect(screen.viewModel.body.first?.title == "tick 1")
        #expect(backend.requestCount("/clock") == 2)
    }

    /// As Fetch does, a request that goes to the network asks caches on the way for what its
    /// mode wants, unless it says so itself.
    @Test func theCacheOptionAsksCachesOnTheWayAsFetchDoes() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/page", .respond(headers: [("Cache-Control", "max-age=600"), ("ETag", "\"p1\"")], body: Array("page".utf8)))
        let runtime = try makeHTTPRuntime(feature, backend: backend)
        for options in [
            "nil", #"{ cache = "reload" }"#, #"{ cache = "no-store" }"#, #"{ cache = "no-cache" }"#,
            #"{ cache = "reload", headers = { ["Cache-Control"] = "max-age=5" } }"#,
        ] {
            _ = try fetched(runtime, backend, "/page", options)
        }
        let sent = backend.requests.map { [$0.header("cache-control") ?? "-", $0.header("pragma") ?? "-", $0.header("if-none-match") ?? "-"] }
        #expect(sent == [
            ["-", "-", "-"],
            ["no-cache", "no-cache", "-"],
            ["no-cache", "no-cache", "-"],
            ["max-age=0", "-", "\"p1\""],
            ["max-age=5", "no-cache", "-"],
        ])
    }

    @Test func aBadCacheOptionIsAnErrorNamingTheAllowedOnesAtTheCallersLine() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "bad", uri = "bad:view", hosts = { "$HOST" }, operations = { function(ctx)
              hub.http.get("$BACKEND/x", { cache = "sometimes" })
            end } }
            """, backend: backend)
        let screen = try runtime.open("bad:view")
        #expect(
            screen.loader.operationStatuses.first?.error?.description
                == "bad argument #2 to 'hub.http.get' (field 'cache': one of 'default', 'no-store', 'reload', 'no-cache', "
                + "'force-cache', 'only-if-cached' expected, got 'sometimes') — feature 'bad', operation 'http', http.lua:2")
        #expect(backend.requests.isEmpty)
    }

    @Test func responseStaleSaysWhyAStaleResponseAnswered() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        // Dated two years before the test runs: stale, but within its windows.
        let old = ("Date", "Mon, 01 Jan 2024 00:00:00 GMT")
        backend.route("/swr", .respond(headers: [old, ("Cache-Control", "max-age=10, stale-while-revalidate=2000000000")], body: Array("swr".utf8)))
        backend.route("/sie", .respond(headers: [old, ("Cache-Control", "max-age=10, stale-if-error=2000000000")], body: Array("sie".utf8)))
        backend.route("/old", .respond(headers: [old, ("Cache-Control", "max-age=10"), ("ETag", "\"v1\"")], body: Array("old".utf8)))
        let runtime = try makeHTTPRuntime(feature, backend: backend)

        #expect(try fetched(runtime, backend, "/swr") == "swr 200 false false")
        #expect(try fetched(runtime, backend, "/swr") == "swr 200 true while-revalidate")

        #expect(try fetched(runtime, backend, "/sie") == "sie 200 false false")
        backend.route("/sie", .respond(status: 503, body: Array("down".utf8)))
        #expect(try fetched(runtime, backend, "/sie") == "sie 200 true if-error")

        #expect(try fetched(runtime, backend, "/old") == "old 200 false false")
        #expect(try fetched(runtime, backend, "/old", #"{ headers = { ["Cache-Control"] = "max-stale" } }"#) == "old 200 true max-stale")
        #expect(try fetched(runtime, backend, "/old", #"{ cache = "force-cache" }"#) == "old 200 true max-stale")
        #expect(try fetched(runtime, backend, "/old", #"{ cache = "only-if-cached" }"#) == "old 200 true only-if-cached")
        #expect(backend.requestCount("/old") == 1)
    }

    @Test func anOperationShownAStaleResponseRunsAgainWithTheOneItsRevalidationBrought() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        // Stale at once, within its stale-while-revalidate for ten minutes.
        let headers = [("Cache-Control", "max-age=0, stale-while-revalidate=600")]
        backend.route("/news", .respond(headers: headers, body: Array("one".utf8)))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "news-feed", uri = "news:feed", hosts = { "$HOST" }, operations = { function(ctx)
              local r = hub.http.get("$BACKEND/news")
              ctx.view:body("headline").title = r.body .. " " .. tostring(r.stale)
            end } }
            """, backend: backend)
        let first = try runtime.open("news:feed")
        #expect(first.viewModel.body.first?.title == "one false")

        // The new one is fresh for ten minutes.
        backend.route("/news", .respond(headers: [("Cache-Control", "max-age=600")], body: Array("two".utf8)))
        // The stale one answers at once (HTTPFetcherTests times it on the virtual loop); the
        // operation runs again once the revalidation brought "two", and only then shows it,
        // answered fresh from the cache: nothing more is sent.
        let screen = try runtime.open("news:feed")
        let loop = runtime.manager.loop
        #expect(loop.run(until: { screen.viewModel.body.first?.title == "two false" }, timeout: 60_000))
        #expect(loop.run(until: { !screen.isBusy }, timeout: 60_000))
        #expect(backend.requestCount("/news") == 2)
        #expect(screen.loader.operationStatuses.first?.error == nil)
    }

    /// However many of its calls were answered stale, an operation runs again once when their
    /// revalidation brings a new response: the rerun reads them all.
    @Test func anOperationShownAStaleResponseTwiceRunsAgainOnce() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/news", .respond(headers: [("Cache-Control", "max-age=0, stale-while-revalidate=600")], body: Array("one".utf8)))
        let runtime = try makeHTTPRuntime(
            """
            local runs = 0
            hub.feature { id = "news-feed", uri = "news:feed", hosts = { "$HOST" }, operations = { function(ctx)
              runs = runs + 1
              -- The first run's one call is not answered stale: its response was not there yet.
              local first = hub.http.get("$BACKEND/news")
              local second = runs > 1 and hub.http.get("$BACKEND/news") or first
              ctx.view:body("headline").title = first.body .. " " .. second.body .. " " .. runs
            end } }
            """, backend: backend)
        _ = try runtime.open("news:feed")
        backend.route("/news", .respond(headers: [("Cache-Control", "max-age=600")], body: Array("two".utf8)))
        let screen = try runtime.open("news:feed")
        let loop = runtime.manager.loop
        #expect(loop.run(until: { screen.viewModel.body.first?.title?.hasPrefix("two two") == true }, timeout: 60_000))
        #expect(loop.run(until: { !screen.isBusy }, timeout: 60_000))
        #expect(screen.viewModel.body.first?.title == "two two 3", "one run of the first screen, two of this one")
        // This screen's two calls share one revalidation.
        #expect(backend.requestCount("/news") == 2)
    }

    /// A background revalidation that fails leaves the stale response answering, and the author
    /// is told, at the call whose response it was.
    @Test func aFailedBackgroundRevalidationIsAProblemNamingTheCall() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/news", .respond(headers: [("Cache-Control", "max-age=0, stale-while-revalidate=600")], body: Array("one".utf8)))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "news-feed", uri = "news:feed", hosts = { "$HOST" }, operations = { function(ctx)
              ctx.view:body("headline").title = hub.http.get("$BACKEND/news").body
            end } }
            """, backend: backend)
        _ = try runtime.open("news:feed")
        backend.route("/news", .respond(status: 503, body: Array("down".utf8)))
        let screen = try runtime.open("news:feed")
        let loop = runtime.manager.loop
        #expect(loop.run(until: { !runtime.problems.isEmpty }, timeout: 60_000))
        let url = backend.substituted("$BACKEND/news")
        #expect(runtime.problems.map(\.description) == [
            "revalidating GET \(url) in the background: the server answered 503 — feature 'news-feed', operation 'http', http.lua:2"
        ])
        #expect(runtime.problems.first?.kind == .revalidation)
        #expect(screen.viewModel.body.first?.title == "one", "the stale response answered")
    }
}
