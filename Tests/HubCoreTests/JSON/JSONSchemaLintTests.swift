import Testing

@testable import HubCore

// What `hub check --strict` reads from JSON content: values of the wrong type for the property
// a schema reads there (each with where it is, and where that is in the text), and the
// components the JSON names.

struct JSONSchemaLintTests {
    private let text = """
        {
          "title": 7,
          "header": {"component": {"id": "cities:hero"}, "text": {"title": ["not", "a", "string"]}},
          "body": [
            {"id": "a", "component": {"id": "row"}, "text": {"title": "fine", "subtitle": null}},
            {"id": "b", "component": {"id": 3}, "images": {"main": {"uri": "not a uri"}, "custom": {"x": 1}}},
            {"id": "c", "target": {"uri": "x:y", "actions": ["ok:go", "nonamespace"], "view": {"title": false}},
             "children": [{"id": "c.1", "component": {"id": "songs:song"}, "metadata": "meta"}]}
          ]
        }
        """

    private func lint(_ text: String, schema: JSONSchema = .default) throws -> JSONLint {
        schema.lint(try JSONParser.parse(text))
    }

    @Test func mistypedValuesAreReportedWithTheirPathPropertyAndExpectedType() throws {
        let report = try lint(text)
        #expect(report.mistyped.map(\.description) == [
            "title: the view title should be a string, not 7; it is skipped",
            "header.text.title: the component title should be a string, not [\"not\",\"a\",\"string\"]; it is skipped",
            "body[1].component.id: the component name should be a string, not 3; it is skipped",
            "body[1].images.main.uri: the image URI should be a URI reference, not \"not a uri\"; it is skipped",
            "body[1].images.custom.x: the custom image should be an object, not 1; it is skipped",
            "body[2].target.view.title: the view title should be a string, not false; it is skipped",
            "body[2].target.actions[1]: the target action should be an identifier 'namespace:name', not \"nonamespace\"; it is skipped",
            "body[2].children[0].metadata: the component metadata data should be an object, not \"meta\"; it is skipped",
        ])
    }

    @Test func componentNamesResolveToTheDefaultNamespaceWhenTheyHaveNone() throws {
        let report = try lint(text)
        #expect(report.components.map { "\($0.pointer) \($0.identifier)" } == [
            "header.component.id cities:hero",
            "body[0].component.id default:row",
            "body[2].children[0].component.id songs:song",
        ])
    }

    @Test func aBodyArrayIsReadAsBodyComponents() throws {
        let report = try lint(#"[{"component": {"id": "x:y"}, "text": {"title": 1}}, 5]"#)
        #expect(report.mistyped.map(\.description) == ["[0].text.title: the component title should be a string, not 1; it is skipped"])
        #expect(report.components.map(\.identifier.description) == ["x:y"])
    }

    @Test func aCustomSchemaIsReadThroughItsOwnPaths() throws {
        var schema = JSONSchema()
        schema.viewModelSchema.body = JSONPath().goTo("items").forEach().dictionaryPath
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        let report = try lint(#"{"items": [{"name": "ok"}, {"name": 42}], "title": 3, "body": 5}"#, schema: schema)
        #expect(report.mistyped.map(\.description) == [
            "title: the view title should be a string, not 3; it is skipped",
            "items[1].name: the component title should be a string, not 42; it is skipped",
        ])
    }

    @Test func longValuesAreShortenedInMessages() throws {
        let report = try lint(#"{"title": ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]}"#)
        #expect(report.mistyped.first?.description == "title: the view title should be a string, not [\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…; it is skipped")
    }

    @Test func aPointerIsLocatedInTheTextItCameFrom() throws {
        let report = try lint(text)
        let locations = report.mistyped.prefix(3).map { JSONParser.location(of: $0.pointer, in: text) }
        #expect(locations.map { "\($0?.line ?? 0):\($0?.column ?? 0)" } == ["2:12", "3:68", "6:37"])
    }

    @Test func locatingFollowsKeysAndIndicesAndKeepsTheLastDuplicate() {
        let text = "{\"a\": [10, {\"b\": 1}, 30], \"a\": [1, {\"b\":\n  \"é\"}]}"
        #expect(JSONParser.location(of: JSONPointer([.key("a"), .index(1), .key("b")]), in: text)! == (2, 3))
        #expect(JSONParser.location(of: JSONPointer(), in: "  [1]")! == (1, 3))
        #expect(JSONParser.location(of: JSONPointer([.key("a"), .index(2)]), in: text) == nil)
        #expect(JSONParser.location(of: JSONPointer([.key("missing")]), in: text) == nil)
        #expect(JSONParser.location(of: JSONPointer([.index(0)]), in: "{}") == nil)
        #expect(JSONParser.location(of: JSONPointer([.key("a"), .index(1)]), in: "{\"a\": [1, ") == nil)
    }

    @Test func pointersReadAsCode() {
        #expect(JSONPointer().description == "(root)")
        #expect(JSONPointer([.index(2), .key("a"), .index(0)]).description == "[2].a[0]")
        #expect(JSONPointer([.key("body"), .index(2), .key("text")]).appending(.key("title")).description == "body[2].text.title")
    }
}
