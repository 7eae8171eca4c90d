import HubCore
import HubRender
import Testing
@testable import HubLua

/// Scripts that turn the component builders' deferred writes (kept in C until Swift looks)
/// against the runtime: a handle kept past its operation, writes that make C hand over on every
/// assignment, a handle written from another feature's run. None crashes, hangs, or changes a
/// model it should not.
@Suite struct DeferredWriteHostileTests {
    @Test func aHandleKeptPastItsOperationReachesNoLaterModel() throws {
        let runtime = try makeHostileRuntime(
            """
            kept = nil
            hub.feature { id = "keeper", uri = "keeper:view", operations = { function(ctx)
              kept = ctx.view:body("mine")
              kept.title = "mine"
            end } }
            hub.feature { id = "writer", uri = "writer:view", operations = { function(ctx)
              for i = 1, 100 do
                kept.title = "taken " .. i
                ctx.view:body("w" .. i).title = "w" .. i
              end
              kept.subtitle = "after"
            end } }
            """, chunk: "keeper.lua")
        let keeper = try runtime.open("keeper:view")
        let writer = try runtime.open("writer:view")
        #expect(writer.viewModel.body.count == 100)
        #expect(writer.viewModel.body.map(\.identifier).contains("mine") == false)
        #expect(writer.viewModel.body[99].title == "w100")
        #expect(keeper.viewModel.body.map(\.title) == ["mine"])
        #expect(keeper.viewModel.body[0].subtitle == nil)
        #expect(try runtime.open("keeper:view").viewModel.body.map(\.title) == ["mine"])
        #expect(try othersStillWork(runtime))
    }

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
            == "feature 'churn', operation 'churn': churn.lua:4: instruction budget exceeded (1000000 instructions)")
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
}
