import Foundation
import HubCore
import HubRender
import LuaBridge
import Testing
@testable import HubLua

/// `hub.store` in operations, actions and a test's code, on a store in memory.
@Suite struct StoreBindingsTests {
    @Test func valuesGoInAndComeBackAsTheSameJSONValues() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "notes", uri = "notes:view", operations = { function() end } }"#)
        let result = try runtime.run(
            """
            hub.store.set("a", { title = "Milk", tags = { "food", "cold" }, count = 2, price = 1.5, done = false })
            hub.store.set("b", "text")
            hub.store.set("c", 42)
            local first = hub.store.delete("b")
            local again = hub.store.delete("b")
            local a = hub.store.get("a")
            return { a.title, a.tags[2], a.count, a.price, a.done, hub.store.get("c"), first, again, hub.store.get("b") == nil }
            """)
        #expect(result == .array([.string("Milk"), .string("cold"), .int(2), .double(1.5), .bool(false), .int(42), .bool(true), .bool(false), .bool(true)]))
    }

    @Test func listGivesKeysInByteOrderAPageAtATime() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "notes", uri = "notes:view", operations = { function() end } }"#)
        let result = try runtime.run(
            """
            for _, key in ipairs({ "item/3", "item/1", "item/2", "other", "item/10" }) do hub.store.set(key, true) end
            local page, after = hub.store.list("item/", { limit = 3 })
            local rest, done = hub.store.list("item/", { after = after, limit = 3 })
            return { table.concat(page, ","), after, table.concat(rest, ","), done == nil, #hub.store.list("") }
            """)
        #expect(result == .array([.string("item/1,item/10,item/2"), .string("item/2"), .string("item/3"), .bool(true), .int(5)]))
    }

    @Test func updateGivesTheFunctionTheOldValueAndStoresWhatItReturns() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "counter", uri = "counter:view", operations = { function() end } }"#)
        let result = try runtime.run(
            """
            local seen = {}
            for _ = 1, 3 do
              hub.store.update("n", function(old) seen[#seen + 1] = tostring(old) return (old or 0) + 1 end)
            end
            local gone = hub.store.update("n", function() return nil end)
            return { table.concat(seen, ","), gone == nil, hub.store.get("n") == nil }
            """)
        #expect(result == .array([.string("nil,1,2"), .bool(true), .bool(true)]))
    }

    @Test func aValueThatIsNotJSONIsALocatedStoreError() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "bad", uri = "bad:view", operations = { function() end } }"#)
        let result = try runtime.run(
            """
            local cycle = {}
            cycle.self = cycle
            local results = {}
            for _, value in ipairs({ print, cycle }) do
              local ok, err = pcall(hub.store.set, "k", value)
              results[#results + 1] = { ok, err.domain, err.code, err.location, err.message }
            end
            return results
            """)
        let rows = try #require(result.arrayValue)
        #expect(rows.count == 2)
        #expect(rows[0] == .array([.bool(false), .string("store"), .int(10), .string("case.lua:5"),
            .string("hub.store.set: bad/k: the value cannot be stored as JSON: cannot convert a function value to JSON")]))
        #expect(rows[1].arrayValue?[2] == .int(10))
        #expect(rows[1].arrayValue?[4].stringValue?.contains("a cycle?") == true)
    }

    @Test func aFeatureReachesAnotherFeaturesKeysOnlyWhenItSharesThem() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "todo", uri = "todo:view", operations = { function(ctx)
              hub.store.set("items", { "Milk" })
            end } }
            hub.feature { id = "spy", uri = "spy:view", operations = { function(ctx)
              ctx.view:body("a").title = hub.store.namespace("todo").get("items")[1]
            end } }
            hub.feature { id = "friend", uri = "friend:view", store = { shares = { "todo" } }, operations = { function(ctx)
              ctx.view:body("a").title = hub.store.namespace("todo").get("items")[1]
            end } }
            """)
        _ = try runtime.open("todo:view")
        let spy = try runtime.open("spy:view").lastError
        #expect(spy?.domain == "store")
        #expect(spy?.code == 9)
        #expect(spy?.location?.hasSuffix("/store/feature.lua:5") == true)
        #expect(spy?.message == "hub.store.get: feature 'spy' may not use the namespace 'todo' of another feature; to share it, declare store = { shares = { \"todo\" } } in its hub.feature")
        let friend = try runtime.open("friend:view")
        #expect(friend.lastError == nil)
        #expect(titles(friend) == ["Milk"])
    }

    @Test func limitsOnKeysValuesAndKeyCountEndAsStoreErrors() throws {
        let runtime = try makeStoreRuntime(
            #"hub.feature { id = "small", uri = "small:view", store = { max_value = 20, max_keys = 2 }, operations = { function() end } }"#)
        let result = try runtime.run(
            """
            local function code(fn, ...) local ok, err = pcall(fn, ...) return ok and 0 or err.code, not ok and err.message or "" end
            hub.store.set("a", 1)
            hub.store.set("b", 2)
            local too_many, many_message = code(hub.store.set, "c", 3)
            local replaced = code(hub.store.set, "a", "still fits")
            local too_large, large_message = code(hub.store.set, "a", string.rep("x", 30))
            local long_key = code(hub.store.get, string.rep("k", 600))
            local empty_key = code(hub.store.get, "")
            local not_string = code(hub.store.get, 12)
            return { too_many, replaced, too_large, long_key, empty_key, not_string, many_message, large_message }
            """)
        #expect(result == .array([
            .int(6), .int(0), .int(7), .int(8), .int(8), .int(8),
            .string("hub.store.set: small/c: the namespace holds 2 keys, its most"),
            .string("hub.store.set: small/a: the value takes 32 bytes of JSON, more than max_value (20)"),
        ]))
    }

    @Test func noValueIsLargerThanTheMemoryLimitWhateverTheFeatureAllows() throws {
        let runtime = try makeStoreRuntime(
            #"hub.feature { id = "big", uri = "big:view", store = { max_value = 1000000000000 }, operations = { function() end } }"#)
        runtime.lua.memoryLimit = 8 << 20
        let result = try runtime.run(
            """
            -- 2 MiB of control characters: 12 MiB of JSON, each written \\u0001.
            local ok, err = pcall(hub.store.set, "k", string.rep("\\1", 2 * 1024 * 1024))
            return { ok, err.code, err.message }
            """)
        #expect(result == .array([.bool(false), .int(7), .string("hub.store.set: big/k: the value takes 12582914 bytes of JSON, more than max_value (8388608)")]))
    }

    @Test func aBadStoreTableInTheFeatureIsAnErrorWhenItLoads() throws {
        #expect {
            try makeStoreRuntime(#"hub.feature { id = "x", uri = "x:v", store = { share = { "a" } }, operations = { function() end } }"#)
        } throws: { String(describing: $0).contains("feature 'x': store") && String(describing: $0).contains("share") }
        #expect {
            try makeStoreRuntime(#"hub.feature { id = "x", uri = "x:v", store = { max_keys = 0 }, operations = { function() end } }"#)
        } throws: { String(describing: $0).contains("store.max_keys must be a positive integer, got 0") }
    }

    @Test func aRunawayOperationCallingTheStoreIsStoppedByItsBudget() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "loop", uri = "loop:view", budget = 1000000, operations = { function(ctx)
              while true do hub.store.update("n", function(n) return (n or 0) + 1 end) end
            end } }
            hub.feature { id = "fine", uri = "fine:view", operations = { function(ctx) ctx.view:body("a").title = "fine" end } }
            """)
        let error = try runtime.open("loop:view").lastError
        #expect(error?.message.contains("instruction budget exceeded") == true)
        #expect(try titles(runtime.open("fine:view")) == ["fine"])
    }
}

