import HubCore
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// A view kept open through many reschedules and reloads does not grow: neither the Lua state
/// nor the Swift side keeps what earlier runs made. (`Scripts/sanitize` runs this under
/// AddressSanitizer and LeakSanitizer too.)
@Suite struct ReloadCycleTests {
    @Test func aThousandReschedulesAndReloadsLeaveMemoryWhereItWas() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let result = try runtime.evaluate(
            """
            local s = hub.open("chain:search", { width = 40 })
            for cycle = 1, 1000 do
              if cycle % 2 == 0 then s:reload() else s:reschedule(1) end
              if cycle % 100 == 0 then s:render() end
            end
            return { #s.model.body, s.chain[1].runs }
            """, inFolder: "Examples/Chain")
        #expect(result.arrayValue?.count == 2)
        runtime.lua.collectGarbage()
        let afterWarmUp = runtime.lua.memoryUsed
        _ = try runtime.evaluate(
            """
            local s = hub.open("chain:search", { width = 40 })
            for cycle = 1, 1000 do
              if cycle % 2 == 0 then s:reload() else s:reschedule(1) end
            end
            """, inFolder: "Examples/Chain")
        runtime.lua.collectGarbage()
        #expect(runtime.lua.memoryUsed < afterWarmUp + 64 * 1024, "\(runtime.lua.memoryUsed) bytes after, \(afterWarmUp) before")
        #expect(runtime.problems.isEmpty, "\(runtime.problems)")
    }
}
