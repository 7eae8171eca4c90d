import Testing
@testable import HubFuzzing
@testable import HubLua

/// The fuzzers' generator and checks work in ordinary builds too.
@Suite struct DSLScriptGeneratorTests {
    /// A deterministic stream of pseudo-random bytes.
    private func bytes(seed: UInt64, count: Int) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func theSameBytesMakeTheSameScript() {
        var first = DSLScriptGenerator(bytes(seed: 7, count: 300))
        var second = DSLScriptGenerator(bytes(seed: 7, count: 300))
        #expect(first.generate() == second.generate())
    }

    @Test func generatedScriptsAreValidLuaThatUsesTheDSL() throws {
        let lua = try LuaState()
        for seed in 1...200 {
            var generator = DSLScriptGenerator(bytes(seed: UInt64(seed), count: 400))
            let script = generator.generate()
            #expect(script.contains("hub."))
            #expect(throws: Never.self, "seed \(seed):\n\(script)") { try lua.load(script, chunkName: "=generated") }
            lua.stack.pop()
        }
    }

    @Test func generatedScriptsRunWithoutHarmingAnotherFeature() {
        for seed in 1...40 {
            DSLChecks.check(bytes(seed: UInt64(seed), count: 400))
        }
    }

    @Test func jsonChecksAcceptWhatTheyShould() {
        JSONChecks.check(Array(#"{"title": "T", "body": [{"id": "a", "text": {"title": "A"}, "children": [{"id": "c"}]}]}"#.utf8))
        JSONChecks.check(Array(#"{"items": [{"name": "n", "owner": {"login": "l"}, "url": "https://x"}]}"#.utf8))
        JSONChecks.check(Array("[1, 2, {\"a\": null}]".utf8))
        JSONChecks.check(Array("{\"unterminated".utf8))
    }
}
