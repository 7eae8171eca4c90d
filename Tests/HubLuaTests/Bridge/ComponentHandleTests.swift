import HubCore
import HubRender
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// `view:body(id)`, `view:overlay(id)`, `row:child(id)` and the table form make handles in C:
/// no Swift object, no finalizer, the component created by Swift when it next looks, in the
/// order of the calls. Scripts and Swift must not be able to tell: order, identity, reads,
/// removal, nesting, errors and limits behave as if every call had reached Swift at once.
@Suite struct ComponentHandleTests {
    /// The view model of an operation `perform` (a function body, `ctx` in scope) run after
    /// one that adds `first` (then `second`) as body components, and the error of the last
    /// operation, if any.
    private func load(_ perform: String, configure: (HubRuntime) -> Void = { _ in }) throws -> (ViewModel, String?) {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        configure(runtime)
        _ = try runtime.evaluate(
            """
            hub.feature { id = "handles", uri = "handles:view", operations = {
              function(ctx) ctx.view:body("first").title = "first"; ctx.view:body("second").title = "second" end,
              hub.operation { name = "handles", perform = function(ctx)
            \(perform)
              end },
            } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@handles.lua")
        let screen = try runtime.open("handles:view")
        return (screen.viewModel, screen.loader.operationStatuses.last?.error?.description)
    }

    @Test func componentsMadeInCAndInSwiftKeepTheOrderOfTheirCalls() throws {
        let (model, error) = try load(
            """
            local v = ctx.view
            v:body("a").title = "A"
            v:body { id = "b", title = "B", metadata = { swift = true } }   -- a data field: Swift's path
            v:body { id = "c", title = "C" }                                -- all deferred: C's
            v:body("d")
            v:body("second").subtitle = "again"                             -- an existing one stays put
            v:body("e").title = tostring(v:has_body("d"))
            """)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["first", "second", "a", "b", "c", "d", "e"])
        #expect(model.body.map(\.title) == ["first", "second", "A", "B", "C", nil, "true"])
        #expect(model.body[1].subtitle == "again")
        #expect(model.body[3].metadata == ["swift": .bool(true)])
    }

    @Test func twoHandlesOfOneIdentifierMakeOneComponent() throws {
        let (model, error) = try load(
            """
            local one, other = ctx.view:body("row"), ctx.view:body("row")
            one.title = "one"; other.subtitle = "other"
            ctx.view:body { id = "row", description = "table" }
            ctx.view:body("row").accessory = tostring(rawequal(one, other)) .. " " .. one.title .. " " .. other.subtitle
            """)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["first", "second", "row"])
        #expect(model.body[2].title == "one")
        #expect(model.body[2].subtitle == "other")
        #expect(model.body[2].descriptionText == "table")
        #expect(model.body[2].accessoryTitle == "false one other")
    }

    @Test func aHandleOfARemovedComponentWritesNothingUntilItsIdentifierIsBack() throws {
        let (model, error) = try load(
            """
            local old = ctx.view:body("gone")
            old.title = "before removal"
            ctx.view:remove_body("gone")
            old.subtitle = "while removed"
            local seen = tostring(old.title) .. "," .. tostring(ctx.view:has_body("gone"))
            local again = ctx.view:body("gone")
            old.description = "through the old handle"
            again.title = seen
            ctx.view:remove_body("first")
            """)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["second", "gone"])
        #expect(model.body[1].title == "nil,false")
        #expect(model.body[1].subtitle == nil)
        #expect(model.body[1].descriptionText == "through the old handle")
    }

    @Test func childrenAndOverlaysOfStagedComponentsAreMadeUnderThem() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("row")
            local child = row:child("child")
            child.title = "child"
            child:child("grandchild").title = "grandchild"
            row:child { id = "second child", title = "by table" }
            row.title = "row"
            ctx.view:overlay("toast").title = "toast"
            ctx.view:overlay { id = "banner", component = "shop:banner" }
            """)
        #expect(error == nil)
        let row = try #require(model.body.last)
        #expect(row.identifier == "row")
        #expect(row.title == "row")
        #expect(row.children?.map(\.identifier) == ["child", "second child"])
        #expect(row.children?.map(\.title) == ["child", "by table"])
        #expect(row.children?.first?.children?.map(\.title) == ["grandchild"])
        #expect(model.overlays.map(\.identifier) == ["toast", "banner"])
        #expect(model.overlays[1].componentIdentifier == Identifier(namespace: "shop", name: "banner"))
    }

    /// Swift takes what waits in batches of at most 64 objects and 256 values: a flush of
    /// hundreds, of every kind (body and overlay handles, children of objects and of handles,
    /// objects, handles with no writes, writes of nil), spans several, in the order written.
    @Test func aFlushOfEveryKindSpanningSeveralBatchesKeepsItsOrderAndValues() throws {
        let (model, error) = try load(
            """
            local v = ctx.view
            local h = v:header()
            for i = 1, 150 do
              local r = v:body("r" .. i)
              r.component = "shop:row"; r.title = "T" .. i; r.subtitle = "S" .. i; r.accessory = "A" .. i
              r.description = i % 2 == 0 and "D" .. i or nil
              if i % 30 == 0 then
                v:overlay("o" .. i).title = "O" .. i
                h:child("h" .. i).title = "H" .. i
                r:child("c" .. i).title = "C" .. i
              end
            end
            for i = 1, 100 do v:body("e" .. i) end
            h.title = "header"
            """)
        #expect(error == nil)
        let rows = (1...150).map { "r\($0)" }
        #expect(model.body.map(\.identifier) == ["first", "second"] + rows + (1...100).map { "e\($0)" })
        for (offset, row) in model.body.dropFirst(2).prefix(150).enumerated() {
            let i = offset + 1
            #expect(row.componentIdentifier == Identifier(namespace: "shop", name: "row"))
            #expect([row.title, row.subtitle, row.accessoryTitle] == ["T\(i)", "S\(i)", "A\(i)"])
            #expect(row.descriptionText == (i % 2 == 0 ? "D\(i)" : nil))
            #expect(row.children?.map(\.title) == (i % 30 == 0 ? ["C\(i)"] : nil))
        }
        #expect(model.body.suffix(100).allSatisfy { $0.title == nil && $0.componentIdentifier == Identifier(namespace: "default", name: "row") })
        let every30 = stride(from: 30, through: 150, by: 30)
        #expect(model.overlays.map(\.identifier) == every30.map { "o\($0)" })
        #expect(model.overlays.map(\.title) == every30.map { "O\($0)" })
        #expect(model.header?.title == "header")
        #expect(model.header?.children?.map(\.identifier) == every30.map { "h\($0)" })
        #expect(model.header?.children?.map(\.title) == every30.map { "H\($0)" })
    }

