import HubCore
import Testing
@testable import HubLua

/// Scripts that turn component handles (made in C, their components created when Swift next
/// looks) against the runtime: a run's view, or a handle, kept past the run and used to stage
/// components from another feature's run; handles staged by the hundred thousand. None crashes,
/// hangs, or changes a model it should not.
@Suite struct ComponentHandleHostileTests {
    @Test func aViewOrHandleKeptPastItsRunStagesIntoNoLaterModel() throws {
        let runtime = try makeHostileRuntime(
            """
            kept = {}
            hub.feature { id = "keeper", uri = "keeper:view", operations = { function(ctx)
              kept.ctx, kept.row = ctx, ctx.view:body("mine")
              kept.row.title = "mine"
            end } }
            hub.feature { id = "intruder", uri = "intruder:view", operations = { function(ctx)
              for i = 1, 50 do
                kept.ctx.view:body("stolen-" .. i).title = "stolen"
                kept.row:child("stolen-child-" .. i)
                ctx.view:body("own-" .. i)
              end
              kept.row:child { id = "by table", title = "stolen" }
            end } }
            """, chunk: "keeper.lua")
        let keeper = try runtime.open("keeper:view")
        let intruder = try runtime.open("intruder:view")
        #expect(intruder.viewModel.body.map(\.identifier) == (1...50).map { "own-\($0)" })
        #expect(keeper.viewModel.body.map(\.identifier) == ["mine"])
        #expect(keeper.viewModel.body[0].children == nil)
        #expect(try runtime.open("keeper:view").viewModel.body.map(\.identifier) == ["mine"])
        #expect(try othersStillWork(runtime))
    }

    @Test func aHundredThousandStagedHandlesAreCollectedAsPlainMemory() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "many", uri = "many:view", operations = { function(ctx)
              local view = ctx.view
              for i = 1, 100000 do view:body("row-" .. (i % 10)):child("c-" .. (i % 7)).title = "t" .. i end
            end } }
            """, chunk: "many.lua")
        let screen = try runtime.open("many:view")
        #expect(screen.viewModel.body.count == 10)
        #expect(screen.viewModel.body[0].children?.count == 7)
        #expect(screen.viewModel.body.last?.identifier == "row-0")
        #expect(screen.viewModel.body.last?.children?.map(\.title).contains("t100000") == true)
        runtime.lua.collectGarbage()
        #expect(runtime.lua.memoryUsed < 4 << 20, "\(runtime.lua.memoryUsed) bytes of Lua memory")
        #expect(try othersStillWork(runtime))
    }
}
