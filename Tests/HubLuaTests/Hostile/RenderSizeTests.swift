import HubRender
import Testing
@testable import HubLua

/// Scripts cannot make drawing a view allocate without bound: a component's height is capped,
/// and a render that would not fit in the memory limit is an error, from Lua and from Swift.
@Suite struct RenderSizeTests {
    private func makeTall(height: String, rows: Int = 1) throws -> HubRuntime {
        try makeHostileRuntime(
            """
            hub.component { id = "t:tall", size = function(self, model, container) return container.width, \(height) end,
              render = function(self, model, canvas) canvas:text(0, 0, "tall") end }
            hub.feature { id = "tall", uri = "tall:view", operations = { function(ctx)
              for i = 1, \(rows) do ctx.view:body("row-" .. i).component = "t:tall" end
            end } }
            """, chunk: "tall.lua")
    }

    @Test func aComponentAskingForAHugeHeightGetsTheMostThereIsAndItIsReported() throws {
        let runtime = try makeTall(height: "1e12")
        let screen = try runtime.open("tall:view", options: ScreenOptions(width: 20))
        #expect(screen.layout().body.map(\.height) == [10_000])
        // The navigation bar, a margin, the component and a margin.
        #expect(try runtime.render(screen).filter { $0 == "\n" }.count == 2 + 1 + 10_000 + 1)
        #expect(runtime.problems == [
            "component 't:tall': size returned a height of 1000000000000 rows; components are at most 10000 rows high",
        ])
        #expect(try othersStillWork(runtime))
    }

    @Test func aViewTooBigToDrawWholeIsAnErrorAndDrawsWithAHeight() throws {
        let runtime = try makeTall(height: "9000", rows: 1000)
        let screen = try runtime.open("tall:view", options: ScreenOptions(width: 80))
        #expect(throws: LuaError(message: "the view 'tall:view' is 80 × 9001003 cells, more than fits in the memory limit (256 MiB); give it a height to print part of it")) {
            try runtime.render(screen)
        }
        screen.resize(width: 10, height: 4)
        #expect(try runtime.render(screen) == "   tall\n──────────\n\n tall\n")
    }

    @Test func aScreenRenderedFromLuaAtAnAbsurdWidthRunsOutOfMemoryNotTheProcess() throws {
        let runtime = try makeTall(height: "1")
        let result = try runtime.evaluate(
            """
            local s = hub.open("tall:view", { width = 1e9, height = 1000 })
            return select(2, pcall(s.render, s))
            """, inFolder: "Fixtures/Sandbox", chunkName: "@wide.lua")
        #expect(result == .string("not enough memory (the limit is 256 MiB)"))
        #expect(try othersStillWork(runtime))
    }
}