extension StoreBindingsTests {
    @Test func withoutAStoreTableAValueMayTakeOneMebibyteOfJSONAndNotOneByteMore() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "plain", uri = "plain:view", operations = { function() end } }"#)
        // A string of n bytes is n + 2 bytes of JSON, its quotes.
        let result = try runtime.run(
            """
            local fits = pcall(hub.store.set, "k", string.rep("x", 1048576 - 2))
            local stored = #hub.store.get("k")
            local ok, err = pcall(hub.store.set, "k", string.rep("x", 1048576 - 1))
            return { fits, stored, ok, err.domain, err.code, err.message, #hub.store.get("k") }
            """)
        #expect(result == .array([
            .bool(true), .int(1_048_574), .bool(false), .string("store"), .int(7),
            .string("hub.store.set: plain/k: the value takes 1048577 bytes of JSON, more than max_value (1048576)"),
            .int(1_048_574),
        ]))
    }

    @Test func withoutAStoreTableAFeatureHasTheDefaultLimitsTheDocsState() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "plain", uri = "plain:view", operations = { function() end } }"#)
        // docs/limits.md, "The store": 10,000 keys and 1 MiB values by default.
        let documented = StoreLimits(maxValueBytes: 1_048_576, maxKeys: 10_000)
        #expect(runtime.manager.featureRegistry.registration(forViewURI: "plain:view")?.store.limits == documented)
        #expect(StoreLimits() == documented)
    }

    @Test func aUserdataValueIsALocatedStoreErrorNamingItsTypeAndNothingIsWritten() throws {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "bad", uri = "bad:view", operations = { function() end } }"#)
        let result = try runtime.run(
            """
            local screen = hub.open("bad:view")
            local ok, err = pcall(hub.store.set, "k", { screen = screen })
            return { type(screen), ok, err.domain, err.code, err.location, err.message, hub.store.get("k") == nil }
            """)
        #expect(result == .array([
            .string("userdata"), .bool(false), .string("store"), .int(10), .string("case.lua:2"),
            .string("hub.store.set: bad/k: the value cannot be stored as JSON: cannot convert a hub.Screen value to JSON"),
            .bool(true),
        ]))
    }

    @Test func aFeatureMayNotSetDeleteOrUpdateAnotherFeaturesKeysUnlessItSharesThem() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "todo", uri = "todo:view", operations = { function() end } }
            hub.feature { id = "spy", uri = "spy:view", operations = { function(ctx)
              local todo = hub.store.namespace("todo")
              local writes = {
                function() todo.set("items", { "Eggs" }) end,
                function() todo.delete("items") end,
                function() todo.update("items", function() return { "Eggs" } end) end,
              }
              for index, write in ipairs(writes) do
                local ok, err = pcall(write)
                local parts = { tostring(ok), err.domain, err.code, err.location:match("[^/]+$"), err.message }
                ctx.view:body("w" .. index).title = table.concat(parts, " | ")
              end
            end } }
            """)
        _ = try runtime.run(#"hub.store.namespace("todo").set("items", { "Milk" })"#)
        let spy = try runtime.open("spy:view")
        #expect(spy.lastError == nil)
        let refusal = "feature 'spy' may not use the namespace 'todo' of another feature; "
            + "to share it, declare store = { shares = { \"todo\" } } in its hub.feature"
        #expect(titles(spy) == [
            "false | store | 9 | feature.lua:5 | hub.store.set: \(refusal)",
            "false | store | 9 | feature.lua:6 | hub.store.delete: \(refusal)",
            "false | store | 9 | feature.lua:7 | hub.store.update: \(refusal)",
        ])
        #expect(try runtime.run(#"return hub.store.namespace("todo").get("items")"#) == .array([.string("Milk")]))
    }
}
