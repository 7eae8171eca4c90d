import HubCore
import HubRender
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// Scripts cannot make drawing a view allocate or run without bound: a component's height is
/// capped, a render that would not fit in the memory limit is an error, from Lua and from Swift,
/// and all the component calls of one render share one budget.
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
        #expect(runtime.problems.map(\.description) == [
            "returned a height of 1000000000000 rows; components are at most 10000 rows high — component 't:tall', size, tall.lua:1",
        ])
        #expect(try othersStillWork(runtime))
    }

    @Test func aViewTooBigToDrawWholeIsAnErrorAndDrawsWithAHeight() throws {
        let runtime = try makeTall(height: "9000", rows: 1000)
        let screen = try runtime.open("tall:view", options: ScreenOptions(width: 80))
        let error = #expect(throws: RenderError.self) { try runtime.render(screen) }
        #expect(error == RenderError(viewURI: "tall:view", width: 80, height: 9_001_003, memoryLimit: 256 << 20))
        #expect(error?.description == "the view 'tall:view' is 80 × 9001003 cells, more than fits in the memory limit (256 MiB); "
            + "give it a height to print part of it")
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

    @Test func theComponentsOfOneRenderShareOneBudget() throws {
        // Each turn of a render's loop adds one to `spins`, which the `spins` view shows.
        let runtime = try makeHostileRuntime(
            """
            local spins = 0 hub.component { id = "z:spin", size = function(self, model, container) return container.width, 1 end,
              render = function(self, model, canvas) while true do spins = spins + 1 end end }
            hub.feature { id = "spin", uri = "spin:view", operations = { function(ctx)
              for i = 1, 30 do ctx.view:body("row-" .. i).component = "z:spin" end
            end } }
            hub.feature { id = "spins", uri = "spins:view", operations = { function(ctx) ctx.view:body("n").title = tostring(spins) end } }
            """, chunk: "spin.lua")
        runtime.lua.instructionBudget = 5_000_000
        let screen = try runtime.open("spin:view", options: ScreenOptions(width: 60))
        let text = try runtime.render(screen)
        // A turn takes more than one instruction: all 30 renders together turned fewer times
        // than one budget has instructions, where 30 budgets would have let them turn 30 times as often.
        let spins = try runtime.open("spins:view").viewModel.body.first?.title.flatMap { Int($0) } ?? -1
        #expect((1..<5_000_000).contains(spins), "one budget for 30 components, not 30: \(spins) turns")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix(" ! instruction budget exceeded (5000000 instructions)") }.count == 30)
        #expect(runtime.problems.map(\.description) == ["instruction budget exceeded (5000000 instructions) — component 'z:spin', render, spin.lua:2"])
        #expect(try othersStillWork(runtime))
    }

    @Test func aSizeThatIsNotTwoNumbersIsReportedWhereTheFunctionIs() throws {
        let runtime = try makeTall(height: "'tall'")
        let screen = try runtime.open("tall:view", options: ScreenOptions(width: 20))
        #expect(screen.layout().body.map(\.height) == [1], "the default size")
        #expect(runtime.problems.map(\.description) == ["must return two integers (width, height) — component 't:tall', size, tall.lua:1"])
    }
}
