import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// Operations that never stop on their own: each ends within its limit as an ordinary chain
/// error naming the feature, the operation and the line, and the next operation, another
/// feature and the next screen still work.
@Suite struct RunawayOperationTests {
    @Test func anOperationReschedulingItselfThousandsOfTimesStopsAtItsLimit() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "loop", uri = "loop:view", operations = {
              hub.operation { name = "again", perform = function(ctx)
                ctx.state.n = (ctx.state.n or 0) + 1
                if ctx.state.n < 3000 then ctx:reschedule() end
              end },
              hub.operation { name = "next", perform = function(ctx)
                ctx.view:body("next").title = ctx.error and ctx.error.text or "no error"
              end },
            } }
            """)
        let screen = try runtime.open("loop:view")
        #expect(screen.loader.operationStatuses.map(\.runs) == [1_001, 1_001])
        #expect(screen.viewModel.body.first?.title
            == "rescheduled itself 1000 times in a row with nothing else happening (a loop?) — feature 'loop', operation 'again', hostile.lua:4")
        #expect(try othersStillWork(runtime))
    }

    @Test func aRunThatWaitsThenReschedulesItselfIsStillInARow() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "nap", uri = "nap:view", operations = {
              hub.operation { name = "nap", perform = function(ctx) hub.sleep(0) ctx:reschedule() end },
            } }
            """)
        let screen = try runtime.open("nap:view")
        #expect(screen.loader.operationStatuses.map(\.runs) == [1_001])
        #expect(screen.lastError?.description
            == "rescheduled itself 1000 times in a row with nothing else happening (a loop?) — feature 'nap', operation 'nap', hostile.lua:2")
        #expect(try othersStillWork(runtime))
    }

    @Test func aFeatureCannotLiftTheRuntimesLimits() throws {
        let runtime = try makeHostile(
            """
            local huge = { budget = math.maxinteger, max_reschedules = math.maxinteger, timeout = math.maxinteger }
            local function feature(id, perform)
              hub.feature { id = id, uri = id .. ":view", budget = huge.budget, max_reschedules = huge.max_reschedules,
                timeout = huge.timeout, operations = { hub.operation { name = id, perform = perform } } }
            end
            feature("spin", function(ctx) while true do end end)
            feature("again", function(ctx) ctx:reschedule() end)
            feature("wait", function(ctx) hub.await(function(done) end) end)
            """, budget: 2_000_000)
        let errors = try ["spin", "again", "wait"].map { id in
            let screen = try runtime.open("\(id):view")
            runtime.loop.advance(by: 20_000)
            return screen.lastError?.message
        }
        #expect(errors == [
            "instruction budget exceeded (2000000 instructions)",
            "rescheduled itself 1000 times in a row with nothing else happening (a loop?)",
            "timed out after 10000 ms",
        ])
    }

    @Test func openingAViewThatNeverFinishesLoadingGivesUpAfterTheSettleTimeout() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "poll", uri = "poll:view", operations = {
              hub.operation { name = "poll", perform = function(ctx)
                ctx.view:body("tick").title = "tick " .. ((ctx.state.n or 0) + 1)
                ctx.state.n = (ctx.state.n or 0) + 1
                hub.sleep(5000)
                ctx:reschedule()
              end },
            } }
            """)
        let screen = try runtime.open("poll:view")
        #expect(runtime.loop.now == runtime.manager.settleTimeout)
        #expect(screen.loader.isLoading)
        #expect(try othersStillWork(runtime))
    }

    @Test func aFeatureOrOperationSetsItsOwnRescheduleLimit() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "capped", uri = "capped:view", max_reschedules = 5, operations = {
              hub.operation { name = "a", perform = function(ctx) ctx:reschedule() end },
              hub.operation { name = "b", max_reschedules = 2, perform = function(ctx)
                if not ctx.state.done then ctx.state.done = true; ctx:reschedule() end
              end },
            } }
            """)
        let screen = try runtime.open("capped:view")
        #expect(screen.loader.operationStatuses.map(\.runs) == [6, 7])
        #expect(screen.lastError == nil, "b silenced a's error by finishing")
    }

    @Test func aRunThatNeverFinishesTimesOutAtItsLineAndItsLateWorkIsIgnored() throws {
        let runtime = try makeHostile(
            """
            finish_late = nil
            hub.feature { id = "stuck", uri = "stuck:view", timeout = 500, operations = {
              hub.operation { name = "wait", perform = function(ctx)
                hub.await(function(done) finish_late = done end)
                ctx.view:body("late").title = "should never show"
              end },
              hub.operation { name = "next", perform = function(ctx)
                ctx.view:body("next").title = ctx.error and ctx.error.text or "no error"
              end },
            } }
            """)
        let screen = try runtime.open("stuck:view")
        #expect(screen.loader.isLoading && runtime.loop.now == 0, "opening does not wait for a timeout alone")
        runtime.loop.advance(by: 500)
        #expect(runtime.loop.now == 500)
        #expect(screen.viewModel.body.map(\.title)
            == ["timed out after 500 ms — feature 'stuck', operation 'wait', hostile.lua:4"])
        _ = try runtime.evaluate("finish_late()", inFolder: "Fixtures/Sandbox")
        runtime.loop.advance(by: 0)
        #expect(screen.viewModel.body.count == 1 && screen.loader.isLoading == false, "the late resume is dropped")
        #expect(try othersStillWork(runtime))
    }

    @Test func runsStillGoingWhenTheirViewIsLetGoAreStoppedWithTheirTimers() throws {
        let runtime = try makeHostile(
            """
            waiting = {}
            hub.feature { id = "lingering", uri = "lingering:view", operations = {
              hub.operation { name = "sleeper", perform = function(ctx)
                ctx:finish()
                hub.sleep(60000)
                print("sleeper woke")
              end },
              hub.operation { name = "awaiter", perform = function(ctx)
                ctx:finish()
                hub.await(function(done) waiting[#waiting + 1] = done end)
                print("awaiter woke")
              end },
            } }
            """)
        var printed: [String] = []
        runtime.printOutput = { printed.append($0) }
        let kept = try runtime.open("lingering:view")
        for _ in 0..<100 { _ = try runtime.open("lingering:view") }
        #expect(runtime.loop.nextDue == 60_000, "only the kept screen's sleeper waits")
        _ = try runtime.evaluate("for _, done in ipairs(waiting) do done() end", inFolder: "Fixtures/Sandbox")
        runtime.loop.advance(by: 120_000)
        #expect(printed == ["awaiter woke", "sleeper woke"], "only the kept screen's runs go on")
        #expect(kept.loader.isLoading == false)
        #expect(try othersStillWork(runtime))
    }

    @Test func onARealClockARunThatComputesPastItsTimeoutIsStoppedWhereItIs() throws {
        let runtime = try HubRuntime(clock: .real)
        try runtime.loadFeatures(at: TestPaths.fixture("Sandbox"))
        runtime.lua.instructionBudget = Int.max / 2
        _ = try runtime.evaluate(
            """
            hub.feature { id = "busy", uri = "busy:view", timeout = 300, operations = {
              hub.operation { name = "busy", perform = function(ctx)
                local parts = {}
                for i = 1, 1e5 do parts[i] = "x" end
                while true do local text = table.concat(parts) end
              end },
            } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@busy.lua")
        let screen = try runtime.open("busy:view")
        // The loop never ends and never yields: only the run's own timeout, fired inside it,
        // ends it, at the line it was on (the runtime's backstop would say "time limit exceeded").
        #expect(screen.lastError?.description == "timed out after 300 ms — feature 'busy', operation 'busy', busy.lua:5")
        #expect(screen.loader.operationStatuses.map(\.runs) == [1])
        #expect(runtime.loop.now >= 300, "the run was stopped at its deadline, not before")
    }

    @Test func anOperationsOwnTimeoutWinsOverItsFeatures() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "slow", uri = "slow:view", timeout = 5000, operations = {
              hub.operation { name = "nap", timeout = 50, perform = function(ctx) hub.sleep(1000) end },
            } }
            """)
        let screen = try runtime.open("slow:view")
        #expect(screen.lastError?.description == "timed out after 50 ms — feature 'slow', operation 'nap', hostile.lua:2")
        #expect(runtime.loop.now == 50)
    }

    @Test func sleepsAreValidatedAndTheDefaultTimeoutEndsLongOnes() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "sleepy", uri = "sleepy:view", operations = {
              hub.operation { name = "long", perform = function(ctx) hub.sleep(5e6) end },
              hub.operation { name = "huge", perform = function(ctx) hub.sleep(math.maxinteger) end },
              hub.operation { name = "nan", perform = function(ctx) hub.sleep(0/0) end },
            } }
            """)
        let screen = try runtime.open("sleepy:view")
        let errors = screen.loader.operationStatuses.map { $0.error?.description }
        #expect(errors == [
            "timed out after 10000 ms — feature 'sleepy', operation 'long', hostile.lua:2",
            "bad argument #1 to 'hub.sleep' (milliseconds up to 86400000 expected, got 9223372036854775807) — feature 'sleepy', operation 'huge', hostile.lua:3",
            "bad argument #1 to 'hub.sleep' (milliseconds up to 86400000 expected, got -nan) — feature 'sleepy', operation 'nan', hostile.lua:4",
        ])
        #expect(try othersStillWork(runtime))
    }

    @Test func aRunThatOnlySleepsStillRunsOutOfBudget() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = {
              hub.operation { name = "spin", budget = 1000000, perform = function(ctx)
                while true do hub.sleep(0) end
              end },
            } }
            """)
        let screen = try runtime.open("spin:view")
        #expect(screen.lastError?.description
            == "instruction budget exceeded (1000000 instructions) — feature 'spin', operation 'spin', hostile.lua:3")
        #expect(screen.loader.operationStatuses[0].runs == 1)
    }

    @Test func aRunsBudgetCoversAllItsResumes() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "chunks", uri = "chunks:view", operations = {
              hub.operation { name = "chunks", budget = 3000000, perform = function(ctx)
                for round = 1, 100 do
                  for i = 1, 20000 do end
                  hub.sleep(1)
                end
              end },
            } }
            """)
        let screen = try runtime.open("chunks:view")
        #expect(screen.lastError?.message == "instruction budget exceeded (3000000 instructions)")
        #expect(runtime.loop.now > 10 && runtime.loop.now < 100, "it ran out part way, not on its first resume")
    }

    /// Each loop prints its pass number as it ends the pass.
    @Test(arguments: [
        "for i = 1, 1000 do ctx.view:add_json(text) print(i) end",
        "local parsed = hub.json.decode(text) for i = 1, 1000 do ctx.view:add_json(parsed) print(i) end",
        "local parsed = hub.json.decode(text) for i = 1, 1000 do local again = hub.json.encode(parsed) print(i) end",
    ])
    func jsonWorkCountsAgainstTheBudget(_ loop: String) throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "json", uri = "json:view", operations = { function(ctx)
              local items = {} for i = 1, 2000 do items[i] = '{"id": "x' .. i .. '"}' end
              local text = "[" .. table.concat(items, ",") .. "]"
              \(loop)
            end } }
            """, budget: 4_000_000)
        var passes: [String] = []
        runtime.printOutput = { passes.append($0) }
        let screen = try runtime.open("json:view")
        #expect(screen.lastError?.description == "instruction budget exceeded (4000000 instructions) — feature 'json', operation 'hostile', hostile.lua:4")
        let inOrder: [String] = (0..<passes.count).map { (index: Int) -> String in String(index + 1) }
        #expect(passes == inOrder, "the passes ran in order until the budget stopped one")
        // A pass over 2,000 values is charged at least 10 instructions a value: the budget
        // stops the run within 200 passes, where uncharged work would run all 1,000.
        #expect((1..<200).contains(passes.count), "a few dozen passes of 2,000 values, not a thousand: \(passes.count)")
    }

    @Test func nestedWorkCannotRefillTheBudget() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "cheap", uri = "cheap:view", operations = { function(ctx) ctx.view:body("x").title = "x" end } }
            """, budget: 2_000_000)
        #expect {
            try runtime.evaluate("while true do hub.open('cheap:view') end", inFolder: "Fixtures/Sandbox", chunkName: "@refill.lua")
        } throws: { error in
            (error as? ScriptError)?.message == "instruction budget exceeded (2000000 instructions)"
        }
        #expect(try othersStillWork(runtime))
    }

    @Test func suspendingOutsideAnOperationsOwnCoroutineIsAClearError() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "mine", uri = "mine:view", operations = {
              hub.operation { name = "wrap", perform = function(ctx)
                coroutine.wrap(function() hub.sleep(10) end)()
              end },
            } }
            """)
        let screen = try runtime.open("mine:view")
        #expect(screen.loader.operationStatuses.map { $0.error?.description } == [
            "hub.sleep can only suspend an operation or an action, not a coroutine the script made — feature 'mine', operation 'wrap', hostile.lua:3",
        ])
    }

    @Test func anOperationThatOnlyYieldsRunsOutOfBudget() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "yields", uri = "yields:view", operations = {
              hub.operation { name = "yields", perform = function(ctx) while true do pcall(coroutine.yield) end end },
            } }
            """, budget: 2_000_000)
        let screen = try runtime.open("yields:view")
        #expect(screen.lastError?.description == "instruction budget exceeded (2000000 instructions) — feature 'yields', operation 'yields', hostile.lua:2")
        #expect(try othersStillWork(runtime))
    }

    @Test func unknownKeysInFeatureAndOperationTablesAreErrorsNamingThem() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local messages = {}
            for _, register in ipairs({
              function() hub.feature { id = "typo", uri = "typo:view", timout = 500, operations = { function() end } } end,
              function() hub.feature { id = "typo", uri = "typo:view", operations = { { perfrom = function() end } } } end,
              function() hub.operation { perform = function() end, on_actoin = function() end } end,
              function() hub.feature { id = "typo", uri = "typo:view", timeout = -1, operations = { function() end } } end,
            }) do
              messages[#messages + 1] = select(2, pcall(register))
            end
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@keys.lua")
        let keys = "action_handler, budget, hosts, id, max_reschedules, max_response, operations, reload_policy, schema, store, timeout, title, uri, uri_exclude, uri_match, uri_prefix"
        #expect(result == .array([
            .string("keys.lua:3: feature 'typo': unknown key 'timout'; did you mean 'timeout'? (known: \(keys))"),
            .string("keys.lua:4: feature 'typo': operations[1]: an operation needs a 'perform' function; unknown key 'perfrom'; did you mean 'perform'?"),
            .string("keys.lua:5: operation 'keys': unknown key 'on_actoin'; did you mean 'on_action'? (known: append, budget, initial, max_reschedules, name, on_action, perform, timeout)"),
            .string("keys.lua:6: feature 'typo': 'timeout' must be a positive integer, got -1"),
        ]))
    }
}
