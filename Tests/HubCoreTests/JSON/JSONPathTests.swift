import Testing

@testable import HubCore

// HUBJSONPathTests.m: typed destinations. Hub Framework's bool and integer
// getters return NO/0 when nothing matches; Swift's return nil.

struct JSONPathTests {
    @Test func boolPath() {
        let path = JSONPath().goTo("bool").boolPath
        #expect(path.value(from: ["bool": .bool(true)]) == true)
        #expect(path.value(from: ["bool": .bool(false)]) == false)
        #expect(path.value(from: ["bool": .string("notABool")]) == nil)
        #expect(path.value(from: ["bool": .int(1)]) == nil)
        #expect(path.value(from: [:]) == nil)
    }

    @Test func integerPath() {
        let path = JSONPath().goTo("int").integerPath
        #expect(path.value(from: ["int": .int(15)]) == 15)
        #expect(path.value(from: ["int": .int(-15)]) == -15)
        #expect(path.value(from: ["int": .double(15)]) == 15)
        #expect(path.value(from: ["int": .double(1.5)]) == nil)
        #expect(path.value(from: ["int": .string("notAnInt")]) == nil)
        #expect(path.value(from: [:]) == nil)
    }

    @Test func stringPath() {
        let path = JSONPath().goTo("string").stringPath
        #expect(path.value(from: ["string": .string("hello")]) == "hello")
        #expect(path.value(from: ["string": .string("")]) == "")
        #expect(path.value(from: ["string": .int(15)]) == nil)
        #expect(path.value(from: [:]) == nil)
    }

    @Test func urlPath() {
        let path = JSONPath().goTo("url").urlPath
        #expect(path.value(from: ["url": .string("http://www.spotify.com")]) == "http://www.spotify.com")
        #expect(path.value(from: ["url": .string("spotify:hub:framework")]) == "spotify:hub:framework")
        #expect(path.value(from: ["url": .string("é")]) == nil)
        #expect(path.value(from: ["url": .string("")]) == nil)
        #expect(path.value(from: ["url": .string("http://www.spotify.com/a path")]) == nil)
        #expect(path.value(from: ["url": .int(15)]) == nil)
        #expect(path.value(from: [:]) == nil)
    }

    @Test func arrayPath() throws {
        let path = JSONPath().goTo("array").forEach().stringPath
        #expect(path.values(from: try jsonObject(#"{"array": ["hello", "how", "are", "you?"]}"#)) == ["hello", "how", "are", "you?"])
        #expect(path.values(from: try jsonObject(#"{"array": ["hello", 15]}"#)) == ["hello"])
        #expect(path.values(from: try jsonObject(#"{"array": []}"#)) == [])
        #expect(path.values(from: try jsonObject(#"{"array": "notAnArray"}"#)) == [])
        #expect(path.values(from: [:]) == [])
    }

    @Test func dictionaryPath() throws {
        let path = JSONPath().goTo("dictionary").dictionaryPath
        #expect(path.value(from: try jsonObject(#"{"dictionary": {"key": "value"}}"#)) == ["key": .string("value")])
        #expect(path.value(from: ["dictionary": .string("notADictionary")]) == nil)
        #expect(path.value(from: [:]) == nil)
    }

    @Test func extendedPath() throws {
        let dictionaryPath = JSONPath().goTo("dictionary").dictionaryPath
        let stringPath = dictionaryPath.path.goTo("string").stringPath
        #expect(stringPath.value(from: try jsonObject(#"{"dictionary": {"string": "hello"}}"#)) == "hello")
    }

    @Test func singleValueGettersReturnTheFirstValue() throws {
        let path = JSONPath().goTo("array").forEach().stringPath
        #expect(path.value(from: try jsonObject(#"{"array": [15, "first", "second"]}"#)) == "first")
    }

    @Test func emptyPathReachesTheRootDictionary() throws {
        let root = try jsonObject(#"{"key": "value"}"#)
        #expect(JSONPath().dictionaryPath.value(from: root) == root)
        #expect(JSONPath().values(from: root) == [.object(root)])
    }

    @Test func nullValuesPassThroughGoTo() {
        #expect(JSONPath().goTo("key").values(from: ["key": .null]) == [.null])
        #expect(JSONPath().goTo("key").stringPath.value(from: ["key": .null]) == nil)
    }

    @Test func goToOnANonDictionaryDropsTheValue() throws {
        let path = JSONPath().goTo("array").goTo("key")
        #expect(path.values(from: try jsonObject(#"{"array": [{"key": 1}]}"#)) == [])
    }
}

// HUBMutableJSONPathTests.m: operations. Mutable and immutable paths are one
// value type here: every operation returns a new path and leaves its receiver unchanged.

struct JSONPathOperationTests {
    @Test func goTo() {
        #expect(JSONPath().goTo("string").stringPath.value(from: ["string": .string("hello")]) == "hello")
    }

