import Testing

@testable import HubCore

// The JSON fast paths give exactly what the general code gives: integers read from bytes,
// ASCII strings, objects built at their final size, key-chain paths, the writer's escape runs,
// the reader's component identifiers and merges.

struct JSONFastPathTests {
    @Test func integersAtTheEdgesOfInt() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .int(.max))
        #expect(try JSONParser.parse("-9223372036854775808") == .int(.min))
        #expect(try JSONParser.parse("9223372036854775808") == .double(0x1p63))
        #expect(try JSONParser.parse("-9223372036854775809") == .double(-0x1p63))
        #expect(try JSONParser.parse("-0") == .int(0))
        #expect(try JSONParser.parse("[0, -7, 120]") == .array([.int(0), .int(-7), .int(120)]))
        #expect(try JSONParser.parse("1e2") == .double(100))
    }

    @Test func asciiAndOtherStrings() throws {
        #expect(try JSONParser.parse(#"["", "plain", "déjà", "a\nb"]"#) == .array([.string(""), .string("plain"), .string("déjà"), .string("a\nb")]))
    }

    @Test func nestedObjectsKeepTheirMembers() throws {
        let text = #"{"a": {"x": 1, "y": {"z": [ {"k": 1, "k": 2} ]}, "x": 3}, "b": {}, "a2": 4}"#
        let expected: JSONValue = .object([
            "a": .object(["x": .int(3), "y": .object(["z": .array([.object(["k": .int(2)])])])]),
            "b": .object([:]),
            "a2": .int(4),
        ])
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test func keyChainsReadWhatTheGeneralWalkReads() {
        let json: JSONDictionary = [
            "a": .object(["b": .string("ab"), "list": .array([.string("one"), .int(2), .string("three")])]),
            "s": .string("top"),
        ]
        // `run` makes a path that is no key chain, so it takes the general walk.
        let general = { (path: JSONPath) in path.run { $0 } }
        for path in [JSONPath().goTo("a").goTo("b"), JSONPath().goTo("s"), JSONPath().goTo("missing"), JSONPath().goTo("s").goTo("b")] {
            #expect(path.stringPath.value(from: json) == general(path).stringPath.value(from: json))
            #expect(path.stringPath.values(from: json) == general(path).stringPath.values(from: json))
        }
        let list = JSONPath().goTo("a").goTo("list").forEach()
        #expect(list.stringPath.values(from: json) == ["one", "three"])
        #expect(list.stringPath.value(from: json) == "one")
        #expect(list.values(from: json) == general(list).values(from: json))
        #expect(JSONPath().goTo("s").forEach().values(from: json).isEmpty)
        #expect(JSONPath().values(from: json) == [.object(json)])
        #expect(JSONPath().forEach().forEach().values(from: ["x": .int(1)]).isEmpty)
    }

    @Test func keyChainsFindKeysInSmallAndLargeObjects() {
        let large = JSONDictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", JSONValue.int($0)) })
        #expect(JSONPath().goTo("k17").integerPath.value(from: large) == 17)
        #expect(JSONPath().goTo("k20").integerPath.value(from: large) == nil)
        // Canonically equivalent keys are the same key, as in a dictionary lookup.
        let decomposed: JSONDictionary = ["e\u{301}": .string("found")]
        #expect(JSONPath().goTo("\u{E9}").stringPath.value(from: decomposed) == "found")
    }

    @Test func writerEscapesBetweenPlainRuns() {
        #expect(JSONValue.string("a\"b\\c\u{1}d\ne").serialized() == #""a\"b\\c\u0001d\ne""#)
        #expect(JSONValue.string("\"").serialized() == #""\"""#)
        #expect(JSONValue.string("déjà").serialized() == "\"déjà\"")
        #expect(JSONValue.array([.int(0), .int(-42), .int(.min)]).serialized() == "[0,-42,-9223372036854775808]")
        #expect(JSONValue.object(["b": .int(1), "a": .object(["d": .null, "c": .bool(true)])]).serialized() == #"{"a":{"c":true,"d":null},"b":1}"#)
    }

    @Test func componentIdentifiersSplitAtTheirColons() throws {
        func component(_ identifier: String) throws -> Identifier {
            let builder = ViewModelBuilder()
            try builder.addJSON(#"{"body": [{"id": "row", "component": {"id": "\#(identifier)"}}]}"#)
            return try #require(builder.build().body.first).componentIdentifier
        }
        let defaults = try component("")
        #expect(try component("ns:name") == Identifier(namespace: "ns", name: "name"))
        #expect(try component("ns:name:more") == Identifier(namespace: "ns", name: "name"))
        #expect(try component("name") == Identifier(namespace: defaults.namespace, name: "name"))
        #expect(try component("né:nàme") == Identifier(namespace: "né", name: "nàme"))
    }

    @Test func customDataMergesIntoWhatIsThere() throws {
        let builder = ViewModelBuilder()
        try builder.addJSON(#"{"body": [{"id": "row", "custom": {"a": 1, "b": 2}}]}"#)
        try builder.addJSON(#"{"body": [{"id": "row", "custom": {"b": 3}}]}"#)
        #expect(try #require(builder.build().body.first).fields.customData == ["a": .int(1), "b": .int(3)])
    }
}
