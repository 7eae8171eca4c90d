import Foundation
import HubTestThreads
import Testing

/// `hub profile URI`: the table, the folded stacks and the speedscope file of a known chain.
@Suite(.offThePool) struct ProfileCLITests {
    private static let fixture = "Tests/HubToolsTests/Fixtures/Profiled"
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
        // A host call's cost is sampled with the host function innermost (ProfileTests says
        // what each count is made of).
        #expect(result.output == """
            rows;(anonymous)@\(Self.file):12 22
            rows;(anonymous)@\(Self.file):12;body@[C] 152
            rows;(anonymous)@\(Self.file):12;index@[C] 116
            spin;(anonymous)@\(Self.file):11 28
            spin;(anonymous)@\(Self.file):11;index@[C] 116
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

    /// A small view, Examples/Cities' overview (about a millisecond of host calls and a few
    /// dozen Lua instructions), gets samples: one for each `--every` instructions its budget
    /// counted, wherever they were counted, so the table's numbers agree with each other.
    @Test func aSmallViewIsSampledAndTheTablesNumbersAgree() throws {
        let result = try HubProcess.run(["profile", "--features", "Examples/Cities", "cities:overview"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.components(separatedBy: "\n")
        let operations = lines.prefix { !$0.isEmpty }.dropFirst().map { $0.split(separator: #/  +/#).map(String.init) }
        #expect(operations.map { $0.first } == ["rows", "images"], "\(result.output)")
        let instructions = operations.compactMap { Int($0[6].replacingOccurrences(of: ",", with: "")) }
        for operation in operations {
            // Lua and host time are what the runs ran (rounded to 0.1 ms), within their wall time.
            let times = operation[2...4].compactMap(Double.init)
            #expect(times.count == 3 && times[1] + times[2] <= times[0] + 0.15, "\(operation)")
        }
        let summary = try #require(lines.first { $0.hasSuffix(" samples, one every 1,000 instructions") }, "\(result.output)")
        let samples = try #require(Int(summary.prefix { $0 != " " }))
        #expect(samples > 0 && samples == instructions.reduce(0, +) / 1_000, "\(result.output)")
        // Every sample is in one function (its innermost); the host functions the chain calls
        // have most of them.
        let functions = lines.drop { $0 != "self  total  function" }.dropFirst().prefix { !$0.isEmpty }
            .map { $0.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(functions.compactMap { Int($0[0]) }.reduce(0, +) == samples, "\(result.output)")
        #expect(functions.allSatisfy { Int($0[0]) ?? 0 <= Int($0[1]) ?? 0 && Int($0[1]) ?? 0 <= samples })
        #expect(functions.first?.last == "add_json [C]", "\(result.output)")
    }

    @Test func aChainTooShortForOneSampleSaysSo() throws {
        let result = try HubProcess.run(["profile", "--features", "Examples/Cities", "cities:overview", "--every", "1000000"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#/\n0 samples, one every 1,000,000 instructions: the operations counted [0-9,]+ in all, too few for one \(sample more often\)\n$/#), "\(result.output)")
    }

    @Test func anUnknownViewFailsAndABadPeriodIsRefused() throws {
        let unknown = try HubProcess.run(["profile", "--features", Self.fixture, "nothing:here"])
        #expect(unknown.status != 0 && unknown.errors.contains("nothing:here"), "\(unknown.errors)")
        let bad = try HubProcess.run(["profile", "--features", Self.fixture, "profiled:view", "--every", "0"])
        #expect(bad.status != 0 && bad.errors.contains("--every must be a positive number"), "\(bad.errors)")
    }
}
