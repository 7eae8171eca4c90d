import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// A screen's size from Lua: `hub.open` options, `s.width` / `s.height`, `s:resize`, and
/// `s:render { width, height }`, which resizes before rendering.
@Suite struct ScreenBindingsTests {
    @Test func aScreenHasASizeThatResizingAndRenderingChange() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            hub.feature { id = "sized", title = "Sized", uri = "sized:view", operations = { function(ctx)
              for i = 1, 10 do ctx.view:body("r" .. i).title = "r" .. i end
            end } }
            local s = hub.open("sized:view", { width = 20, height = 6 })
            local sizes = { s.width .. "x" .. s.height, s:scroll(3) }
            s:resize(30)
            sizes[#sizes + 1] = s.width .. "x" .. tostring(s.height)
            sizes[#sizes + 1] = s:scroll(3)
            local text = s:render { width = 12, height = 4 }
            sizes[#sizes + 1] = s.width .. "x" .. s.height
            sizes[#sizes + 1] = #s:frames().body
            return table.concat(sizes, " ") .. "|" .. text
            """, inFolder: "Fixtures/Sandbox")
        #expect(result == .string("20x6 3 30xnil 0 12x4 10|   Sized\n────────────\n r1\n r2\n"))
    }
}
