import Foundation
import HubCore
import HubRender
import HubTestBackend
import Testing
@testable import HubLua
import HubTools

/// `hub.http` in operations, actions and tests, against a real HTTP server on loopback.
@Suite struct HTTPBindingsTests {
    @Test func anOperationBuildsItsRowsFromAFetchedJSONDocument() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/cities.json", .json(#"{"cities": ["Madrid", "Rome"]}"#))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "cities", uri = "cities:view", hosts = { "$HOST" }, operations = { function(ctx)
              local response = hub.http.get("$BACKEND/cities.json")
              for i, city in ipairs(response:json().cities) do ctx.view:body("city-" .. i).title = city end
              ctx.view:body("meta").title = response.status .. " " .. response.headers["content-type"] .. " " .. tostring(response.from_cache)
            end } }
            """, backend: backend)
        let screen = try runtime.open("cities:view")
        #expect(screen.lastError == nil)
        #expect(titles(screen) == ["Madrid", "Rome", "200 application/json false"])
        #expect(backend.requests.map(\.uri) == ["/cities.json"])
    }

    @Test func malformedJSONInAResponseIsAnErrorAtTheLineThatDecodesIt() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/broken.json", .json(#"{"cities": ["Madrid",}"#))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "broken", uri = "broken:view", hosts = { "$HOST" }, operations = { function(ctx)
              local response = hub.http.get("$BACKEND/broken.json")
              ctx.view:body("a").title = "fetched"
              local data = response:json()
            end } }
            """, backend: backend)
        let error = try runtime.open("broken:view").lastError
        #expect(error?.location == "http.lua:4")
        #expect(error?.message == "response:json: malformed JSON: unexpected character '}', expected a value (byte 21) — response body:1:22")
    }

    @Test func postSendsATableAsJSONWithItsHeaders() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/songs", .handler { request in
            TestBackend.Response(status: 201, text: "\(request.method) \(request.header("content-type") ?? "-") \(request.header("x-token") ?? "-") \(String(decoding: request.body, as: UTF8.self))")
        })
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "post", uri = "post:view", hosts = { "127.0.0.1:*" }, operations = { function(ctx)
              local created = hub.http.post("$BACKEND/songs", { title = "Song" }, { headers = { ["X-Token"] = "t1" } })
              local put = hub.http.request { method = "put", url = "$BACKEND/songs", body = "plain", headers = { ["content-type"] = "text/plain" } }
              ctx.view:body("a").title = created.status .. " " .. created.body
              ctx.view:body("b").title = put.status .. " " .. put.body
            end } }
            """, backend: backend)
        let screen = try runtime.open("post:view")
        #expect(screen.lastError == nil)
        #expect(titles(screen) == [#"201 POST application/json t1 {"title":"Song"}"#, "201 PUT text/plain - plain"])
    }

    @Test func aRefusedConnectionIsALocatedNetworkErrorTheChainForwards() throws {
        let backend = try TestBackend.start()
        let port = backend.port
        backend.stop()
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "down", uri = "down:view", hosts = { "127.0.0.1:*" }, operations = {
              function(ctx) hub.http.get("http://127.0.0.1:\(port)/x") end,
              function(ctx)
                local e = ctx.error
                ctx.view:body("e").title = e.domain .. " " .. e.code .. " " .. e.location .. " " .. e.operation
              end,
            } }
            """, backend: backend)
        let screen = try runtime.open("down:view")
        #expect(titles(screen) == ["network 1 http.lua:2 http"])
    }

    @Test func aHostNotListedFailsBeforeConnectingAndSaysWhatToAdd() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/x", .text("secret"))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "closed", uri = "closed:view", hosts = { "api.example.com" }, operations = { function(ctx)
              hub.http.get("$BACKEND/x")
            end } }
            hub.feature { id = "none", uri = "none:view", operations = { function(ctx)
              hub.http.get("$BACKEND/x")
            end } }
            """, backend: backend)
        let closed = try runtime.open("closed:view").lastError
        #expect(closed?.domain == "network")
        #expect(closed?.location == "http.lua:2")
        #expect(closed?.message == backend.substituted(
            #"GET $BACKEND/x: host '$HOST' is not allowed (the feature's hosts are "api.example.com"); add it to hosts = { "$HOST" } in hub.feature"#))
        #expect(try runtime.open("none:view").lastError?.message.contains("(the feature lists no hosts)") == true)
        #expect(backend.requests.isEmpty)
    }

    @Test func schemesOtherThanHTTPAreRefused() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "file", uri = "file:view", hosts = { "127.0.0.1:*" }, operations = { function(ctx)
              hub.http.get("file:///etc/passwd")
            end } }
            """, backend: backend)
        #expect(try runtime.open("file:view").lastError?.description
            == "GET file:///etc/passwd: only absolute http: and https: URLs can be fetched — feature 'file', operation 'http', http.lua:2")
    }

    @Test func anOfflineScreenFailsARequestAtOnceAndSendsNothing() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/x", .text("x"))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "offline", uri = "offline:view", hosts = { "$HOST" }, operations = {
              function(ctx) hub.http.get("$BACKEND/x") end,
              function(ctx) ctx.view:body("e").title = ctx.connectivity .. " " .. ctx.error.domain .. ": " .. ctx.error.message end,
            } }
            """, backend: backend)
        let screen = try runtime.open("offline:view", connectivity: ManualConnectivityStateResolver(state: .offline))
        #expect(titles(screen) == [backend.substituted(
            #"offline connectivity: GET $BACKEND/x was not sent: the screen is offline (its connectivity is "offline")"#)])
        #expect(backend.requests.isEmpty)
    }

    @Test func aFailureCaughtWithPcallIsAnErrorTable() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "caught", uri = "caught:view", hosts = { "$HOST" }, operations = { function(ctx)
              local ok, e = pcall(hub.http.get, "http://api.example.com/")
              ctx.view:body("e").title = tostring(ok) .. " " .. e.domain .. " " .. e.code .. " " .. e.location .. " " .. tostring(e)
            end } }
            """, backend: backend)
        let screen = try runtime.open("caught:view")
        let title = titles(screen).first ?? ""
        #expect(title.hasPrefix("false network 4 http.lua:2 GET http://api.example.com/: host 'api.example.com' is not allowed"), "\(title)")
        #expect(title.hasSuffix(" — feature 'caught', operation 'http', http.lua:2"), "\(title)")
    }

    @Test func badArgumentsAreErrorsAtTheCallersLine() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "bad", uri = "bad:view", hosts = { "$HOST" }, operations = {
              function(ctx) hub.http.get(42) end,
              function(ctx) local ok, e = pcall(hub.http.request, { url = "$BACKEND/", methd = "GET" }); ctx.view:body("a").title = e end,
              function(ctx) local ok, e = pcall(hub.http.get, "$BACKEND/", { timeout = -1 }); ctx.view:body("b").title = e end,
              function(ctx) local ok, e = pcall(hub.http.all, {}); ctx.view:body("c").title = e end,
              function(ctx) local ok, e = pcall(hub.http.get, "$BACKEND/", { headers = { ["bad name"] = "x" } }); ctx.view:body("d").title = e end,
            } }
            """, backend: backend)
        let screen = try runtime.open("bad:view")
        #expect(screen.loader.operationStatuses.first?.error?.description
            == "bad argument #1 to 'hub.http.get' (string expected, got number) — feature 'bad', operation 'http', http.lua:2")
        #expect(titles(screen) == [
            "bad argument #1 to 'hub.http.request' (unknown key 'methd'; did you mean 'method'? (known: body, cache, headers, method, timeout, url))",
            "bad argument #2 to 'hub.http.get' (field 'timeout': positive integer (milliseconds) expected, got -1)",
            "bad argument #1 to 'hub.http.all' (a non-empty list of requests expected)",
            "bad argument #2 to 'hub.http.get' (field 'headers': header 'bad name' is not a valid header field)",
        ])
        #expect(backend.requests.isEmpty)
    }

    @Test func allReturnsTheResponsesInOrderAndRaisesTheFirstFailure() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/slow", .text("slow", after: 200))
        backend.route("/fast", .text("fast"))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "all", uri = "all:view", hosts = { "$HOST" }, operations = {
              function(ctx)
                local responses = hub.http.all { "$BACKEND/slow", { url = "$BACKEND/fast" } }
                ctx.view:body("a").title = responses[1].body .. "," .. responses[2].body
                local ok, e = pcall(hub.http.all, { "$BACKEND/fast", "http://elsewhere.example/" })
                ctx.view:body("b").title = e.code .. " " .. e.message
              end,
            } }
            """, backend: backend)
        let screen = try runtime.open("all:view")
        #expect(titles(screen).first == "slow,fast")
        #expect(titles(screen).last?.hasPrefix("4 GET http://elsewhere.example/: host 'elsewhere.example' is not allowed") == true)
    }

    @Test func twoScreensFetchAtTheSameTime() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/held", .neverAnswer)
        backend.route("/a", .text("A", after: 300))
        backend.route("/b", .text("B", after: 300))
        // An hour for each run: a run still waiting was never stopped by a timeout.
        let runtime = try makeHTTPRuntime(
            """
            for _, name in ipairs { "a", "b", "held" } do
              hub.feature { id = name, uri = name .. ":view", hosts = { "$HOST" }, timeout = 3600000, operations = { function(ctx)
                ctx.view:body("x").title = hub.http.get("$BACKEND/" .. name).body
              end } }
            end
            """, backend: backend) { $0.manager.operationLimits.timeout = 3_600_000 }

        // One after the other, the second screen would wait for ever behind a first that is
        // never answered: it gets its answer while the first still waits.
        var held: Screen? = try runtime.open("held:view", options: ScreenOptions(load: false))
        let answered = try runtime.open("b:view", options: ScreenOptions(load: false))
        held?.appear()
        answered.appear()
        #expect(runtime.loop.run(until: { !answered.isBusy && backend.requestCount("/held") == 1 }, timeout: 60_000))
        #expect(titles(answered) == ["B"])
        #expect(held?.isBusy == true)
        held = nil
        #expect(runtime.loop.awaitedCount == 0)

        let first = try runtime.open("a:view", options: ScreenOptions(load: false))
        let second = try runtime.open("b:view", options: ScreenOptions(load: false))
        first.appear()
        second.appear()
        #expect(runtime.loop.run(until: { !first.isBusy && !second.isBusy }, timeout: 60_000))
        #expect(titles(first) == ["A"])
        #expect(titles(second) == ["B"])
    }

    @Test func aRunHasAtMostSixteenRequestsInFlight() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/item", .text("i", after: 200))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "many", uri = "many:view", hosts = { "$HOST" }, operations = { function(ctx)
              local list = {}
              for i = 1, 20 do list[i] = "$BACKEND/item?n=" .. i end
              ctx.view:body("n").title = tostring(#hub.http.all(list))
            end } }
            """, backend: backend)
        var screen: Screen?
        let elapsed = try milliseconds { screen = try runtime.open("many:view") }
        #expect(screen.map(titles) == ["20"])
        #expect(backend.requests.count == 20)
        // Sixteen at a time: the last four start once the first answers come, 200 ms later.
        #expect(elapsed >= 400, "took \(elapsed) ms")
    }

    @Test func aFreshCachedResponseAnswersARescheduleWithoutSending() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/fresh", .json(#"{"n": 1}"#, maxAge: 60))
        backend.route("/etag", .json(#"{"n": 2}"#, maxAge: 0, etag: "\"v1\""))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "cached", uri = "cached:view", hosts = { "$HOST" }, operations = { function(ctx)
              local fresh = hub.http.get("$BACKEND/fresh")
              local validated = hub.http.get("$BACKEND/etag")
              local row = ctx.view:body("r" .. (ctx.state.runs or 0))
              row.title = tostring(fresh.from_cache) .. " " .. tostring(validated.from_cache) .. " " .. validated:json().n
              ctx.state.runs = (ctx.state.runs or 0) + 1
            end } }
            """, backend: backend)
        let screen = try runtime.open("cached:view")
        screen.reload()
        runtime.manager.settle(screen)
        #expect(titles(screen) == ["true true 2"])
        #expect(backend.requestCount("/fresh") == 1)
        #expect(backend.requestCount("/etag") == 2)
        #expect(backend.requests.last?.header("if-none-match") == "\"v1\"")
    }

    @Test func redirectsAreFollowedWithinTheHostsAndStopAfterFive() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/old", .redirect(to: "/new", status: 301))
        backend.route("/new", .text("moved here"))
        backend.route("/away", .redirect(to: "http://elsewhere.example/steal"))
        backend.route("/loop", .redirect(to: "/loop"))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "moves", uri = "moves:view", hosts = { "$HOST" }, operations = { function(ctx)
              ctx.view:body("a").title = hub.http.get("$BACKEND/old").body
              ctx.view:body("b").title = select(2, pcall(hub.http.get, "$BACKEND/away")).message
              ctx.view:body("c").title = select(2, pcall(hub.http.get, "$BACKEND/loop")).message
            end } }
            """, backend: backend)
        let screen = try runtime.open("moves:view")
        #expect(titles(screen).first == "moved here")
        #expect(titles(screen)[1].hasPrefix("a redirect to http://elsewhere.example/steal: host 'elsewhere.example' is not allowed"))
        #expect(titles(screen)[2] == backend.substituted("GET $BACKEND/loop: stopped after 5 redirects"))
        #expect(backend.requestCount("/loop") == 6)
    }

    @Test func testsAndActionsFetchToo() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/ping", .text("pong"))
        let runtime = try makeHTTPRuntime(
            """
            hub.feature { id = "plain", uri = "plain:view", hosts = { "$HOST" }, operations = { function(ctx) end } }
            hub.action("net:ping", function(ctx) pinged = hub.http.get("$BACKEND/ping").body; return true end)
            """, backend: backend)
        let value = try runtime.evaluate(backend.substituted(#"return hub.http.get("$BACKEND/ping").body"#), inFolder: "Fixtures/Sandbox")
        #expect(value == .string("pong"))
        let screen = try runtime.open("plain:view")
        #expect(screen.performAction(Identifier(namespace: "net", name: "ping"), customData: nil))
        runtime.manager.settle(screen)
        #expect(try runtime.evaluate("return pinged", inFolder: "Fixtures/Sandbox") == .string("pong"))
    }

    @Test func fetchingWhileAFolderLoadsFailsThatFolder() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        let runtime = try makeHTTPRuntime("", backend: backend)
        #expect {
            try runtime.loadFeatures(at: TestPaths.fixture("HTTPOnLoad"))
        } throws: { error in
            "\(error)".contains("it can only wait inside an operation, an action, a test (hub.test) or the REPL — feature folder '")
        }
    }
}
