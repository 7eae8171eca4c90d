import Foundation
import HubCore
import Testing
@testable import HubLua
@testable import HubTools

/// `hub test --coverage`'s counts for a known feature's test (Fixtures/Covered), line by line.
@Suite struct CoverageTests {
    private static let folder = TestPaths.fixture("Covered")

    /// Runs the fixture's test with coverage on from before it loads.
    private func covered() throws -> LineCoverage {
        let runtime = try HubRuntime(clock: .virtual)
        runtime.startCoverage()
        try runtime.loadFeatures(at: Self.folder)
        let summary = runtime.runTests(under: [Self.folder]) { _ in }
        #expect(summary == TestSummary(passed: 1, failed: 0))
        return runtime.lineCoverage(under: [Self.folder])
    }

    @Test func countsEachLineOfTheTestedFeature() throws {
        let coverage = try covered()
        #expect(coverage.files.map(\.path) == [Self.folder + "/feature.lua", Self.folder + "/operations/greeting.lua"])
        let greeting = try #require(coverage.files.last)
        // Comments, blank lines, `end`, `else`, the first lines of the long string and the
        // closing `}` (the return after the tail call `return hub.operation {`) are no lines that
        // can run. A line counts each time execution enters it: the loop's line once more than
        // its body (the test that ends it), line 16 twice (the call comes back to it after the
        // table's fields), the loop's `end` once (it closes the loop's iterator). `shout` runs
        // for "Ada" alone, `unused` never; 10 and 14 make them.
        #expect(greeting.lines == [
            2: 1, 6: 1, 9: 1, 10: 1, 13: 0, 14: 1, 16: 2, 17: 1,
            19: 4, 20: 3, 21: 3, 22: 2, 24: 1, 26: 1, 27: 1, 28: 1,
        ])
        #expect(greeting.linesHit == 15 && greeting.lines.count == 16)
    }

    @Test func writesAnLcovRecordPerFile() throws {
        // feature.lua's line 2 is entered again when `hub.feature` is called, after the fields.
        let greeting = "DA:2,1\nDA:6,1\nDA:9,1\nDA:10,1\nDA:13,0\nDA:14,1\nDA:16,2\nDA:17,1\n"
            + "DA:19,4\nDA:20,3\nDA:21,3\nDA:22,2\nDA:24,1\nDA:26,1\nDA:27,1\nDA:28,1\n"
        #expect(try covered().lcov() == """
            TN:hub_test
            SF:\(Self.folder)/feature.lua
            DA:2,2
            DA:3,1
            DA:4,1
            DA:5,1
            DA:6,1
            LH:5
            LF:5
            end_of_record
            TN:hub_test
            SF:\(Self.folder)/operations/greeting.lua
            \(greeting)LH:15
            LF:16
            end_of_record

            """)
    }

    @Test func summarizesEachFileAndTheTotal() throws {
        let summary = try covered().summary
        #expect(summary.count == 4)
        #expect(summary.first == "line coverage (lines run/lines that can run):")
        #expect(summary[2].hasSuffix("operations/greeting.lua  15/16   93.8%"))
        #expect(summary.last?.hasPrefix("  total ") == true)
        #expect(summary.last?.hasSuffix("20/21   95.2%") == true)
    }

    @Test func countsNothingWithCoverageOff() throws {
        let runtime = try HubRuntime(clock: .virtual)
        try runtime.loadFeatures(at: Self.folder)
        _ = runtime.runTests(under: [Self.folder]) { _ in }
        #expect(runtime.lineCoverage(under: [Self.folder]).files.allSatisfy { $0.linesHit == 0 })
    }

    @Test func theSummarySaysWhenHitsWereDropped() {
        let file = LineCoverage.File(path: "/f/feature.lua", displayPath: "f/feature.lua", lines: [1: 1, 2: 0])
        #expect(LineCoverage(files: [file]).summary == [
            "line coverage (lines run/lines that can run):", "  f/feature.lua  1/2   50.0%", "  total          1/2   50.0%",
        ])
        #expect(LineCoverage(files: [file], droppedHits: 3).summary.last
            == "  3 line hits were not counted: the record of lines run reached its bound on memory")
    }
}
