import Foundation
import Testing

@testable import HubCore

// `ViewModel.serializedJSON(pretty:)` writes, byte for byte, the text of the model's
// `serialize()` dictionary.

struct ModelWriterTests {
    private func model(_ text: String, configuration: BuilderConfiguration = .testing) throws -> ViewModel {
        let builder = ViewModelBuilder(configuration: configuration)
        try builder.addJSON(text)
        return builder.build()
    }

    private func expectSameText(_ model: ViewModel, sourceLocation: SourceLocation = #_sourceLocation) {
        for pretty in [false, true] {
            let expected = JSONValue.object(model.serialize()).serialized(pretty: pretty)
            #expect(String(decoding: model.serializedJSON(pretty: pretty), as: UTF8.self) == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func theFixtureIsWrittenAsItsDictionary() throws {
        let url = try #require(Bundle.module.url(forResource: "Serialization", withExtension: "json", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        expectSameText(try model(text))
        expectSameText(try model(text, configuration: .testingWithoutIcons))
    }

    @Test func everyKindOfMemberIsWrittenAsItsDictionary() throws {
        expectSameText(try model(#"""
            {"id": "v", "title": "T \"quoted\" \\ \n\u0001 é 😀", "custom": {"z": 1, "a": [1.5, -2, 1e300, true, null, {}], "m": {"k": "v"}},
             "header": {"id": "h", "component": {"id": "ns:name", "category": "cat"}, "text": {"title": "H"}},
             "body": [
               {"id": "all", "group": "g", "text": {"title": "t", "subtitle": "s", "accessory": "a", "description": "d"},
                "metadata": {"m": 1}, "logging": {"l": 2}, "custom": {"c": 3},
                "images": {"main": {"uri": "https://m", "placeholder": "p", "local": "l", "custom": {"x": 1}},
                           "background": {"local": "only local"}, "icon": "i",
                           "custom": {"b": {"uri": "https://b"}, "a": {"placeholder": "pa"}, "é": {"local": "l"}}},
                "target": {"uri": "https://t", "actions": ["a:b", "c:d"], "custom": {"t": true},
                           "view": {"title": "V", "body": [{"id": "vb", "children": [{"id": "vc"}]}]}},
                "children": [{"id": "c1", "children": [{"id": "c2", "text": {"title": "deep"}}]}, {"id": "c3"}]},
               {"id": "bare"},
               {"id": "escaped", "component": {"id": "q\"uote:back\\slash é"}, "target": {"actions": ["a\"b:c\u0001"]}},
               {"id": "empty target", "target": {}},
               {"id": "empty data", "custom": {}, "metadata": {}, "images": {"custom": {}}}
             ],
             "overlays": [{"id": "o", "text": {"subtitle": "only subtitle"}}]}
            """#))
        expectSameText(try model("{}"))
        expectSameText(try model(#"[{"id": "a"}]"#))
    }

    @Test func theLayoutIsInKeyOrderAtEveryLevel() {
        let steps = ComponentLayout.steps
        func key(_ step: ComponentLayout.Step) -> String { String(decoding: ComponentLayout.keys[step.key], as: UTF8.self) }
        /// Checks the members from `start` to their level's close; returns the index after it.
        func check(from start: Int) -> Int {
            var keys: [String] = []
            var index = start
            while index < steps.count {
                let step = steps[index]
                if case .close = step.action { break }
                keys.append(key(step))
                if case .open = step.action {
                    #expect(check(from: index + 1) == step.next, "\(key(step)) ends where its step says")
                }
                index = step.next
            }
            #expect(keys == keys.sorted(), "\(keys)")
            return index + 1
        }
        _ = check(from: 0)
        #expect(steps.map(key).filter { !$0.isEmpty } == [
            #""children""#, #""component""#, #""category""#, #""id""#, #""custom""#, #""group""#, #""id""#, #""images""#,
            #""background""#, #""custom""#, #""icon""#, #""main""#, #""logging""#, #""metadata""#, #""target""#,
            #""text""#, #""accessory""#, #""description""#, #""subtitle""#, #""title""#,
        ], "\(steps.map(key))")
    }

    @Test func everyComponentPropertyHasABitOfItsOwn() {
        // A field added to ComponentFields past the bit set's width would never be written.
        var properties: [ComponentLayout.Property] = [
            .identifier, .componentIdentifier, .category, .main, .background, .icon, .customImages, .target, .children,
        ]
        properties += ComponentFields.texts.indices.map { .text($0) }
        properties += ComponentFields.data.indices.map { .data($0) }
        let bits = properties.map(\.bit)
        #expect(!bits.contains(0))
        #expect(bits.reduce(0, |).nonzeroBitCount == properties.count)
    }
}
