import HubCore
import LuaBridge
import Testing
@testable import HubLua

/// What drawing a screen takes is given back once it is drawn: a test may render a large
/// screen many times under the default memory limit.
@Suite struct TransientMemoryTests {
    @Test func twentyRendersOfTenThousandRowsFitTheDefaultLimit() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "rows", uri = "rows:view", operations = { function(ctx)
              for i = 1, 10000 do ctx.view:body("row-" .. i).title = "Row " .. i end
            end } }
            """)
        #expect(runtime.lua.memoryLimit == HubDefaults.Limits.memory)
        let result = try runtime.run(
            """
            local s = hub.open("rows:view", { width = 80 })
            local lines = 0
            for _ = 1, 20 do lines = select(2, s:render():gsub("\\n", "")) end
            return lines
            """)
        #expect(result == .int(10_002))
    }
}
