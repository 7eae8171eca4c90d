import Foundation
import Testing

@testable import HubCore

// JSON bytes read in one pass by a schema of plain key paths (`addJSON(bytes:)`) give exactly
// what the general path gives (parse the whole text, then read the dictionaries by path with
// `addJSON(value:)`): the same model, or the same located error.

struct JSONSinglePassTests {
    /// What adding `text` to a fresh builder (holding `existing` first, when given) gives,
    /// through the single pass and through the general path.
    private func bothPaths(
        _ text: String, schema: JSONSchema = JSONSchema(), existing: String? = nil
    ) -> (single: Result<ViewModel, ContentError>, general: Result<ViewModel, ContentError>) {
        func builder() -> ViewModelBuilder {
            let builder = ViewModelBuilder(configuration: .testing, schema: schema)
            if let existing { try? builder.addJSON(value: JSONParser.parse(existing)) }
            return builder
        }
        let single = builder()
        let singleResult = Result { () throws(ContentError) in
            try single.addJSON(text, source: "view.json")
            return single.build()
        }
        let general = builder()
        let generalResult = Result { () throws(ContentError) in
            let value: JSONValue
            do throws(JSONParseError) {
                value = try JSONParser.parse(text)
            } catch {
                throw error.contentError(source: "view.json")
            }
            try general.addJSON(value: value, source: "view.json")
            return general.build()
        }
        return (singleResult, generalResult)
    }

    /// Expects both paths to give the same model (or error), and returns it.
    @discardableResult
    private func expectSame(
        _ text: String, schema: JSONSchema = JSONSchema(), existing: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<ViewModel, ContentError> {
        let (single, general) = bothPaths(text, schema: schema, existing: existing)
        #expect(single == general, "\(text)", sourceLocation: sourceLocation)
        return single
    }

    private func fixture() throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Serialization", withExtension: "json", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theDefaultSchemaIsReadInOnePass() {
        #expect(SchemaPlan(JSONSchema()) != nil)
        #expect(SchemaPlan(JSONSchema.default) != nil)
    }

    @Test func aRichViewGivesTheSameModel() throws {
        let model = try expectSame(try fixture()).get()
        #expect(model.body.map(\.identifier) == ["featured", "row-0"])
        #expect(model.body.first?.children?.first?.target?.initialViewModel?.body.map(\.identifier) == ["recipe"])
    }

