import HubCore
import HubRender
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// A component builder's text fields and component are kept in Lua when a script sets them and
/// handed to Swift before Swift next looks (any call into Swift, the end of every run of Lua).
/// Scripts and Swift must not be able to tell: every read, every order of writes through
/// several handles, every error, limit and removal behaves as if each write reached Swift at
/// once.
@Suite struct DeferredWriteTests {
    /// The view model `uri` loads with the operation `perform` (a Lua function's body, `ctx` in
    /// scope) on a fresh runtime, and the error of its operation, if any.
    private func load(_ perform: String, configure: (HubRuntime) -> Void = { _ in }) throws -> (ViewModel, String?) {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        configure(runtime)
        _ = try runtime.evaluate(
            """
            hub.feature { id = "deferred", uri = "deferred:view", operations = {
              hub.operation { name = "writes", perform = function(ctx)
            \(perform)
              end },
            } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@writes.lua")
        let screen = try runtime.open("deferred:view")
        return (screen.viewModel, screen.loader.operationStatuses.first?.error?.description)
    }

    @Test func writesReachTheModelWhenTheOperationReturns() throws {
        let (model, error) = try load(#"local row = ctx.view:body("a"); row.component = "shop:card"; row.title = "A"; row.subtitle = "a""#)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["a"])
        #expect(model.body[0].componentIdentifier == Identifier(namespace: "shop", name: "card"))
        #expect(model.body[0].title == "A")
        #expect(model.body[0].subtitle == "a")
    }

    @Test func rowsAlternatingBetweenComponentsKeepTheirOwn() throws {
        let (model, error) = try load(
            """
            local kinds = { "shop:card", "shop:row", "shop:card", "other:row", "other:row" }
            for i, kind in ipairs(kinds) do ctx.view:body("r" .. i).component = kind end
            ctx.view:body("r2").component = "shop:card"
            """)
        #expect(error == nil)
        #expect(model.body.map(\.componentIdentifier.description) == ["shop:card", "shop:card", "shop:card", "other:row", "other:row"])
    }

    @Test func readsSeeTheLatestWrite() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("a")
            row.title = "first"; row.title = "second"
            local seen = row.title
            row.component = "x:y"
            seen = seen .. " " .. row.component
            row.title = nil
            ctx.view:body("b").title = seen .. " " .. tostring(row.title)
            """)
        #expect(error == nil)
        #expect(model.body.map(\.title) == [nil, "second x:y nil"])
    }

    @Test func twoHandlesOfOneComponentKeepTheOrderOfTheirWrites() throws {
        let (model, error) = try load(
            """
            local a, b = ctx.view:body("row"), ctx.view:body("row")
            a.title = "from a"; b.title = "from b"; a.subtitle = "a's subtitle"
            b.description = "b first"; a.description = "a last"
            for i = 1, 100 do a.accessory = "a" .. i; b.accessory = "b" .. i end
            """)
        #expect(error == nil)
        #expect(model.body.count == 1)
        #expect(model.body[0].title == "from b")
        #expect(model.body[0].subtitle == "a's subtitle")
        #expect(model.body[0].descriptionText == "a last")
        #expect(model.body[0].accessoryTitle == "b100")
    }

    @Test func writesBeforeSwiftCallsReachSwiftFirst() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("a")
            row.title = "before the copy"
            local copy = ctx.view:body { id = "b", title = row.title .. " (copied)" }
            row.title = "kept"; row:remove()
            row.title = "after removal"
            local again = ctx.view:body("c"); again.title = "c"
            local child = again:child("inner"); child.title = "child"; again.subtitle = "c's subtitle"
            """)
        #expect(error == nil)
        #expect(model.body.map(\.identifier) == ["b", "c"])
        #expect(model.body[0].title == "before the copy (copied)")
        #expect(model.body[1].subtitle == "c's subtitle")
        #expect(model.body[1].children?.map(\.title) == ["child"])
    }

    @Test func anErrorAfterWritesNamesItsLineAndTheFailedOperationDeliversNothing() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("a")
            row.title = "set before the error"
            row.component = "no colon"
            """)
        #expect(error == "field 'component': 'namespace:name' expected, got 'no colon' — feature 'deferred', operation 'writes', writes.lua:5")
        #expect(model.body.isEmpty)
    }

    @Test func valuesSwiftConvertsStillConvertAndWrongTypesStillFail() throws {
        let (model, error) = try load(
            """
            local row = ctx.view:body("a")
            row.title = 42; row.subtitle = 2.5; row.component = "ünï:cödé"
            local messages = ctx.view:body("b")
            messages.title = select(2, pcall(function() row.title = {} end))
            messages.subtitle = select(2, pcall(function() row.component = 7 end))
            """)
        #expect(error == nil)
        #expect(model.body.map(\.title) == ["42", "writes.lua:6: field 'title': string expected, got table"])
        #expect(model.body.map(\.subtitle) == ["2.5", "writes.lua:7: field 'component': string expected, got number"])
        #expect(model.body[0].componentIdentifier == Identifier(namespace: "ünï", name: "cödé"))
    }

    @Test func writesCountAgainstTheMemoryLimitAtTheirLine() throws {
        let (_, error) = try load(
            """
            local big = string.rep("x", 1000000)
            for i = 1, 1e7 do
              local row = ctx.view:body("row")
              row.title = big .. i
            end
            """, configure: { $0.lua.memoryLimit = 32 << 20 })
        #expect(error == "not enough memory (the limit is 32 MiB) — feature 'deferred', operation 'writes', writes.lua:6")
    }

    @Test func aLoopOfWritesRunsOutOfItsBudgetAtItsLine() throws {
        let (_, error) = try load(
            """
            local row = ctx.view:body("a")
            while true do row.title = "again" end
            """, configure: { $0.lua.instructionBudget = 1_000_000 })
        #expect(error == "instruction budget exceeded (1000000 instructions) — feature 'deferred', operation 'writes', writes.lua:4")
    }

    @Test func aHandleKeptAfterItsWritesWereHandedOverHoldsNoneOfTheirStrings() throws {
        // A setter kept nothing once Swift had the string; a deferred write must not either,
        // or handles a script keeps (and handles awaiting their finalizer) hold every string.
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        _ = try runtime.evaluate(
            """
            local kept = {}
            hub.feature { id = "big", uri = "big:view", operations = { function(ctx)
              local text = string.rep("x", 1000)
              for i = 1, 2000 do
                local row = ctx.view:body("row-" .. i)
                row.title = text .. i
                kept[i] = row
              end
            end } }
            """, inFolder: "Fixtures/Sandbox")
        let screen = try runtime.open("big:view")
        #expect(screen.viewModel.body.count == 2000)
        #expect(screen.viewModel.body[1999].title?.hasSuffix("x2000") == true)
        runtime.lua.collectGarbage()
        #expect(runtime.lua.memoryUsed < 1 << 20, "\(runtime.lua.memoryUsed) bytes of Lua memory")
    }

    @Test func writesOnBothSidesOfAWaitReachTheModel() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            hub.feature { id = "later", uri = "later:view", operations = {
              hub.operation { name = "waits", perform = function(ctx)
                local row = ctx.view:body("a")
                row.title = "before the wait"
                hub.sleep(10)
                row.subtitle = "after the wait"
              end },
            } }
            local screen = hub.open("later:view")
            hub.sleep(10)
            local model = screen.model.body[1]
            return model.title .. ", " .. model.subtitle
            """, inFolder: "Fixtures/Sandbox", chunkName: "@later.lua")
        #expect(result == .string("before the wait, after the wait"))
    }
}
