import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

@Suite struct LuaComponentTests {
    @Test func managedChildrenRenderAndImagesArriveAsynchronously() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Widgets"))
        let screen = try runtime.open("widgets:view", options: .init(width: 40))
        #expect(try runtime.render(screen) == """
                            widgets
            ────────────────────────────────────────

            Gallery
            One            Two            Three
            loading        loading        logo.png 1

            Counter none 0

            """)
        runtime.loop.advance(by: 0)
        #expect(try runtime.render(screen).contains("photo.jpg 14x2 loading        logo.png 1\n"))
        #expect(runtime.problems.isEmpty, "\(runtime.problems)")
    }

    @Test func selectionStateAndUIStateReachLuaComponents() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Widgets"))
        let screen = try runtime.open("widgets:view", options: .init(width: 40))
        _ = try runtime.render(screen)
        screen.setSelectionState(.highlighted, at: [1])
        screen.setSelectionState(.selected, at: [1])
        screen.setSelectionState(.selected, at: [1])
        #expect(try runtime.render(screen).contains("Counter selected 1"))
        #expect(screen.savedUIState(forModel: "counter") == .object(["count": .int(1)]))
    }

    @Test func scriptErrorsInComponentsAreReportedAndDrawnInAnErrorBox() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        _ = try runtime.evaluate(
            """
            hub.component { id = "bad:one", traits = { "full_width" }, size = function() return 30, 4 end,
              render = function(self, model, canvas) error("cannot draw") end }
            hub.component { id = "bad:small", traits = { "full_width" }, size = function() return 14, 1 end,
              render = function(self, model, canvas) error("cannot draw") end }
            hub.feature { id = "bad", uri = "bad:view", operations = { function(ctx)
              ctx.view:body("x").component = "bad:one"
              ctx.view:body("y").component = "bad:small"
            end } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@bad.lua")
        let text = try runtime.render(runtime.open("bad:view", options: .init(width: 30)))
        #expect(text == """
                         bad
            ──────────────────────────────

            ┌────────────────────────────┐
            │ ! cannot draw — bad:one    │
            │ render, bad.lua:2          │
            └────────────────────────────┘

            ! cannot draw


            """, "full-width components with margins above and below")
        #expect(runtime.problems.map(\.description) == [
            "cannot draw — component 'bad:one', render, bad.lua:2", "cannot draw — component 'bad:small', render, bad.lua:4",
        ])
    }

    @Test func unknownComponentsFallBackToTheirCategory() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        _ = try runtime.evaluate(
            """
            hub.feature { id = "unknown", uri = "unknown:view", operations = { function(ctx)
              ctx.view:body { id = "x", component = "nowhere:thing", title = "Still shown", subtitle = "as a row" }
            end } }
            """, inFolder: "Fixtures/Sandbox")
        let text = try runtime.render(runtime.open("unknown:view", options: .init(width: 30)))
        #expect(text.hasSuffix(" Still shown\n as a row\n"))
    }
}
