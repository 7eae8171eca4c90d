import Foundation
import HubCore
import HubRender
import HubTestBackend
import LuaBridge
import Testing
@testable import HubLua

/// Backends that misbehave on purpose: each ends the operation within its limits as a located
/// error, and the runtime, its loop and other features carry on.
@Suite struct HTTPHostileTests {
    /// Opens `hostile:view`, whose one operation (`fetch`, at line 2 of http.lua) fetches
    /// `path` (with `options`, a Lua table) from a backend answering it with `behaviour`;
    /// returns the screen's error and how long opening took, after checking that nothing is
    /// left waiting and other features still work.
    private func failure(
        _ behaviour: TestBackend.Behaviour, options: String = "nil", feature: String = "", path: String = "/bad"
    ) throws -> (error: ContentError?, milliseconds: Int) {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route(path, behaviour)
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "hostile", uri = "hostile:view", hosts = { "$HOST" }, \(feature) operations = { hub.operation { name = "fetch", perform = function(ctx)
              hub.http.get("$BACKEND\(path)", \(options))
            end } } }
            """, backend: backend)
        var screen: Screen?
        let elapsed = try milliseconds { screen = try runtime.open("hostile:view") }
        #expect(runtime.loop.awaitedCount == 0, "the loop waits for nothing more")
        #expect(try othersStillWork(runtime))
        return (screen?.lastError, elapsed)
    }

    @Test func aBackendThatNeverAnswersTimesOut() throws {
        let (error, elapsed) = try failure(.neverAnswer, options: "{ timeout = 300 }")
        #expect(error?.domain == "network")
        #expect(error?.code == HTTPFailure(.timeout, "").code)
        #expect(error?.location == "http.lua:2")
        let message = error?.message ?? "no error"
        #expect(message.hasSuffix("/bad: no response within 300 ms"), "\(message)")
        #expect(elapsed >= 300)
    }

    @Test func aRedirectThatNeverAnswersTimesOutAtTheTimeTheAuthorSet() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/moved", .respond(status: 302, headers: [("Location", "/hang")], after: 100))
        backend.route("/hang", .neverAnswer)
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "late", uri = "late:view", hosts = { "$HOST" }, operations = { hub.operation { name = "fetch", perform = function(ctx)
              hub.http.get("$BACKEND/moved", { timeout = 300 })
            end } } }
            """, backend: backend)
        let screen = try runtime.open("late:view")
        #expect(backend.requests.map(\.uri) == ["/moved", "/hang"])
        // The second hop had about 200 ms left; the error still names the 300 ms the author set.
        #expect(screen.lastError?.message.hasSuffix("/moved: no response within 300 ms") == true, "\(String(describing: screen.lastError))")
        #expect(runtime.loop.awaitedCount == 0)
    }

    @Test func aRequestNeverOutlivesItsOperation() throws {
        let (error, elapsed) = try failure(.neverAnswer, feature: "timeout = 400,")
        #expect(error?.feature == "hostile")
        #expect(error?.operation == "fetch")
        // The backend never answers: the message names the feature's 400 ms, the limit that
        // ended the request (not the 10 s a request has by default), and the request.
        #expect(error?.message.hasPrefix("timed out after 400 ms waiting for GET http://127.0.0.1:") == true, "\(error?.message ?? "no error")")
        #expect(elapsed >= 400, "took \(elapsed) ms")
    }

    @Test func aBackendDrippingAByteASecondTimesOut() throws {
        let (error, _) = try failure(.drip(interval: 1_000), options: "{ timeout = 500 }")
        #expect(error?.message.hasSuffix("no response within 500 ms") == true)
    }

    @Test func aGigabyteIsCutAtTheResponseLimit() throws {
        let chunked = try failure(.huge(bytes: 1 << 30, chunked: true))
        #expect(chunked.error?.message.hasSuffix("the response is larger than 8388608 bytes (max_response)") == true)
        let sized = try failure(.huge(bytes: 1 << 30, chunked: false), feature: "max_response = 1000,")
        #expect(sized.error?.message.hasSuffix("the response is larger than 1000 bytes (max_response)") == true, "\(String(describing: sized.error))")
        #expect(sized.error?.location == "http.lua:2")
    }

    @Test func aResponseNeverOutgrowsTheMemoryLimit() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/big", .huge(bytes: 200 << 20, chunked: true))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "greedy", uri = "greedy:view", hosts = { "$HOST" }, max_response = 1 << 40, operations = {
              function(ctx) hub.http.get("$BACKEND/big") end,
            } }
            """, backend: backend) { $0.lua.memoryLimit = 32 << 20 }
        let error = try runtime.open("greedy:view").lastError
        #expect(error?.message.hasSuffix("the response is larger than 33554432 bytes (max_response)") == true)
        #expect(try othersStillWork(runtime))
    }

    @Test func responsesHeldTogetherCountAgainstTheMemoryLimit() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/part", .huge(bytes: 5 << 20, chunked: false))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "hoard", uri = "hoard:view", hosts = { "$HOST" }, operations = { function(ctx)
              local list = {}
              for i = 1, 10 do list[i] = "$BACKEND/part?n=" .. i end
              hub.http.all(list)
            end } }
            """, backend: backend) { $0.lua.memoryLimit = 32 << 20 }
        let error = try runtime.open("hoard:view").lastError
        #expect(error?.domain == "network")
        #expect(error?.code == 3)
        #expect(error?.message.hasSuffix("the responses held at once would pass the memory limit (32 MiB)") == true, "\(String(describing: error))")
        #expect(runtime.loop.awaitedCount == 0)
        #expect(try othersStillWork(runtime))
    }

    @Test func aCoroutineTheScriptMadeCannotSendRequestsPastTheRunsLimit() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/hang", .neverAnswer)
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "escape", uri = "escape:view", hosts = { "$HOST" }, operations = { function(ctx)
              local refused = 0
              for _ = 1, 100 do
                local ok, e = pcall(coroutine.wrap(function() hub.http.get("$BACKEND/hang") end))
                if not ok then refused = refused + 1; ctx.view:body("e").title = e end
              end
              ctx.view:body("n").title = tostring(refused)
            end } }
            """, backend: backend)
        let screen = try runtime.open("escape:view")
        #expect(screen.viewModel.body.map { $0.title ?? "" } == [
            "http.lua:4: it can only wait inside an operation or an action, not a coroutine the script made", "100",
        ])
        #expect(runtime.loop.awaitedCount == 0)
        #expect(backend.requests.isEmpty)
    }

    @Test func oneCallTakesAtMostAThousandRequests() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "flood", uri = "flood:view", hosts = { "$HOST" }, operations = { function(ctx)
              local list = {}
              for i = 1, 100000 do list[i] = "$BACKEND/x" end
              hub.http.all(list)
            end } }
            """, backend: backend)
        #expect(try runtime.open("flood:view").lastError?.message
            == "bad argument #1 to 'hub.http.all' (at most 1000 requests at once, got 100000)")
        #expect(backend.requests.isEmpty)
    }

    @Test func malformedChunkingIsANetworkError() throws {
        let (error, _) = try failure(.malformedChunking)
        #expect(error?.domain == "network")
        #expect(error?.message.contains("malformed response") == true)
    }

    @Test func aConnectionClosedMidBodyIsANetworkError() throws {
        let (error, _) = try failure(.closeMidBody)
        #expect(error?.domain == "network")
        #expect(error?.code == 1)
    }

    @Test func aConnectionClosedAtOnceIsANetworkError() throws {
        let (error, _) = try failure(.closeAtOnce)
        #expect(error?.domain == "network")
        #expect(error?.location == "http.lua:2")
    }

    @Test func aViewLetGoStopsItsRequests() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slow", .neverAnswer)
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "slow", uri = "slow:view", hosts = { "$HOST" }, operations = { function(ctx)
              hub.http.get("$BACKEND/slow")
            end } }
            """, backend: backend)
        var screen: Screen? = try runtime.open("slow:view", options: ScreenOptions(load: false))
        screen?.appear()
        runtime.loop.run(until: { backend.requests.count == 1 }, timeout: 60_000)
        #expect(runtime.loop.awaitedCount == 1)
        screen = nil
        #expect(runtime.loop.awaitedCount == 0)
    }
}
