import Foundation
import Testing

/// Runs the built `hub` executable and captures what it prints.
struct HubProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hub")
    }

    var status: Int32
    var output: String
    var errors: String

    static func run(_ arguments: [String]) throws -> HubProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HubProcess(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}

@Suite struct CLITests {
    @Test func renderJSONPrintsTheBodyFrames() throws {
        let result = try HubProcess.run(["render", "--features", "Examples", "cities:overview", "--width", "60", "--json"])
        #expect(result.status == 0)
        #expect(result.output == """
            {
              "header": null,
              "body": [
                {"id": "city-Madrid", "x": 0, "y": 0, "width": 60, "height": 2},
                {"id": "city-Rome", "x": 0, "y": 2, "width": 60, "height": 2},
                {"id": "city-Berlin", "x": 0, "y": 4, "width": 60, "height": 2},
                {"id": "city-Amsterdam", "x": 0, "y": 6, "width": 60, "height": 2},
                {"id": "image-0", "x": 1, "y": 9, "width": 28, "height": 5},
                {"id": "image-1", "x": 30, "y": 9, "width": 28, "height": 5},
                {"id": "image-2", "x": 1, "y": 15, "width": 28, "height": 5},
                {"id": "image-3", "x": 30, "y": 15, "width": 28, "height": 5}
              ],
              "overlays": [],
              "content_height": 21
            }

            """)
    }

    @Test func renderPrintsTheGoldenText() throws {
        let result = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--width", "60"])
        let golden = try String(
            contentsOf: HubProcess.packageRoot.appendingPathComponent("Tests/HubLuaTests/Golden/cities-60.txt"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.output == golden)
        #expect(result.errors.isEmpty)
    }

    @Test func unknownURIFailsWithAClearMessage() throws {
        let result = try HubProcess.run(["render", "--features", "Examples", "nowhere:view"])
        #expect(result.status != 0)
        #expect(result.errors == "hub: no feature handles the view URI 'nowhere:view'\n")
    }

    @Test func failingOperationExitsNonZeroNamingTheOperation() throws {
        let result = try HubProcess.run(["render", "--features", "Tests/HubLuaTests/Fixtures/Broken", "broken:view"])
        #expect(result.status != 0)
        #expect(result.errors == "hub: feature 'broken', operation 'after': Tests/HubLuaTests/Fixtures/Broken/operations/after.lua:7: boom\n")
    }

    @Test func testCommandEndsWithTheSummaryLine() throws {
        let result = try HubProcess.run(["test", "Examples"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        let cases = lines.dropLast()
        #expect(cases.count >= 3)
        #expect(cases.allSatisfy { $0.hasPrefix("ok   ") })
        #expect(lines.last.map(String.init) == "\(cases.count) passed, 0 failed")
    }
}
