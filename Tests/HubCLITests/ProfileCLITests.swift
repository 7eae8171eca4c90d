import Foundation
import HubTestThreads
import Testing

/// `hub profile URI`: the table, the folded stacks and the speedscope file of a known chain.
@Suite(.offThePool) struct ProfileCLITests {
    private static let fixture = "Tests/HubLuaTests/Fixtures/Profiled"
    private static let file = "\(fixture)/feature.lua"

    @Test func printsEachOperationThenTheFunctionsAndLinesWithTheMostSamples() throws {
        let result = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "1"])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("operation  runs  ") == true, "\(result.output)")
        #expect(lines.first?.hasSuffix("  waits ms  instructions  allocated") == true, "\(result.output)")
        #expect(lines.dropFirst().first?.prefixMatch(of: #/spin +1  /#) != nil, "\(result.output)")
        #expect(lines.dropFirst(2).first?.prefixMatch(of: #/rows +1  /#) != nil, "\(result.output)")
        #expect(lines.contains("self  total  function"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("2006   2006  spin \(Self.file):3") }, "\(result.output)")
        #expect(lines.contains("   2004  \(Self.file):5"), "\(result.output)")
    }

    @Test func foldedPrintsOneLinePerStackWithItsSamples() throws {
        let result = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "1", "--folded"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == """
            rows;(anonymous)@\(Self.file):12 6
            spin;(anonymous)@\(Self.file):11 6
            spin;(anonymous)@\(Self.file):11;spin@\(Self.file):3 2006

            """, "\(result.output)")
        let again = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "1", "--folded"])
        #expect(again.output == result.output, "the same chain gives the same samples")
    }

    @Test func writesASpeedscopeFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-profile-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "10", "--speedscope", path])
        #expect(result.status == 0, "\(result.output)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let file = try #require(object as? [String: Any])
        #expect(file["$schema"] as? String == "https://www.speedscope.app/file-format-schema.json")
        let profile = try #require((file["profiles"] as? [[String: Any]])?.first)
        #expect(profile["type"] as? String == "sampled" && profile["name"] as? String == "profiled:view")
        let weights = try #require(profile["weights"] as? [Int])
        #expect(weights.reduce(0, +) == profile["endValue"] as? Int && weights.allSatisfy { $0 % 10 == 0 })
    }

    @Test func anUnknownViewFailsAndABadPeriodIsRefused() throws {
        let unknown = try HubProcess.run(["profile", "--features", Self.fixture, "nothing:here"])
        #expect(unknown.status != 0 && unknown.errors.contains("nothing:here"), "\(unknown.errors)")
        let bad = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "0"])
        #expect(bad.status != 0 && bad.errors.contains("--every must be a positive number"), "\(bad.errors)")
    }
}
