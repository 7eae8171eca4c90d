import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// `view:body { id = ..., ... }` (and `child`, `set`): the table's fields are set in the order of
/// their names, found by their bytes; a key that is not a settable field is an error naming it,
/// raised where its name comes in that order.
@Suite struct ComponentTableTests {
    /// Runs `body` as an operation of a new feature (its lines see `ctx`) and returns what the
    /// lines after it return, with `s`, the screen it opened.
    private func evaluate(_ body: String, then result: String) throws -> JSONValue {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        return try runtime.evaluate("""
            hub.feature { id = "table", uri = "table:view", operations = { function(ctx)
            \(body)
            end } }
            local s = hub.open("table:view")
            \(result)
            """, inFolder: "Fixtures/Sandbox")
    }

    @Test func everyFieldOfTheTableIsSet() throws {
        let result = try evaluate("""
            ctx.view:body { id = "a", component = "x:row", title = "A", subtitle = "a", accessory = "1", custom = { n = 2 } }
            ctx.view:body("b"):set { title = "B", index = 1 }
            """, then: """
            local a, b = s.model.body[2], s.model.body[1]
            return { a.id, a.component, a.title, a.subtitle, a.accessory, a.custom.n, b.id, b.title }
            """)
        #expect(result == .array([.string("a"), .string("x:row"), .string("A"), .string("a"), .string("1"), .int(2), .string("b"), .string("B")]))
    }

    @Test func theTableFormGetsTheSameComponentAsTheIdentifier() throws {
        let result = try evaluate("""
            ctx.view:body("a").subtitle = "kept"
            local row = ctx.view:body { id = "a", title = "A" }
            row.accessory = "set after"
            """, then: """
            local a = s.model.body[1]
            return { #s.model.body, a.title, a.subtitle, a.accessory }
            """)
        #expect(result == .array([.int(1), .string("A"), .string("kept"), .string("set after")]))
    }

    @Test func fieldsBeforeAnUnknownKeyInNameOrderAreSetAndTheErrorNamesIt() throws {
        // In name order: accessory, id, sub (unknown), title.
        let result = try evaluate("""
            local _, message = pcall(function() ctx.view:body { id = "a", title = "A", accessory = "set", sub = 1 } end)
            ctx.view.title = message:gsub("^[^:]*:%d+: ", "")
            """, then: """
            local a = s.model.body[1]
            return { message = s.model.title, accessory = a.accessory, title_unset = a.title == nil }
            """)
        #expect(result == .object([
            "message": .string("cannot set unknown field 'sub' of hub.ComponentBuilder"), "accessory": .string("set"),
            "title_unset": .bool(true),
        ]))
    }

    @Test func aTableOfManyUnknownKeysNamesTheFirstInNameOrder() throws {
        // Hostile: however many unknown keys a table has, the host keeps only the first.
        let result = try evaluate("""
            local fields = { id = "a", title = "A" }
            for i = 1, 50000 do fields["unknown" .. i] = i end
            fields.also_unknown = true
            local _, message = pcall(function() ctx.view:body(fields) end)
            ctx.view.title = message:gsub("^[^:]*:%d+: ", "")
            """, then: "return { s.model.title, #s.model.body }")
        #expect(result == .array([.string("cannot set unknown field 'also_unknown' of hub.ComponentBuilder"), .int(1)]))
    }

    @Test func keysThatAreNotStringsOrNotSettableAreErrors() throws {
        let result = try evaluate("""
            local messages = {}
            for _, fields in ipairs({ { id = "a", [1] = "x" }, { id = "a", zzz = 1 }, { id = "a", title = {} } }) do
              local _, message = pcall(function() ctx.view:body(fields) end)
              messages[#messages + 1] = (message:gsub("^[^:]*:%d+: ", ""))
            end
            ctx.view.custom = { messages = messages }
            """, then: "return s.model.custom.messages")
        #expect(result == .array([
            .string("component fields must have string keys, got number"),
            .string("cannot set unknown field 'zzz' of hub.ComponentBuilder"),
            .string("bad argument #1 to 'body' (field 'title': string expected, got table)"),
        ]))
    }

    @Test func methodsAndPropertiesAreFoundAndOtherKeysGiveNil() throws {
        let result = try evaluate("""
            local row = ctx.view:body("a")
            row.title = "A"
            ctx.view.custom = {
              method = type(row.child), title = row.title, unknown = row.nope == nil, number = row[1] == nil,
              view = type(ctx.view.body), same = row:child("c") ~= nil,
            }
            """, then: "return s.model.custom")
        #expect(result == .object([
            "method": .string("function"), "title": .string("A"), "unknown": .bool(true), "number": .bool(true),
            "view": .string("function"), "same": .bool(true),
        ]))
    }

    @Test func aMethodCalledOnAnotherClassIsABadSelf() throws {
        let result = try evaluate("""
            local row = ctx.view:body("a")
            local _, message = pcall(row.child, ctx.view, "c")
            ctx.view.title = message:gsub("^[^:]*:%d+: ", "")
            """, then: "return s.model.title")
        #expect(result == .string("bad argument #1 to 'child' (hub.ComponentBuilder expected, got hub.ViewBuilder)"))
    }
}
