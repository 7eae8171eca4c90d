import HubCore
import Testing
@testable import HubLua
@testable import LuaBridge

/// With the default limits, a test (or a REPL line) that opens a view whose operation runs away
/// keeps enough of its budget to look at how the operation failed.
@Suite struct CallerReserveTests {
    @Test func aTestAssertsTheErrorOfAnOperationThatLoopsForeverUnderDefaultLimits() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx) while true do end end } }
            """)
        #expect(runtime.lua.instructionBudget == HubDefaults.Limits.instructionBudget)
        let result = try runtime.run(
            """
            local s = hub.open("spin:view")
            local after = 0
            for i = 1, 1000 do after = after + i end
            return { s.error.message, s.error.operation, after }
            """)
        #expect(result == .array([.string("instruction budget exceeded (200000000 instructions)"), .string("feature:1"), .int(500_500)]))
    }

    @Test func theReserveIsNoRefillACallerThatKeepsOpeningRunawaysRunsOut() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx) while true do end end } }
            """)
        runtime.lua.instructionBudget = 2_000_000
        #expect(throws: LuaError.self) {
            try runtime.run("for _ = 1, 100 do hub.open('spin:view') end")
        }
    }
}
