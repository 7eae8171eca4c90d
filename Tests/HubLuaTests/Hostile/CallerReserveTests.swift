import HubCore
import HubRender
import Testing
@testable import HubLua
@testable import LuaBridge

/// A test (or a REPL line) that opens a view whose operation runs away keeps its budget to look
/// at how the operation failed (the operation had one of its own); an operation that does keeps a
/// reserve of its own budget, which the views it opens share.
@Suite struct CallerReserveTests {
    @Test func aTestAssertsTheErrorOfAnOperationThatLoopsForeverUnderTheDefaultBudget() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx) while true do end end } }
            """)
        #expect(runtime.lua.instructionBudget == HubDefaults.Limits.instructionBudget)
        // The default budget is about a second of work on a quiet machine, and more than the
        // 10 s wall-clock backstop on one loaded by builds and parallel suites, which then ended
        // the loop first: the budget is what this test is about, so the backstop is put out of
        // its reach (but kept: a budget that stopped counting would fail, not hang the suite).
        runtime.limits.timeLimit = 300_000
        let result = try runtime.run(
            """
            local s = hub.open("spin:view")
            local after = 0
            for i = 1, 1000 do after = after + i end
            return { s.error.message, s.error.operation, after }
            """)
        #expect(result == .array([.string("instruction budget exceeded (200000000 instructions)"), .string("feature:1"), .int(500_500)]))
    }

    @Test func aRunawayInAViewAnOperationOpensLeavesTheOperationItsReserve() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx) while true do end end } }
            hub.feature { id = "opener", uri = "opener:view", operations = { function(ctx)
              ctx.view.title = hub.open("spin:view").error.message
            end } }
            """)
        runtime.lua.instructionBudget = 2_000_000
        let screen = try runtime.open("opener:view")
        #expect(screen.viewModel.title == "instruction budget exceeded (2000000 instructions)")
    }

    @Test func theReserveIsNoRefillAnOperationThatKeepsOpeningRunawaysRunsOut() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx) while true do end end } }
            hub.feature { id = "opener", uri = "opener:view", operations = { function(ctx)
              for _ = 1, 100 do hub.open("spin:view") end
            end } }
            """)
        runtime.lua.instructionBudget = 2_000_000
        let screen = try runtime.open("opener:view")
        #expect(screen.lastError?.message == "instruction budget exceeded (2000000 instructions)")
    }
}