    @Test func mergingIntoExistingBuildersGivesTheSameModel() throws {
        let text = try fixture()
        expectSame(text, existing: text)
        expectSame(
            #"{"body": [{"id": "a", "custom": {"k": 2}, "target": {"actions": ["x:b", "x:a"], "custom": {"c": 2}}}]}"#,
            existing: #"{"title": "T", "body": [{"id": "a", "text": {"title": "A"}, "custom": {"k": 1, "j": 1}, "target": {"actions": ["x:a"]}}]}"#)
        expectSame(#"[{"id": "b"}, {"id": "a", "text": {"subtitle": "S"}}]"#, existing: #"{"body": [{"id": "a", "text": {"title": "A"}}]}"#)
    }

    @Test func theLastOfRepeatedKeysCounts() throws {
        let model = try expectSame(#"""
            {"title": "first", "title": "second", "body": [{"id": "dropped"}], "body": [
              {"id": "a", "id": "b", "text": {"title": "T", "subtitle": "S"}, "text": {"subtitle": "S2"},
               "images": {"main": {"uri": "https://a"}}, "images": {"icon": "i"},
               "component": {"id": "x:y", "category": "c"}, "component": {"category": "d"},
               "custom": {"a": 1}, "custom": {"b": 2}, "target": {"uri": "https://t", "uri": 5},
               "text": {"title": "T3", "title": null}}
            ]}
            """#).get()
        #expect(model.title == "second")
        #expect(model.body.map(\.identifier) == ["b"])
        #expect(model.body.first?.subtitle == nil)
        #expect(model.body.first?.title == nil)
        #expect(model.body.first?.componentCategory == "d")
        #expect(model.body.first?.customData == ["b": .int(2)])
        expectSame(#"{"body": [{"id": "a", "images": {"custom": {"x": {"uri": "https://x"}, "x": 1, "y": {"uri": "https://y"}}}}]}"#)
        expectSame(#"{"body": [{"id": "a", "images": {"main": {"uri": "https://x"}, "main": {"placeholder": "p"}}}]}"#)
    }

    @Test func valuesOfTheWrongTypeAreSkipped() {
        let texts = [
            #"{"title": 5, "id": [], "custom": [1], "header": "h", "body": {"id": "a"}, "overlays": 7}"#,
            #"{"body": [1, "two", null, {"id": "a", "text": 5, "component": "x", "images": [], "target": "t", "children": {}}]}"#,
            #"{"body": [{"id": "a", "text": {"title": 1, "subtitle": {"x": 1}}, "group": false, "metadata": "m", "logging": [1]}]}"#,
            #"{"header": {"id": 7, "text": {"title": "T"}}}"#,
            #"{"body": [{"id": "a", "images": {"main": "m", "background": 1, "custom": [], "icon": 3}}]}"#,
            #"{"body": [{"id": "a", "images": {"main": {"uri": "not a uri", "placeholder": 1, "local": [], "custom": "c"}}}]}"#,
            #"{"body": [{"id": "a", "target": {"uri": "a b", "view": [], "actions": [1, "nocolon", "ok:action", "ok:action", null], "custom": 1}}]}"#,
            #"{"body": [{"id": "a", "target": {"actions": "x:y"}}]}"#,
            #"{"body": [{"id": "a", "target": {"view": {"title": "V", "body": [{"id": "v", "target": {"view": {"body": [{"id": "w"}]}}}]}}}]}"#,
        ]
        for text in texts { expectSame(text) }
    }

    @Test func missingFieldsLeaveTheDefaults() throws {
        let model = try expectSame(#"{"body": [{"id": "a"}, {"id": "b", "text": {}}], "header": {}}"#).get()
        #expect(model.header?.identifier == "header")
        #expect(model.body.map(\.componentIdentifier) == [Identifier(namespace: "namespace", name: "name"), Identifier(namespace: "namespace", name: "name")])
        expectSame("{}")
        expectSame("[]")
        expectSame(#"{"header": {"id": "h", "children": [{"id": "c"}]}}"#)
    }

    @Test func componentsWithoutIdentifiersGetFreshOnesOnBothPaths() throws {
        let (single, general) = bothPaths(#"[{"text": {"title": "A"}}, {"id": "b"}]"#)
        let singleModel = try single.get()
        let generalModel = try general.get()
        #expect(singleModel.body.count == 2 && generalModel.body.count == 2)
        #expect(singleModel.body[0].identifier.hasPrefix("UnknownComponent:"))
        #expect(singleModel.body[0].title == generalModel.body[0].title)
        #expect(singleModel.body[1] == generalModel.body[1])
    }

    @Test func nestedChildrenGiveTheSameModel() throws {
        var text = #"{"id": "leaf", "text": {"title": "L"}}"#
        for level in 0..<40 { text = #"{"id": "c\#(level)", "children": [\#(text), 1, {"id": "s\#(level)"}]}"# }
        let model = try expectSame("[\(text)]").get()
        #expect(model.body.first?.identifier == "c39")
    }

    @Test func escapesAndUnicodeGiveTheSameModel() throws {
        let model = try expectSame(#"""
            {"t\u0069tle": "caf\u00e9 \ud83d\ude00", "\u0062ody": [{"\u0069d": "\u00e9t\u00e9", "text": {"title": "d\u00e9j\u00e0 \"q\" \\ \/ \n"},
              "id\u0000": "not the id", "tïtle": "other", "text\t": {"title": "no"}}]}
            """#).get()
        #expect(model.title == "café 😀")
        #expect(model.body.first?.identifier == "été")
        #expect(model.body.first?.title == "déjà \"q\" \\ / \n")
        // Canonically equivalent keys are the same key, as in a dictionary: "K" and the Kelvin sign.
        var schema = JSONSchema()
        schema.componentModelSchema.title = JSONPath().goTo("K").stringPath
        #expect(SchemaPlan(schema) != nil)
        let kelvin = try expectSame(#"[{"id": "a", "\u212A": "kelvin"}, {"id": "b", "K": "k", "\u212A": "kelvin"}]"#, schema: schema).get()
        #expect(kelvin.body.map(\.title) == ["kelvin", "kelvin"])
        expectSame(#"[{"id": "a", "text": {"e\u0301": 1, "title": "é"}}]"#)
    }

    @Test func numbersInDataGiveTheSameModel() throws {
        let model = try expectSame(#"""
            {"custom": {"i": 15, "n": -0, "d": 1.5, "e": 1e300, "big": 9223372036854775808, "min": -9223372036854775808,
             "list": [0.1, -2, 3E-2, true, false, null], "o": {}},
             "body": [{"id": "a", "metadata": {"x": 1}, "logging": {"y": 2.25}, "custom": {"z": [1, [2, [3]]]}}]}
            """#).get()
        #expect(model.customData?["i"] == .int(15))
        #expect(model.customData?["big"] == .double(0x1p63))
        #expect(model.body.first?.loggingData == ["y": .double(2.25)])
    }

    @Test func nonObjectDocumentsAreRejectedTheSameWay() throws {
        for text in ["5", "\"text\"", "null", " true ", "-1.5e3"] {
            let result = expectSame(text)
            #expect(throws: ContentError.self) { try result.get() }
        }
        let error = try #require(bothPaths("5").single.failure)
        #expect(error.message == "JSON for a view model must be an object or an array")
        #expect(error.location == "view.json")
    }

    @Test func malformedTextGivesTheSameLocatedErrors() throws {
        let texts = [
            " ", "{", "[", "{\"body\": [", "{\"body\": [{\"id\": \"a\",}]}", "{\"body\": [{\"id\" \"a\"}]}",
            "{\"title\": \"unterminated", "{\"title\": \"bad \\x escape\"}", "{\"t\\u00\": 1}", "{\"title\": \"a\"} x",
            "{\"body\": [{\"text\": {\"title\": tru}}]}", "{\"custom\": {\"n\": 01}}", "{\"custom\": {\"n\": 1e999}}",
            "{\"body\": [{\"images\": {\"custom\": {\"a\": {\"uri\": \"\\ud800\"}}}}]}", "[1 2]", "{\"a\" : 1 \"b\": 2}",
            "{\"title\": \"ctl\u{1}\"}", "{5: 1}", "{\"body\": {\"x\": [}}",
        ]
        for text in texts {
            let result = expectSame(text)
            #expect(throws: ContentError.self) { try result.get() }
        }
        let error = try #require(bothPaths("{\n  \"body\": [{\"id\": \"a\",}]}").single.failure)
        #expect(error.location == "view.json:2:23")
        #expect(error.message == "malformed JSON: expected a string key in an object (byte 24)")
        #expect(bothPaths("").single.failure?.message == "empty JSON data")
    }

    @Test func everyCutOfAViewGivesTheSameResult() throws {
        let text = #"{"title": "T", "body": [{"id": "a", "text": {"title": "x\u00e9"}, "images": {"custom": {"b": {"uri": "https://b"}}}, "#
            + #""target": {"view": {"body": [{"id": "v"}]}, "actions": ["a:b"]}, "custom": {"n": [1.5, -2, {"k": null}]}}]}"#
        let bytes = Array(text.utf8)
        for end in 1...bytes.count {
            expectSame(String(decoding: bytes[..<end], as: UTF8.self))
        }
    }

    @Test func nestingPastTheLimitGivesTheSameError() throws {
        let depth = JSONParser.maximumDepth
        let deepChildren = String(repeating: #"{"children": ["#, count: depth) + String(repeating: "]}", count: depth)
        let result = expectSame("[\(deepChildren)]")
        #expect(throws: ContentError.self) { try result.get() }
        let deepData = #"{"custom": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        #expect((try? expectSame(deepData).get()) != nil)
        let tooDeepData = #"{"custom": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect((try? expectSame(tooDeepData).get()) == nil)
        let tooDeepUnknown = #"{"other": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect((try? expectSame(tooDeepUnknown).get()) == nil)
    }

    @Test func customSchemasOfKeyPathsAreReadInOnePass() throws {
        var schema = JSONSchema()
        schema.viewModelSchema.body = JSONPath().goTo("items").forEach().dictionaryPath
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        schema.componentModelSchema.subtitle = JSONPath().goTo("owner").goTo("login").stringPath
        schema.componentModelSchema.identifier = JSONPath().goTo("owner").goTo("id").stringPath
        schema.componentTargetSchema.uri = JSONPath().goTo("url").stringPath
        schema.componentImageDataSchema.url = JSONPath().goTo("a").goTo("b").goTo("c").urlPath
        #expect(SchemaPlan(schema) != nil)
        let model = try expectSame(#"""
            {"items": [{"name": "n", "owner": {"login": "l", "id": "x"}, "owner": {"login": "m", "id": "w"},
              "target": {"url": "not a uri but a string"}, "images": {"main": {"a": {"b": {"c": "https://c"}}}}},
              {"owner": {"id": "y"}, "images": {"main": {"a": {"b": {"c": "a b"}}}}}], "body": [{"id": "z"}]}
            """#, schema: schema).get()
        #expect(model.body.map(\.subtitle) == ["m", nil])
        #expect(model.body.last?.identifier == "y")
        #expect(model.body.first?.target?.uri == "not a uri but a string")
    }

    @Test func otherSchemasTakeTheGeneralPath() {
        var combined = JSONSchema()
        combined.componentModelSchema.identifier = JSONPath().goTo("id").combine(with: JSONPath().goTo("name")).stringPath
        var run = JSONSchema()
        run.componentModelSchema.title = JSONPath().goTo("t").run { $0 }.stringPath
        var root = JSONSchema()
        root.componentModelSchema.target = JSONPath().dictionaryPath
        var sameKey = JSONSchema()
        sameKey.componentModelSchema.subtitle = JSONPath().goTo("text").goTo("title").stringPath
        var keyAndObject = JSONSchema()
        keyAndObject.componentModelSchema.title = JSONPath().goTo("text").stringPath
        var forEachOnAValue = JSONSchema()
        forEachOnAValue.componentModelSchema.title = JSONPath().goTo("titles").forEach().stringPath
        var listWithoutForEach = JSONSchema()
        listWithoutForEach.viewModelSchema.body = JSONPath().goTo("body").dictionaryPath
        var nonASCII = JSONSchema()
        nonASCII.componentModelSchema.title = JSONPath().goTo("titré").stringPath
        for schema in [combined, run, root, sameKey, keyAndObject, forEachOnAValue, listWithoutForEach, nonASCII] {
            #expect(SchemaPlan(schema) == nil)
        }
        expectSame(#"{"body": [{"id": "a", "name": "n", "text": {"title": "T"}, "titles": [1, "x"], "titré": "é"}]}"#, schema: keyAndObject)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
