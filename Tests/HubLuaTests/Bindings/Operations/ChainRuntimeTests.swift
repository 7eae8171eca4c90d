import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

@Suite struct ChainRuntimeTests {
    @Test func prependedFeatureAndAppendedOperationsRunInOrderWithErrorsForwarded() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"), appWide: ["Manager"])
        let screen = try runtime.open("managed:view")
        #expect(screen.loader.operationStatuses.map(\.name) == ["prepended", "content", "appended"])
        #expect(screen.loader.operationStatuses.map(\.phase) == [.failed, .failed, .finished])
        #expect(screen.viewModel.body.map(\.identifier) == ["content", "appended"])
        #expect(screen.viewModel.body.map(\.title) == ["prepended failed", "content failed"])
        #expect(screen.lastError == nil)
    }

    @Test func initialContentIsShownWhenNotLoading() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"), appWide: ["Manager"])
        let screen = try runtime.open("managed:view", options: .init(load: false))
        #expect(screen.viewModel.body.map(\.identifier) == ["skeleton"])
        #expect(screen.viewModel.body.first?.title == "Loading")
        #expect(screen.loader.operationStatuses.map(\.runs) == [0, 0, 0])
    }

    @Test func anOperationBehindOneAtWorkIsQueuedNotRunning() throws {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "waits", uri = "waits:view", operations = {
              hub.operation { name = "first", perform = function(ctx) hub.await(function(done) resume = done end) end },
              hub.operation { name = "second", perform = function(ctx) ctx.view:body("b").title = "second" end },
            } }
            """, named: "waits")
        let runtime = try makeRuntime((folder as NSString).deletingLastPathComponent)
        let screen = try runtime.open("waits:view")
        let waiting = screen.loader.operationStatuses
        #expect(waiting.map(\.phase) == [.running, .queued])
        #expect(waiting.map(\.runs) == [1, 0])
        _ = try runtime.evaluate("resume()", inFolder: "waits")
        runtime.manager.settle(screen)
        #expect(screen.loader.operationStatuses.map(\.phase) == [.finished, .finished])
        #expect(screen.loader.operationStatuses.map(\.runs) == [1, 1])
    }

    @Test func anOperationsOwnYieldResumesItAsLuaWouldPassingNothing() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"), appWide: ["Manager"])
        let screen = try runtime.open("misbehaving:yield")
        #expect(screen.loader.operationStatuses.map(\.phase) == [.failed, .finished, .finished])
        #expect(screen.viewModel.body.first { $0.identifier == "resumed" }?.title == "true nil")
    }

    @Test func failingAwaitStartFailsTheOperationWithItsLocation() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"), appWide: ["Manager"])
        let screen = try runtime.open("misbehaving:await")
        let error = try #require(screen.loader.operationStatuses[1].error)
        #expect(error.message == "cannot start")
        #expect(error.location?.hasSuffix("Fixtures/Manager/feature.lua:42") == true)
    }

    @Test func errorTablesNeverLeakMetatablesOntoStrings() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let result = try runtime.evaluate(
            """
            local s = hub.open("chain:errors")
            return tostring(s.chain[1].error) .. "|" .. ("abc"):upper()
            """, inFolder: "Examples/Chain")
        #expect(result == .string("offline — feature 'errors', operation 'fetch', operations/examples.lua:49|ABC"))
    }
}

@Suite struct OperationActionTests {
    @Test func operationsPerformActionsThatEveryOperationObserves() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local seen = {}
            hub.feature { id = "acting", uri = "acting:view", operations = {
              hub.operation { name = "performer", perform = function(ctx)
                ctx.state.result = ctx:perform_action("demo:ping", { n = 1 })
              end },
              hub.operation { name = "observer", perform = function(ctx) end,
                on_action = function(ctx, action)
                  seen[#seen + 1] = action.action .. "/" .. action.trigger .. "/" .. action.custom.n .. "/" .. tostring(action.component)
                end },
            } }
            hub.open("acting:view")
            local s = hub.open("acting:view")
            s:perform("demo:pong", { n = 2 })
            return table.concat(seen, " ")
            """, inFolder: "Fixtures/Sandbox")
        #expect(result == .string("demo:ping/operation/1/nil demo:ping/operation/1/nil demo:pong/operation/2/nil"))
    }
}

@Suite struct ScrollAnchorTests {
    @Test func anUpdateKeepsTheTopmostVisibleComponentInPlace() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            hub.feature { id = "anchor", uri = "anchor:view", operations = { hub.operation {
              name = "rows",
              perform = function(ctx)
                for i = ctx.state.first or 1, 30 do ctx.view:body("row-" .. i).title = "row-" .. i end
              end,
              on_action = function(ctx, action) ctx.state.first = 6; ctx:reschedule() end,
            } } }
            local s = hub.open("anchor:view", { width = 20, height = 6 })
            s:render()
            s:scroll(10)
            local before = s:render()
            s:perform("anchor:drop")
            return before .. "|" .. s:render()
            """, inFolder: "Fixtures/Sandbox")
        let views = try #require(result.stringValue).split(separator: "|").map(String.init)
        #expect(views[0].hasSuffix(" row-11\n row-12\n row-13\n row-14\n"))
        #expect(views[1] == views[0], "five rows above were removed; the view did not move")
    }
}

@Suite struct RunawayScriptTests {
    @Test func aRunawayOperationBecomesAChainErrorNamingItsPlace() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.lua.instructionBudget = 1_000_000
        _ = try runtime.evaluate(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { hub.operation { name = "spin",
              perform = function(ctx)
                while true do pcall(function() while true do end end) end
              end } } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@spin.lua")
        let screen = try runtime.open("spin:view")
        let error = try #require(screen.lastError)
        #expect(error.feature == "spin" && error.operation == "spin")
        #expect(error.message == "instruction budget exceeded (1000000 instructions)")
        #expect(error.location == "spin.lua:3")
        #expect(screen.loader.isLoading == false)
    }

    @Test func theBudgetIsArmedOnceForNestedCalls() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.lua.instructionBudget = 1_000_000
        #expect {
            try runtime.evaluate(
                """
                hub.feature { id = "nested", uri = "nested:view", operations = { function(ctx) end } }
                hub.open("nested:view")
                while true do end
                """, inFolder: "Fixtures/Sandbox")
        } throws: { error in
            (error as? ScriptError)?.message == "instruction budget exceeded (1000000 instructions)"
        }
    }
}

@Suite struct TimerTests {
    @Test func hubAfterInsideAnOperationKeepsItsCallbackAndCallsItOnTheLoop() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local fired = {}
            hub.feature { id = "timer", uri = "timer:view", operations = { function(ctx)
              hub.after(0, function() fired[#fired + 1] = "soon" end)
              hub.after(50, function() fired[#fired + 1] = "later" end)
            end } }
            hub.open("timer:view")
            local before = #fired
            hub.sleep(50)
            return before .. " " .. table.concat(fired, ",")
            """, inFolder: "Fixtures/Sandbox")
        #expect(result == .string("0 soon,later"))
        #expect(runtime.problems.isEmpty)
    }
}
