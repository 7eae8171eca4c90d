import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Every row of ``ComponentFields`` reaches Lua by its name: as a builder property, a model
/// table field and a custom schema key. The tests go over the rows, so a field added there is
/// covered here without a new test; and the bindings' field tables (``LuaField``) name every
/// field model tables have, so docs/components.md, rendered from them, lists them all.
@Suite struct ComponentFieldBindingsTests {
    private let texts = ComponentFields.texts.map(\.name)
    private let data = ComponentFields.data.map(\.name)

    /// `{ "a", "b" }`.
    private func list(_ names: [String]) -> String {
        "{ " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
    }

    /// The fields with "text of NAME" in each text field and `{ from = NAME }` in each data field.
    private var filled: ComponentFields {
        var fields = ComponentFields()
        for field in ComponentFields.texts { fields[keyPath: field.keyPath] = "text of \(field.name)" }
        for field in ComponentFields.data { fields[keyPath: field.keyPath] = ["from": .string(field.name)] }
        return fields
    }

    @Test func everyFieldIsABuilderPropertyAndAModelTableField() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local texts, data = \(list(texts)), \(list(data))
            local readBack = {}
            hub.feature { id = "fields", uri = "fields:view", operations = { function(ctx)
              local row = ctx.view:body("row")
              for _, name in ipairs(texts) do row[name] = "text of " .. name end
              for _, name in ipairs(data) do row[name] = { from = name } end
              for _, name in ipairs(texts) do readBack[#readBack + 1] = row[name] end
              for _, name in ipairs(data) do readBack[#readBack + 1] = row[name].from end
            end } }
            local model = hub.open("fields:view").model.body[1]
            local fromModel = {}
            for _, name in ipairs(texts) do fromModel[#fromModel + 1] = model[name] end
            for _, name in ipairs(data) do fromModel[#fromModel + 1] = model[name].from end
            return { builder = readBack, model = fromModel }
            """, inFolder: "Fixtures/Sandbox")
        let expected = JSONValue.array(texts.map { .string("text of \($0)") } + data.map { .string($0) })
        #expect(result["builder"] == expected)
        #expect(result["model"] == expected)
        #expect(try runtime.open("fields:view").viewModel.body[0].fields == filled)
    }

    @Test func everyFieldRejectsAValueOfTheWrongTypeNamingIt() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local texts, data = \(list(texts)), \(list(data))
            local messages = {}
            hub.feature { id = "wrong", uri = "wrong:view", operations = { function(ctx)
              local row = ctx.view:body("row")
              for _, name in ipairs(texts) do messages[#messages + 1] = select(2, pcall(function() row[name] = {} end)) end
              for _, name in ipairs(data) do messages[#messages + 1] = select(2, pcall(function() row[name] = 5 end)) end
            end } }
            hub.open("wrong:view")
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@wrong.lua")
        let expected = texts.map { "wrong.lua:5: field '\($0)': string expected, got table" }
            + data.map { "wrong.lua:6: field '\($0)': table expected, got number" }
        #expect(result == .array(expected.map(JSONValue.string)))
    }

    @Test func everyFieldIsACustomSchemaKey() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        var item: JSONDictionary = ["id": .string("row")]
        for name in texts { item["my_" + name] = .string("text of \(name)") }
        for name in data { item["my_" + name] = .object(["from": .string(name)]) }
        let json = JSONValue.object(["items": .array([.object(item)])]).serialized()
        _ = try runtime.evaluate(
            """
            local component = {}
            for _, name in ipairs(\(list(texts + data))) do component[name] = { "my_" .. name } end
            hub.schema { id = "flat", view = { body = { "items", hub.each } }, component = component }
            """, inFolder: "Fixtures/Sandbox")
        let model = try runtime.manager.viewModel(fromJSON: Array(json.utf8), source: "flat.json", schema: "flat")
        #expect(model.body.first?.fields == filled)
    }

    @Test func theFieldTablesNameEveryFieldOfAModelTable() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local texts, data = \(list(texts)), \(list(data))
            hub.feature { id = "full", uri = "full:view", operations = { function(ctx)
              ctx.view.id, ctx.view.title, ctx.view.custom = "v", "View", { a = 1 }
              ctx.view:header().title = "Header"
              ctx.view:overlay("overlay").title = "Overlay"
              local row = ctx.view:body { id = "row", component = "default:row", category = "row", index = 1, icon = "star" }
              for _, name in ipairs(texts) do row[name] = name end
              for _, name in ipairs(data) do row[name] = { from = name } end
              local image = { uri = "file:a.png", placeholder = "star", ["local"] = "a", custom = { a = 1 } }
              row.main_image, row.background_image = image, image
              row:custom_image("extra").uri = "file:b.png"
              row.target = { uri = "full:other", actions = { "full:act" }, custom = { a = 1 } }
              row.target.view.title = "Other"
              row:child("child").title = "Child"
            end } }
            local function keys(t)
              local names = {}
              for key in pairs(t) do names[#names + 1] = key end
              table.sort(names)
              return names
            end
            local model = hub.open("full:view").model
            local row = model.body[1]
            return { view = keys(model), component = keys(row), image = keys(row.main_image), target = keys(row.target) }
            """, inFolder: "Fixtures/Sandbox")
        let names = { (fields: [String]) in JSONValue.array(fields.sorted().map(JSONValue.string)) }
        #expect(result["view"] == names(BuilderBindings.viewFields.map(\.name)))
        #expect(result["component"] == names(BuilderBindings.componentFields().map(\.name)))
        #expect(result["image"] == names(BuilderBindings.imageFields.map(\.name)))
        #expect(result["target"] == names(BuilderBindings.targetFields.map(\.name)))
    }
}
