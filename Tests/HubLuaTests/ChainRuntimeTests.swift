import HubCore
import HubRender
import Testing
@testable import HubLua

@Suite struct ChainRuntimeTests {
    @Test func prependedFeatureAndAppendedOperationsRunInOrderWithErrorsForwarded() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"))
        let screen = try runtime.open("managed:view")
        #expect(screen.loader.operationStatuses.map(\.name) == ["prepended", "content", "appended"])
        #expect(screen.loader.operationStatuses.map(\.phase) == [.failed, .failed, .finished])
        #expect(screen.viewModel.body.map(\.identifier) == ["content", "appended"])
        #expect(screen.viewModel.body.map(\.title) == ["prepended failed", "content failed"])
        #expect(screen.lastError == nil)
    }

    @Test func initialContentIsShownWhenNotLoading() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"))
        let screen = try runtime.open("managed:view", options: .init(load: false))
        #expect(screen.viewModel.body.map(\.identifier) == ["skeleton"])
        #expect(screen.viewModel.body.first?.title == "Loading")
        #expect(screen.loader.operationStatuses.map(\.runs) == [0, 0, 0])
    }

    @Test func yieldingOutsideHubRequestsFailsTheOperation() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"))
        let screen = try runtime.open("misbehaving:yield")
        #expect(screen.loader.operationStatuses.map(\.phase) == [.failed, .failed, .finished])
        let error = try #require(screen.loader.operationStatuses[1].error)
        #expect(error.feature == "misbehaving")
        #expect(error.message == "operation yielded outside hub.sleep and hub.await")
    }

    @Test func failingAwaitStartFailsTheOperationWithItsLocation() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Manager"))
        let screen = try runtime.open("misbehaving:await")
        let error = try #require(screen.loader.operationStatuses[1].error)
        #expect(error.message == "cannot start")
        #expect(error.location?.hasSuffix("Fixtures/Manager/feature.lua:38") == true)
    }

    @Test func errorTablesNeverLeakMetatablesOntoStrings() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let result = try runtime.evaluate(
            """
            local s = hub.open("chain:errors")
            return tostring(s.chain[1].error) .. "|" .. ("abc"):upper()
            """, inFolder: "Examples/Chain")
        #expect(result == .string("feature 'errors', operation 'fetch': Examples/Chain/operations/examples.lua:49: offline|ABC"))
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
                  seen[#seen + 1] = action.id .. "/" .. action.trigger .. "/" .. action.custom.n .. "/" .. tostring(action.component)
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