    /// Once handed over, a write is never handed over again: a handle (which keeps its written
    /// strings until it is collected) and an object (which lets go of them at once) each write
    /// a field, see it changed through Swift (`set`, `has_body` hands every write over), then
    /// write another field only; the first field keeps Swift's value.
    @Test(arguments: [#"ctx.view:body("kept")"#, #"ctx.view:header()"#])
    func aWriteHandedOverIsNotHandedOverAgainWithALaterOne(_ expression: String) throws {
        let (model, error) = try load(
            """
            local kept = \(expression)
            kept.title = "first"
            kept.subtitle = "from Lua"
            ctx.view:has_body("kept")
            kept:set { subtitle = "from Swift" }
            for i = 1, 300 do ctx.view:body("r" .. i).title = "R" .. i end  -- more than a batch
            kept.title = "second"
            """)
        #expect(error == nil)
        let kept = expression.contains("header") ? model.header : model.body.first { $0.identifier == "kept" }
        #expect(kept?.title == "second")
        #expect(kept?.subtitle == "from Swift")
        #expect(model.body.last?.title == "R300")
    }

    @Test func aHandleAnswersAsABuilderDoes() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("row")
            row.component = "shop:card"
            row.index = 1
            local child = row:child("c")
            row:set { subtitle = "set" }
            ctx.view:body("report").title = table.concat({
              type(row), tostring(row), tostring(child), row.id, child.id, tostring(row.index), row.component,
              #ctx.view:bodies(), tostring(ctx.view:bodies()[3]),  -- "report" is made before the table
            }, "|")
            """)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["row", "first", "second", "report"])
        #expect(model.body[3].title
            == #"userdata|ComponentBuilder("row", shop:card)|ComponentBuilder("c", default:row)|row|c|1|shop:card|4|ComponentBuilder("row", shop:card)"#)
        #expect(model.body[0].subtitle == "set")
    }

    @Test func wrongArgumentsGoToSwiftAndRaiseWhatTheyRaised() throws {
        let (model, error) = try load(
            """
            local messages = {}
            for _, call in ipairs {
              function() ctx.view:body() end,
              function() ctx.view:body(12) end,
              function() ctx.view:body("n"):child(true) end,
              function() ctx.view.body(ctx.state, "x") end,
              function() ctx.view:body { title = "no id" } end,
              function() ctx.view:body("x", "extra").title = "two arguments" end,
            } do
              local ok, message = pcall(call)
              messages[#messages + 1] = ok and "ok" or (message:gsub("^[^:]*:%d+: ", ""))
            end
            ctx.view.custom = { messages = messages }
            """)
        #expect(error == nil)
        #expect(model.customData?["messages"] == .array([
            .string("bad argument #1 to 'body' (string expected, got no value)"),
            .string("bad argument #1 to 'body' (string expected, got number)"),
            .string("bad argument #1 to 'child' (string expected, got boolean)"),
            .string("bad argument #1 to 'body' (hub.ViewBuilder expected, got table)"),
            .string("bad argument #1 to 'body' (the table needs a string 'id')"),
            .string("ok"),
        ]))
        #expect(model.body.map(\.identifier) == ["first", "second", "n", "x"])
        #expect(model.body[3].title == "two arguments")
    }

    @Test func stagedComponentsCountAgainstTheMemoryLimitAtTheirLine() throws {
        let (_, error) = try load(
            """
            for i = 1, 1e9 do
              ctx.view:body("row-" .. i)
            end
            """, configure: { $0.lua.memoryLimit = 16 << 20 })
        #expect(error == "not enough memory (the limit is 16 MiB) — feature 'handles', operation 'handles', handles.lua:5")
    }

    @Test func stagingInALoopRunsOutOfItsBudgetAtItsLine() throws {
        let (_, error) = try load(
            """
            local view = ctx.view
            while true do view:body("same") end
            """, configure: { $0.lua.instructionBudget = 1_000_000 })
        #expect(error == "instruction budget exceeded (1000000 instructions) — feature 'handles', operation 'handles', handles.lua:5")
    }

    @Test func aRunKeepsItsViewAndStateSoReadingThemCallsNoSwift() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("row")
            row.title = "waiting"
            local same = rawequal(ctx.view, ctx.view) and rawequal(ctx.state, ctx.state)
            ctx.state.note = "kept"
            row.subtitle = tostring(same) .. " " .. ctx.state.note
            """)
        #expect(error == nil)
        #expect(model.body.last?.title == "waiting")
        #expect(model.body.last?.subtitle == "true kept")
    }
}
