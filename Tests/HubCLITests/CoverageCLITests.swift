import Foundation
import HubTestThreads
import Testing

/// `hub test --coverage`: the summary it prints, and the lcov tracefile genhtml (Debian's
/// `lcov`, which Scripts/bootstrap installs) builds an HTML report from.
@Suite(.offThePool) struct CoverageCLITests {
    private static let fixture = "Tests/HubToolsTests/Fixtures/Covered"

    /// A fresh temporary directory.
    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hub-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func printsEachFilesLinesAndWritesATracefileGenhtmlReads() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tracefile = directory.appendingPathComponent("lcov.info").path
        let result = try HubProcess.run(["test", "--coverage-file", tracefile, Self.fixture])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.suffix(5) == [
            "line coverage (lines run/lines that can run):",
            "  \(Self.fixture)/feature.lua                5/5  100.0%",
            "  \(Self.fixture)/operations/greeting.lua  15/16   93.8%",
            "  total                                                         20/21   95.2%",
            "wrote \(tracefile)",
        ], "\(result.output)")
        let lcov = try String(contentsOfFile: tracefile, encoding: .utf8)
        #expect(lcov.contains("SF:\(HubProcess.packageRoot.path)/\(Self.fixture)/operations/greeting.lua\n"))

        let genhtml = Process()
        genhtml.executableURL = URL(fileURLWithPath: "/usr/bin/genhtml")
        let report = directory.appendingPathComponent("html")
        genhtml.arguments = ["--quiet", "--output-directory", report.path, tracefile]
        let output = Pipe()
        genhtml.standardOutput = output
        genhtml.standardError = output
        try genhtml.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        genhtml.waitUntilExit()
        #expect(genhtml.terminationStatus == 0, "\(said)")
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("index.html").path))
    }

    @Test func writesLcovInfoByDefault() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = HubProcess.packageRoot.appendingPathComponent(Self.fixture).path
        let result = try HubProcess.run(["test", "--coverage", folder], in: directory)
        #expect(result.status == 0, "\(result.output)")
        let lcov = try String(contentsOf: directory.appendingPathComponent("lcov.info"), encoding: .utf8)
        #expect(lcov.hasPrefix("TN:hub_test\nSF:\(folder)/feature.lua\n"))
    }
}
