import Foundation
import HubCore
import HubLua
import HubRender
import HubTestFeatures
import Testing

/// `runtime.limits`: HubLua's own way to set what scripts may use, without the bridge.
@Suite struct LimitsTests {
    /// A runtime with `limits` set before loading a feature whose view `limits:view` runs
    /// `body` as its operation `work` (in `work.lua`), and the error that view failed with.
    private func failure(of body: String, under limits: (inout HubRuntime.Limits) -> Void) throws -> String? {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "limits", uri = "limits:view", operations = {
              hub.operation { name = "work", perform = function(ctx)
            \(body)
              end },
            } }
            """, named: "limits")
        let runtime = try HubRuntime(clock: .virtual)
        limits(&runtime.limits)
        try runtime.loadFeatures(at: folder)
        return try runtime.open("limits:view").lastError.map { "\($0.message) — \($0.operation ?? "?")" }
    }

    @Test func aRuntimeStartsAtTheDefaultsAndSetsEachLimit() throws {
        let runtime = try HubRuntime(clock: .virtual)
        #expect(runtime.limits == HubRuntime.Limits(
            instructionBudget: HubDefaults.Limits.instructionBudget, memory: HubDefaults.Limits.memory,
            timeLimit: HubDefaults.Limits.timeLimit))
        runtime.limits.instructionBudget = 1_000
        runtime.limits.memory = 8 << 20
        runtime.limits.timeLimit = 0
        #expect(runtime.limits == HubRuntime.Limits(instructionBudget: 1_000, memory: 8 << 20, timeLimit: 0))
    }

    @Test func aLoweredInstructionBudgetStopsARunawayOperation() throws {
        let error = try failure(of: "while true do end") { $0.instructionBudget = 1_000_000 }
        #expect(error == "instruction budget exceeded (1000000 instructions) — work")
    }

    @Test func aLoweredMemoryLimitStopsAnOperationThatGrowsPastIt() throws {
        let error = try failure(of: "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1024) .. i end") { $0.memory = 16 << 20 }
        #expect(error == "not enough memory (the limit is 16 MiB) — work")
    }
}