    @Test func forEach() throws {
        let path = JSONPath().goTo("array").forEach().goTo("title").stringPath
        let json = try jsonObject(#"{"array": [{"title": "one"}, {"title": "two"}]}"#)
        #expect(path.values(from: json) == ["one", "two"])
    }

    @Test func nestedForEachFansOutInOrder() throws {
        let path = JSONPath().goTo("rows").forEach().forEach().integerPath
        #expect(path.values(from: try jsonObject(#"{"rows": [[1, 2], "skipped", [], [3]]}"#)) == [1, 2, 3])
    }

    @Test func runBlock() {
        var runs = 0
        let path = JSONPath().goTo("string").run { _ in
            runs += 1
            return .string("blockString")
        }.stringPath
        #expect(path.value(from: ["string": .string("hello")]) == "blockString")
        #expect(runs == 1)

        // `goTo` failed first: the block never runs.
        #expect(path.value(from: [:]) == nil)
        #expect(runs == 1)
    }

    @Test func runBlockReturningNilDropsTheValue() {
        let path = JSONPath().goTo("key").run { _ in nil }
        #expect(path.values(from: ["key": .string("value")]) == [])
    }

    @Test func runBlockTypeSafety() {
        // A block returning a dictionary into a string path: the destination's check drops it.
        let dictionaryIntoString = JSONPath().goTo("string").run { _ in .object([:]) }.stringPath
        #expect(dictionaryIntoString.value(from: ["string": .string("hello")]) == nil)

        // A string path extended with a block: the string check comes before the block, so the
        // number never reaches it.
        var blockInputs: [JSONValue] = []
        let extended = JSONPath().goTo("value").stringPath.path.run { input in
            blockInputs.append(input)
            return input.stringValue.map { .string($0 + "append") }
        }.stringPath
        #expect(extended.value(from: ["value": .int(15)]) == nil)
        #expect(blockInputs == [])
        #expect(extended.value(from: ["value": .string("string")]) == "stringappend")
        #expect(blockInputs == [.string("string")])
    }

    @Test func singleValueGetterStopsRunningBlocksAfterTheFirstValue() throws {
        var runs = 0
        let path = JSONPath().goTo("array").forEach().run { value in
            runs += 1
            return value
        }.stringPath
        let json = try jsonObject(#"{"array": [1, "first", "second"]}"#)
        #expect(path.value(from: json) == "first")
        #expect(runs == 2)
        #expect(path.values(from: json) == ["first", "second"])
        #expect(runs == 5)
    }

    @Test func combiningPaths() throws {
        let path = JSONPath().goTo("A").combine(with: JSONPath().goTo("B")).stringPath
        let json = try jsonObject(#"{"A": "valueA", "B": "valueB"}"#)
        #expect(path.values(from: json) == ["valueA", "valueB"])
        #expect(path.value(from: json) == "valueA")
        #expect(path.value(from: try jsonObject(#"{"B": "valueB"}"#)) == "valueB")
        #expect(path.values(from: [:]) == [])
    }

    @Test func combinedPathPrefersTheFirstValueOfTheDestinationType() throws {
        let path = JSONPath().goTo("id").combine(with: JSONPath().goTo("identifier")).stringPath
        #expect(path.value(from: try jsonObject(#"{"id": 15, "identifier": "legacy"}"#)) == "legacy")
        #expect(path.value(from: try jsonObject(#"{"id": "current", "identifier": "legacy"}"#)) == "current")
    }

    @Test func operationsAfterACombinationApplyToEveryCombinedValue() throws {
        let path = JSONPath().goTo("A").combine(with: JSONPath().goTo("B").forEach())
            .run { $0.stringValue.map { .string($0.uppercased()) } }
            .stringPath
        let json = try jsonObject(#"{"A": "a", "B": ["b", 2, "c"]}"#)
        #expect(path.values(from: json) == ["A", "B", "C"])
    }

    @Test func copying() {
        let path = JSONPath().goTo("key")
        let copy = path
        #expect(copy.stringPath.value(from: ["key": .string("value")]) == "value")

        // Extending a path leaves it unchanged.
        let extended = path.goTo("nested")
        #expect(path.stringPath.value(from: ["key": .string("value")]) == "value")
        #expect(extended.stringPath.value(from: ["key": .object(["nested": .string("deep")])]) == "deep")
        #expect(path.values(from: ["key": .object(["nested": .string("deep")])]) == [.object(["nested": .string("deep")])])
    }
}
