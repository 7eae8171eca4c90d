import Foundation
import LuaBridge
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

/// The fuzzers' seeds and every input they once failed on (`Tests/Fuzz`), replayed in ordinary
/// builds so that a fixed problem stays fixed.
@Suite struct FuzzRegressionTests {
    private static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    private func inputs(_ folder: String) throws -> [[UInt8]] {
        let directory = Self.fuzz.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { name in
            [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }

    @Test func jsonSeedsAndRegressionsPass() throws {
        let all = try inputs("JSON")
        #expect(all.count >= 6)
        all.forEach(JSONChecks.check)
    }

    @Test func dslSeedsPass() throws {
        let all = try inputs("DSL")
        #expect(all.count >= 8)
        all.forEach(DSLChecks.check)
    }
}
