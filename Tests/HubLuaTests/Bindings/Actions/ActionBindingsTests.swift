import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Actions, handlers, selection and navigation from Lua (the `hub.action*` functions, a
/// feature's `action_handler`, `hub.Action` contexts, and a screen's `select`, `back`, `stack`,
/// `opened` and `events`).
@Suite struct ActionBindingsTests {
    /// Runs `source` (chunk `actions.lua`) in the Sandbox fixture's environment (or
    /// `runtime`'s) and expects its result as text (lists joined by " | ") to be `expected`.
    private func check(
        _ source: String, expected: String, runtime: HubRuntime? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = try run(source, runtime: runtime)
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    /// The result of `source` as text.
    private func run(_ source: String, runtime: HubRuntime? = nil) throws -> String {
        let runtime = try runtime ?? makeRuntime(TestPaths.fixture("Sandbox"), appWide: ["Sandbox"])
        let result = try runtime.evaluate(source, inFolder: "Fixtures/Sandbox", chunkName: "@actions.lua")
        if let list = result.arrayValue { return list.map { $0.stringValue ?? "\($0)" }.joined(separator: " | ") }
        return result.stringValue ?? "\(result)"
    }

    /// A list feature `list:view` whose rows `a` (target URI `list:detail`, initial view model
    /// titled "Detail soon"), `b` (target actions `demo:first`, `demo:second`) and `c`
    /// (target URI `https://example.com`) have a child `child` of `b`; and `list:detail`.
    private static let listFeature = """
        hub.feature { id = "list", title = "List", uri = "list:view", operations = { function(ctx)
          local a = ctx.view:body("a")
          a.title = "A"
          a.target.uri = "list:detail"
          a.target.view.title = "Detail soon"
          local b = ctx.view:body("b")
          b.title = "B"
          b.target:add_action("demo:first")
          b.target:add_action("demo:second")
          b:child("child").title = "Child of B"
          local c = ctx.view:body("c")
          c.title = "C"
          c.target.uri = "https://example.com"
        end } }
        hub.feature { id = "detail", uri_prefix = "list:detail", uri_exclude = { "list:detail:hidden" }, operations = {
          function(ctx) hub.sleep(10) ctx.view:body("d").title = "Detail of " .. ctx.uri end,
        } }
        """

    @Test func anActionSeesItsWholeContext() throws {
        try check(Self.listFeature + """
            local seen
            hub.action("demo:first", function(ctx)
              seen = { ctx.uri, ctx.action, ctx.trigger, ctx.custom.who, ctx.component.id, ctx.view_model.body[2].title,
                ctx.feature.id, tostring(ctx) }
              return true
            end)
            local s = hub.open("list:view")
            assert(s:select("b", { who = "me" }))
            return seen
            """, expected: "list:view | demo:first | selection | me | b | B | list | Action(demo:first, list:view)")
    }

    @Test func theTargetsActionsAreTriedInOrderUntilOnePerforms() throws {
        try check(Self.listFeature + """
            local ran = {}
            hub.actions("demo", function(name)
              return function(ctx)
                ran[#ran + 1] = name
                return name == "second"
              end
            end)
            local s = hub.open("list:view")
            local handled = s:select("b")
            ran[#ran + 1] = tostring(handled)
            return ran
            """, expected: "first | second | true")
    }

    @Test func aFactoryIsAskedForEveryPerformanceAndMayHaveNone() throws {
        try check(Self.listFeature + """
            local asked = 0
            hub.actions("demo", function(name)
              asked = asked + 1
              if name == "known" then return function() return true end end
            end)
            local s = hub.open("list:view")
            return { tostring(s:perform("demo:known")), tostring(s:perform("demo:known")), tostring(s:perform("demo:unknown")), tostring(asked) }
            """, expected: "true | true | false | 3")
    }

    @Test func theDefaultHandlerVetoesAndAFeaturesOwnHandlerReplacesIt() throws {
        try check(Self.listFeature + """
            local log = {}
            hub.action("demo:first", function() log[#log + 1] = "first ran" return true end)
            hub.action_handler(function(ctx)
              log[#log + 1] = "default saw " .. ctx.action
              return ctx.custom ~= nil and ctx.custom.veto == true
            end)
            hub.feature { id = "own", uri = "own:view", operations = { function(ctx) ctx.view:body("x").title = "X" end },
              action_handler = function(ctx) log[#log + 1] = "own saw " .. ctx.action return true end }
            local s = hub.open("list:view")
            s:perform("demo:first", { veto = true })
            s:perform("demo:first")
            hub.open("own:view"):perform("demo:first")
            local again = select(2, pcall(function() hub.action_handler(function() end) end))
            log[#log + 1] = again
            return log
            """, expected: "default saw demo:first | default saw demo:first | first ran | own saw demo:first | "
            + "actions.lua:29: the default action handler is already set by 'Tests/HubLuaTests/Fixtures/Sandbox'")
    }

    @Test func anAsynchronousActionIsPerformedWhileItRunsAndChainsWhenItEnds() throws {
        try check(Self.listFeature + """
            local log = {}
            hub.action("demo:slow", function(ctx)
              log[#log + 1] = "started"
              hub.sleep(100)
              ctx:chain("demo:next", { after = "slow" })
              log[#log + 1] = "ended"
              return true
            end)
            hub.action("demo:next", function(ctx)
              log[#log + 1] = "next " .. ctx.trigger .. " " .. ctx.custom.after .. " " .. tostring(ctx.component and ctx.component.id)
              return true
            end)
            local s = hub.open("list:view")
            local performed = s:perform("demo:slow")
            log[#log + 1] = tostring(performed)
            return log
            """, expected: "started | ended | next chained slow nil | true")
    }

    @Test func aScriptErrorInAnActionOrHandlerIsRaisedBySPerformAtItsOriginAndCountsAsNotPerformed() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), appWide: ["Sandbox"])
        try check(Self.listFeature + """
            hub.action("demo:broken", function(ctx)
              local missing = nil
              return missing.field
            end)
            hub.action_handler(function(ctx) local none = nil return ctx.action == "demo:handled" and none.field end)
            local s = hub.open("list:view")
            local log = {}
            for _, name in ipairs({ "demo:broken", "demo:handled" }) do
              local ok, e = pcall(s.perform, s, name)
              log[#log + 1] = table.concat({ tostring(ok), e.domain, e.feature, e.action, e.location, e.message }, " / ")
            end
            return log
            """, expected: "false / hub.lua / list / demo:broken / actions.lua:19 / attempt to index a nil value (local 'missing') | "
            + "false / hub.lua / list / demo:handled / actions.lua:21 / action handler of Tests/HubLuaTests/Fixtures/Sandbox: "
            + "attempt to index a nil value (local 'none')", runtime: runtime)
        // s:perform took them: they are not problems besides.
        #expect(runtime.problems.map(\.description) == [])
    }

    @Test func aFailedActionThatNoScreenCallerTakesIsReportedAsAProblemAndOnTheScreensEvents() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), appWide: ["Sandbox"])
        try check("""
            hub.action("demo:broken", function(ctx) error("no luck") end)
            hub.feature { id = "asks", uri = "asks:view", operations = { function(ctx)
              ctx.view:body("row").title = tostring(ctx:perform_action("demo:broken"))
            end } }
            local s = hub.open("asks:view")
            hub.sleep(0)
            local failed = {}
            for _, event in ipairs(s.events) do
              if event.kind == "action failed" then failed[#failed + 1] = event.text end
            end
            return { s.model.body[1].title, table.unpack(failed) }
            """, expected: "false | asks:view: action failed (no luck — feature 'asks', action 'demo:broken', actions.lua:1)", runtime: runtime)
        #expect(runtime.problems.map(\.description) == ["no luck — feature 'asks', action 'demo:broken', actions.lua:1"])
    }

    @Test func chainingIsForActionsNotHandlersOrObservers() throws {
        try check(Self.listFeature + """
            local message
            hub.action_handler(function(ctx)
              local ok, problem = pcall(ctx.chain, ctx, "demo:next")
              message = problem
              return false
            end)
            hub.open("list:view"):perform("demo:anything")
            return message
            """, expected: "ctx:chain works in an action, not in an action handler or observer")
    }

    @Test func selectingATargetURIOpensItOnTopShowingItsInitialViewModelFirst() throws {
        try check(Self.listFeature + """
            local s = hub.open("list:view", { width = 30 })
            local log = {}
            log[#log + 1] = tostring(s:select("a"))
            log[#log + 1] = table.concat(s.stack, " > ")
            log[#log + 1] = s.model.body[1].title
            for _, event in ipairs(s.events) do
              if event.kind == "navigated" or event.uri == "list:detail" then log[#log + 1] = event.text end
            end
            log[#log + 1] = tostring(s:back()) .. " " .. table.concat(s.stack, " > ")
            log[#log + 1] = tostring(s:back())
            return log
            """, expected: "true | list:view > list:detail | Detail of list:detail | list:view: navigated (list:detail) | "
            + "list:detail: will update (detail) | list:detail: did update (detail) | true list:view | false")
    }

    @Test func aURINoFeatureHandlesGoesToTheOpenerAndAnExcludedOneToo() throws {
        try check(Self.listFeature + """
            local s = hub.open("list:view")
            s:select("c")
            local excluded = pcall(hub.open, "list:detail:hidden")
            return { table.concat(s.opened, ","), table.concat(s.stack, ","), tostring(excluded), tostring(pcall(hub.open, "list:detail:shown")) }
            """, expected: "https://example.com | list:view | false | true")
    }

    @Test func aComponentSelectedByIndexPathGetsTheSelectionAndItsChildToo() throws {
        try check(Self.listFeature + """
            local seen = {}
            hub.action_handler(function(ctx) seen[#seen + 1] = ctx.component.id .. ":" .. tostring(ctx.action) return true end)
            local s = hub.open("list:view")
            s:select(1)
            s:select({ 2, 1 })
            s:select("child")
            local by_name, why_name = s:select("nothing")
            local by_position, why_position = s:select(99)
            local by_path, why_path = s:select({ 1, 5 })
            seen[#seen + 1] = table.concat({ tostring(by_name), why_name, tostring(by_position), why_position, tostring(by_path), why_path }, "/")
            return seen
            """, expected: "a:nil | child:nil | child:nil | false/no component 'nothing' on the screen/false/no component at position 99 (the body has 3)/false/no component at position { 1, 5 } (the body has 3)")
    }

    @Test func componentsPerformActionsForTheirModelAndObserveThem() throws {
        try check("""
            local log = {}
            hub.component { id = "t:button", size = function(self, model, container) return container.width, 1 end,
              render = function(self, model, canvas) canvas:text(0, 0, "[" .. model.title .. "]") end,
              configure = function(self, model) self._model = model end,
              selection = function(self, state)
                if state == "selected" then self:perform("demo:press", { title = self._model.title }) end
              end,
              on_action = function(self, ctx) log[#log + 1] = "observed " .. tostring(ctx.action) .. " by " .. self._model.title end }
            hub.action("demo:press", function(ctx)
              log[#log + 1] = "pressed " .. ctx.custom.title .. " " .. ctx.trigger .. " " .. ctx.component.id
              return true
            end)
            hub.feature { id = "buttons", uri = "buttons:view", operations = { function(ctx)
              for _, name in ipairs({ "One", "Two" }) do
                local row = ctx.view:body(name:lower())
                row.component = "t:button"
                row.title = name
              end
            end } }
            local s = hub.open("buttons:view")
            s:render()
            s:select("two")
            return log
            """, expected: "pressed Two component two | observed demo:press by One | observed demo:press by Two | "
            + "observed nil by One | observed nil by Two")
    }

    @Test func aFolderThatFailsToLoadTakesItsActionsWithIt() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), appWide: ["Sandbox"])
        _ = try run("hub.action('kept:one', function() return true end)", runtime: runtime)
        #expect(runtime.manager.actionRegistry.hasFactory(forNamespace: "kept"))
        #expect(throws: (any Error).self) {
            try runtime.loadFeatures(at: TestPaths.fixture("BrokenActions"))
        }
        #expect(runtime.manager.actionRegistry.hasFactory(forNamespace: "broken") == false)
        #expect(runtime.manager.defaultActionHandler == nil)
        try check(
            "return select(2, pcall(function() hub.action('kept:two', 5) end))",
            expected: "actions.lua:1: bad argument #2 to 'hub.action' (function expected, got number)", runtime: runtime)
    }
}
