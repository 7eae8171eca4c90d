import HubCore
import HubRender
import LuaBridge
import Testing
@testable import HubLua

/// Scripts that turn component handles (made in C, their components created when Swift next
/// looks) against the runtime: handles staged by the hundred thousand (a run's view, or a
/// handle, kept past the run and staged from: EndedRunHostileTests). None crashes, hangs, or
/// changes a model it should not.
@Suite struct ComponentHandleHostileTests {
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
    @Test func aChainOfHandlesAsDeepAsComponentsMayNestResolvesOnABoundedStack() throws {
        // Each handle's parent is a handle: finding the component of the last must not push a
        // value on Lua's stack for every level above it.
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "deep", uri = "deep:view", operations = { function(ctx)
              local row = ctx.view:body("root")
              for i = 2, 128 do row = row:child("c" .. i) end
              row.title = "deepest"
            end } }
            """, chunk: "deep.lua")
        let screen = try runtime.open("deep:view")
        var component = try #require(screen.viewModel.body.first)
        var identifiers = [component.identifier]
        while let child = component.children?.first {
            component = child
            identifiers.append(child.identifier)
        }
        #expect(identifiers == ["root"] + (2...128).map { "c\($0)" })
        #expect(component.title == "deepest")
        #expect(try othersStillWork(runtime))
    }

    @Test func componentsNestedDeeperThanTheLimitStopTheScriptAtItsLine() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "abyss", uri = "abyss:view", operations = { function(ctx)
              local row = ctx.view:body("root")
              for i = 1, 100000 do row = row:child("c") end
            end } }
            hub.feature { id = "deep-json", uri = "deep-json:view", operations = { function(ctx)
              local row = ctx.view:body("root")
              for i = 2, 128 do row = row:child { id = "c", title = "t" } end
              row:add_json('{"children": [{"id": "x"}]}')
            end } }
            hub.feature { id = "deep-target", uri = "deep-target:view", operations = { function(ctx)
              local view = ctx.view
              for i = 1, 100 do view = view:body("row").target.view end
            end } }
            """, chunk: "abyss.lua")
        let abyss = try runtime.open("abyss:view")
        #expect(abyss.loader.operationStatuses.first?.error?.description
            == "child: components may nest at most 128 deep — feature 'abyss', operation 'abyss', abyss.lua:3")
        let json = try runtime.open("deep-json:view")
        #expect(json.loader.operationStatuses.first?.error?.description
            == "add_json: components may nest at most 128 deep — feature 'deep-json', operation 'abyss', abyss.lua:8")
        let target = try runtime.open("deep-target:view")
        #expect(target.loader.operationStatuses.first?.error?.description
            == "body: components may nest at most 128 deep — feature 'deep-target', operation 'abyss', abyss.lua:12")
        #expect(try othersStillWork(runtime))
    }
}
