import Testing

@testable import HubCore

/// The plain fields are described once (``ComponentFields``); these tests go over every row, so
/// a field added there is covered by them without a new test.
@Suite struct ComponentFieldsTests {
    /// Fields with a distinct value in every described field.
    private func filledFields() -> ComponentFields {
        var fields = ComponentFields()
        for field in ComponentFields.texts { fields[keyPath: field.keyPath] = "text of \(field.name)" }
        for field in ComponentFields.data { fields[keyPath: field.keyPath] = ["from": .string(field.name)] }
        return fields
    }

    @Test func everyPropertyHasExactlyOneRow() {
        let children = Mirror(reflecting: filledFields()).children
        #expect(children.count == ComponentFields.texts.count + ComponentFields.data.count)
        for child in children {
            let value = Mirror(reflecting: child.value)
            #expect(value.displayStyle != .optional || !value.children.isEmpty, "ComponentFields.\(child.label ?? "?") has no row")
        }
        let names = (ComponentFields.texts.map(\.name) + ComponentFields.data.map(\.name))
        #expect(Set(names).count == names.count, "names are unique: \(names)")
        let keys = (ComponentFields.texts.map(\.defaultJSONKeys) + ComponentFields.data.map(\.defaultJSONKeys))
        #expect(Set(keys).count == keys.count, "default JSON keys are unique: \(keys)")
    }

    @Test func everyFieldGoesFromBuilderToModelAndBack() {
        let builder = ViewModelBuilder()
        let row = builder.bodyBuilder("row")
        let fields = filledFields()
        for field in ComponentFields.texts { row[dynamicMember: field.keyPath] = fields[keyPath: field.keyPath] }
        for field in ComponentFields.data { row[dynamicMember: field.keyPath] = fields[keyPath: field.keyPath] }
        let model = builder.build().body[0]
        #expect(model.fields == fields)
        let copy = ViewModelBuilder(snapshot: builder.snapshot()).bodyBuilder("row")
        for field in ComponentFields.texts {
            #expect(copy[dynamicMember: field.keyPath] == fields[keyPath: field.keyPath], "\(field.name)")
        }
    }

    @Test func everyFieldIsSerializedAtItsDefaultKeysAndReadBack() throws {
        let builder = ViewModelBuilder()
        let row = builder.bodyBuilder("row")
        let fields = filledFields()
        for field in ComponentFields.texts { row[dynamicMember: field.keyPath] = fields[keyPath: field.keyPath] }
        for field in ComponentFields.data { row[dynamicMember: field.keyPath] = fields[keyPath: field.keyPath] }
        let json = builder.build().body[0].serialize()
        for field in ComponentFields.texts {
            #expect(value(in: json, at: field.defaultJSONKeys) == .string("text of \(field.name)"), "\(field.name)")
        }
        for field in ComponentFields.data {
            #expect(value(in: json, at: field.defaultJSONKeys) == .object(["from": .string(field.name)]), "\(field.name)")
        }
        let reread = ViewModelBuilder()
        try reread.addJSON(value: .array([.object(json)]))
        #expect(reread.build().body[0].fields == fields)
    }

    @Test func everyFieldCanBeReadFromACustomSchemaPath() throws {
        var schema = JSONSchema()
        for field in ComponentFields.texts { schema.componentModelSchema[field] = JSONPath().goTo("my_" + field.name).stringPath }
        for field in ComponentFields.data { schema.componentModelSchema[field] = JSONPath().goTo("my_" + field.name).dictionaryPath }
        var component: JSONDictionary = ["id": .string("row")]
        for field in ComponentFields.texts { component["my_" + field.name] = .string("text of \(field.name)") }
        for field in ComponentFields.data { component["my_" + field.name] = .object(["from": .string(field.name)]) }
        let model = schema.viewModel(from: ["body": .array([.object(component)])])
        #expect(model.body[0].fields == filledFields())
    }

    @Test func addedJSONMergesIntoDataFieldsAndReplacesTexts() throws {
        let builder = ViewModelBuilder()
        let row = builder.bodyBuilder("row")
        row.title = "old"
        row.customData = ["kept": .int(1), "replaced": .int(1)]
        row.addJSON(dictionary: ["text": .object(["title": .string("new")]), "custom": .object(["replaced": .int(2)])])
        let model = builder.build().body[0]
        #expect(model.title == "new")
        #expect(model.customData == ["kept": .int(1), "replaced": .int(2)])
    }

    private func value(in json: JSONDictionary, at keys: [String]) -> JSONValue? {
        var current: JSONValue? = .object(json)
        for key in keys { current = current?[key] }
        return current
    }
}
