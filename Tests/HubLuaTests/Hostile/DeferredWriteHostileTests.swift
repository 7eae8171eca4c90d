import HubCore
import HubRender
import Testing
@testable import HubLua

/// Scripts that turn the component builders' deferred writes (kept in C until Swift looks)
/// against the runtime: writes that make C hand over on every assignment, a handle written
/// while another feature runs, writes at a full stack (a handle kept past its operation:
/// EndedRunHostileTests). None crashes, hangs, or changes a model it should not.
@Suite struct DeferredWriteHostileTests {
    @Test func writesAlternatingBetweenTwoHandlesForeverStopAtTheBudgetAtTheirLine() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "churn", uri = "churn:view", operations = {
              hub.operation { name = "churn", budget = 1000000, perform = function(ctx)
                local a, b = ctx.view:body("a"), ctx.view:body("b")
                while true do a.title = "a"; b.title = "b" end
              end },
            } }
            """, chunk: "churn.lua")
        let screen = try runtime.open("churn:view")
        #expect(screen.loader.operationStatuses.first?.error?.description
            == "instruction budget exceeded (1000000 instructions) — feature 'churn', operation 'churn', churn.lua:4")
        #expect(try othersStillWork(runtime))
    }

    @Test func aWriteWaitingWhenAnotherFeatureRunsIsHandedOverFirstToItsOwnBuilder() throws {
        let runtime = try makeHostileRuntime(
            """
            kept = nil
            hub.feature { id = "first", uri = "first:view", operations = { function(ctx)
              kept = ctx.view:body("row")
              kept.title = "first's row"
              hub.open("healthy:view")
              kept.subtitle = "set after another feature ran"
            end } }
            """, chunk: "first.lua")
        let first = try runtime.open("first:view")
        #expect(first.viewModel.body.map(\.title) == ["first's row"])
        #expect(first.viewModel.body.first?.subtitle == "set after another feature ran")
        #expect(try othersStillWork(runtime))
        #expect(try runtime.open("healthy:view").viewModel.body.map(\.identifier) == ["ok"])
    }

    /// Handles made and written where Lua's stack is all but full, in a message handler run at
    /// a stack overflow, and at the bottom of a deep recursion: the process survives, the error
    /// names its line, and the writes made where there was room reach the model.
    @Test func writesMadeAtAFullStackNeitherCrashNorVanishSilently() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "deep", uri = "deep:view", operations = { function(ctx)
              local v = ctx.view
              local function bottom(n)
                if n == 0 then
                  for i = 1, 300 do v:body("deep" .. i).title = "D" .. i end
                  return 0
                end
                return 1 + bottom(n - 1)
              end
              bottom(10000)
              local function overflow() return 1 + overflow() end
              local ok, err = xpcall(overflow, function(message)
                v:body("handler").title = "from the handler"
                return message
              end)
              v:body("after").title = tostring(ok) .. ": " .. tostring(err):sub(1, 60)
            end } }
            """, chunk: "deep.lua")
        let screen = try runtime.open("deep:view")
        let body = screen.viewModel.body
        let error = screen.loader.operationStatuses.first?.error?.description
        #expect(error == nil, "\(error ?? "")")
        #expect(body.map(\.identifier) == (1...300).map { "deep\($0)" } + ["handler", "after"])
        #expect(body.prefix(300).map(\.title) == (1...300).map { "D\($0)" })
        #expect(body.suffix(2).map(\.title) == ["from the handler", "false: deep.lua:11: stack overflow"])
        #expect(try othersStillWork(runtime))
    }
}
