import Foundation
import HubCore
import HubData
import HubRender
import LuaBridge
import Testing
@testable import HubLua

/// A change of a stored key reschedules each open chain that read it, from the first operation
/// that read it: Hub Framework's reschedule, driven by data.
@Suite struct StoreReactiveTests {
    /// Three operations: one reads nothing, one the key `items`, one lists the prefix `count/`.
    static let list = """
        hub.feature { id = "list", uri = "list:view", operations = {
          hub.operation { name = "title", perform = function(ctx) ctx.view.title = "List" end },
          hub.operation { name = "items", perform = function(ctx)
            for i, item in ipairs(hub.store.get("items") or {}) do ctx.view:body("item-" .. i).title = item end
          end },
          hub.operation { name = "counts", perform = function(ctx)
            ctx.view:body("count").title = #hub.store.list("count/") .. " counts"
          end },
        } }
        hub.action("list:add", function(ctx)
          hub.store.update("items", function(items) items = items or {} items[#items + 1] = ctx.custom.item return items end)
          return true
        end)
        """

    @Test func aChangeReschedulesEachOpenChainFromTheFirstOperationThatReadIt() throws {
        let runtime = try makeStoreRuntime(Self.list)
        let result = try runtime.run(
            """
            local a, b = hub.open("list:view"), hub.open("list:view")
            local function runs(s) return s.chain[1].runs .. s.chain[2].runs .. s.chain[3].runs end
            local before = runs(a) .. "/" .. runs(b)
            hub.store.set("items", { "Milk" })
            local after_items = runs(a) .. "/" .. runs(b) .. " " .. b.model.body[1].title
            hub.store.set("count/1", true)
            local after_count = runs(a) .. " " .. a.model.body[2].title
            hub.store.set("unrelated", true)
            return { before, after_items, after_count, runs(a) }
            """)
        #expect(result == .array([.string("111/111"), .string("122/122 Milk"), .string("123 1 counts"), .string("123")]))
    }

    @Test func anActionOnOneScreenUpdatesAnotherScreenThatReadTheKey() throws {
        let runtime = try makeStoreRuntime(Self.list)
        let result = try runtime.run(
            """
            local a, b = hub.open("list:view"), hub.open("list:view")
            assert(a:perform("list:add", { item = "Bread" }))
            return { b.model.body[1].title, b.chain[2].runs, b.chain[1].runs, a.model.body[1].title }
            """)
        #expect(result == .array([.string("Bread"), .int(2), .int(1), .string("Bread")]))
    }

    @Test func aChangeMadeThroughAnotherRuntimeReachesThisOnesScreensOnItsLoop() throws {
        let store = MemoryStore()
        let viewer = try makeStoreRuntime(Self.list, store: store)
        let writer = try makeStoreRuntime(Self.list, store: store)
        _ = try viewer.run(#"screen = hub.open("list:view")"#)
        _ = try writer.run(#"hub.store.set("items", { "Eggs", "Jam" })"#)
        // Told through the store, the viewer's loop reschedules at its next turn.
        #expect(try viewer.run(#"return screen.chain[2].runs"#) == .int(1))
        viewer.loop.advance(by: 0)
        #expect(try viewer.run(#"return { screen.chain[2].runs, screen.model.body[2].title }"#) == .array([.int(2), .string("Jam")]))
    }

    @Test func afterABurstOfChangesAnOpenViewShowsTheLastOneWhenItsHalfSecondIsOver() throws {
        let store = MemoryStore()
        let viewer = try makeStoreRuntime(Self.list, store: store)
        let writer = try makeStoreRuntime(Self.list, store: store)
        _ = try viewer.run(#"screen = hub.open("list:view")"#)
        for n in 1...300 {
            _ = try writer.run(#"hub.store.set("items", { "item \#(n)" })"#)
            // Screens that come and go meanwhile, as a server's requests do: past their own
            // allowance and gone, they hold nothing back of the screen that stays.
            _ = try viewer.run(#"hub.open("list:view")"#)
            viewer.lua.collectGarbage()
            viewer.loop.advance(by: 1)
        }
        #expect(try viewer.run("return screen.model.body[1].title") == .string("item 25"))
        viewer.loop.advance(by: DataRescheduling.window)
        // 25 reschedules in the first half second, then one for the 275 changes held.
        #expect(try viewer.run("return { screen.model.body[1].title, screen.chain[2].runs }") == .array([.string("item 300"), .int(27)]))
    }

    /// Counts the visits of its view: each run writes what it read.
    static let visits = """
        hub.feature { id = "visits", uri = "visits:view", operations = { function(ctx)
          local visits = hub.store.update("visits", function(n) return (n or 0) + 1 end)
          ctx.view:body("a").title = visits .. " visits"
        end } }
        """

    @Test func anOperationThatWritesWhatItReadDoesNotRescheduleItsOwnChain() throws {
        let runtime = try makeStoreRuntime(Self.visits)
        let result = try runtime.run(
            """
            local s = hub.open("visits:view")
            hub.sleep(100)
            return { s.model.body[1].title, s.chain[1].runs }
            """)
        #expect(result == .array([.string("1 visits"), .int(1)]))
        #expect(runtime.problems.isEmpty)
    }

    @Test func twoChainsThatWriteWhatTheOtherReadsAreSlowedDownAndTheAuthorIsTold() throws {
        let runtime = try makeStoreRuntime(Self.visits)
        let result = try runtime.run(
            """
            local first, second = hub.open("visits:view"), hub.open("visits:view")
            hub.sleep(100)
            local early = first.chain[1].runs + second.chain[1].runs
            hub.sleep(1000)
            return { early, first.chain[1].runs + second.chain[1].runs }
            """)
        // Each reran 25 times in the first half second (besides its first run), then 25 in each
        // half second after: at 1,100 ms, in three of them.
        #expect(result == .array([.int(52), .int(152)]))
        #expect(runtime.problems.map(\.description) == [
            "view 'visits:view': changes of the store came more than 50 times a second; its chain reruns for the latest every 500 ms (do two chains write what the other reads?)"
        ])
        #expect(runtime.problems.map(\.kind) == [.storeChanges])
        #expect(runtime.problems.first?.identifier == "visits:view")
    }
}
