import Foundation
import HubTestThreads
import Testing

/// Runs the built `hub` executable and captures what it prints.
struct HubProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built program `name` (the test bundle sits next to it), or the program at `name`
    /// when it is an absolute path.
    static func executable(_ name: String) -> URL {
        name.hasPrefix("/") ? URL(fileURLWithPath: name)
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    var status: Int32
    var output: String
    var errors: String

    /// Runs the program `program` (default: `hub`) with `arguments` from `directory` (default:
    /// the package root), with `input` (if any) as its standard input.
    static func run(_ arguments: [String], program: String = "hub", input: String? = nil, in directory: URL? = nil) throws -> HubProcess {
        let process = Process()
        process.executableURL = executable(program)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        if input != nil { process.standardInput = inputPipe }
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Both pipes drain at once: a child that fills one while the other is read would block.
        let errorReader = PipeReader(errors)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorReader.wait()
        process.waitUntilExit()
        return HubProcess(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe held, once its writers closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}

@Suite(.offThePool) struct CLITests {
    @Test func testSaysWhereItLookedWhenItFindsNoTests() throws {
        let result = try HubProcess.run(["test", "Tests/HubCLITests/Fixtures/Printing"])
        #expect(result.status == 1)
        #expect(result.output == """
            printed while loading
            no tests found: no tests/*_test.lua file in the feature folders under Tests/HubCLITests/Fixtures/Printing:
              Tests/HubCLITests/Fixtures/Printing
            0 passed, 0 failed

            """)
    }

    @Test func renderKeepsWhatScriptsPrintOffTheView() throws {
        let result = try HubProcess.run(["render", "--features", "Tests/HubCLITests/Fixtures/Printing", "printing:view", "--json"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("{\n"))
        #expect(result.errors == "printed while loading\nprinted by the operation\n")
    }

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

    /// The torture view's frames at width 60, computed by hand from the layout algorithm with the
    /// default layout manager (margin 1) and a 6-row full-width header:
    /// - full-1 (full width, stackable): top row, top = 6 (header) + 1 (header margin) → (0, 7).
    /// - compact-1: 60 + 1 + 20 + 1 > 60 → new row at rowMaxY 8 + 1 → (1, 9); compact-2 fits after
    ///   a margin of 1 → (22, 9); compact-3 needs 43 + 20 + 1 = 64 → new row at 12 + 1 → (1, 13).
    /// - centered-1 after a compact: horizontal margin ∞ → new row at 16 + 1 → (1, 17); centered-2
    ///   → (12, 17). The row is all centered: offset ⌊(1 + (60 − 22)) / 2 − 1⌋ = 18 → x 19 and 30.
    /// - stack-up (full width, always stack upwards): new row, no margin above → (0, 18).
    /// - wide-compact wants 70 → clamped to 60; new row at 19 + 1, x 1, trimmed by 1 + 60 + 1 − 60
    ///   = 2 → (1, 20, 58, 3). Content height 23 + bottom margin 1 = 24.
    /// - Overlays centred in a 24-row viewport: loading (27 × 1) → (16, 11); toast (14 × 3) → (23, 10).
    @Test func tortureFramesMatchTheAlgorithmByHand() throws {
        let result = try HubProcess.run(["render", "--features", "Tests/HubLuaTests/Fixtures/Torture", "torture:view", "--width", "60", "--json"])
        #expect(result.status == 0)
        #expect(result.output == """
            {
              "header": {"id": "header", "x": 0, "y": 0, "width": 60, "height": 6},
              "body": [
                {"id": "full-1", "x": 0, "y": 7, "width": 60, "height": 1},
                {"id": "compact-1", "x": 1, "y": 9, "width": 20, "height": 3},
                {"id": "compact-2", "x": 22, "y": 9, "width": 20, "height": 3},
                {"id": "compact-3", "x": 1, "y": 13, "width": 20, "height": 3},
                {"id": "centered-1", "x": 19, "y": 17, "width": 10, "height": 1},
                {"id": "centered-2", "x": 30, "y": 17, "width": 10, "height": 1},
                {"id": "stack-up", "x": 0, "y": 18, "width": 60, "height": 1},
                {"id": "wide-compact", "x": 1, "y": 20, "width": 58, "height": 3}
              ],
              "overlays": [
                {"id": "loading", "x": 16, "y": 11, "width": 27, "height": 1},
                {"id": "toast", "x": 23, "y": 10, "width": 14, "height": 3}
              ],
              "content_height": 24
            }

            """)
    }

    @Test func colorAlwaysPrintsANSIAndNeverDoesNot() throws {
        let always = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--color", "always"])
        #expect(always.output.contains("\u{1B}[1m"))
        let never = try HubProcess.run(["render", "--features", "Examples/Cities", "cities:overview", "--color", "never"])
        #expect(!never.output.contains("\u{1B}"))
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
        let result = try HubProcess.run(["render", "--features", "Tests/HubLuaTests/Fixtures/Broken", "broken:view", "--width", "50"])
        #expect(result.status != 0)
        #expect(result.output == """
                                  Broken
            ──────────────────────────────────────────────────
            The view failed to load
            ┌────────────────────────────────────────────────┐
            │ ! boom — feature 'broken', operation           │
            │ 'explode', operations/explode.lua:4; operation │
            │ 'after' was handed it and failed with an error │
            │ of its own                                     │
            └────────────────────────────────────────────────┘
            ┌────────────────────────────────────────────────┐
            │ ! boom — feature 'broken', operation 'after',  │
            │ operations/after.lua:7; the view failed with   │
            │ it                                             │
            └────────────────────────────────────────────────┘

            """, "the view shows each failure in the words reported below")
        #expect(result.errors == """
            hub: boom — feature 'broken', operation 'explode', operations/explode.lua:4; operation 'after' was handed it and \
            failed with an error of its own
            hub: boom — feature 'broken', operation 'after', operations/after.lua:7; the view failed with it

            """, "each failure once, at its own line")
    }

    @Test func jsonRendersTheFoodExampleWithAllItsTitles() throws {
        let result = try HubProcess.run(["json", "Examples/Food/data/food.json", "--width", "80"])
        #expect(result.status == 0)
        let golden = try String(
            contentsOf: HubProcess.packageRoot.appendingPathComponent("Tests/HubLuaTests/Golden/food-80.txt"), encoding: .utf8)
        #expect(result.output == golden, "the same view as the Food feature renders")
    }

    @Test func jsonFailsOnTruncatedInputWithLineAndColumn() throws {
        let data = try Data(contentsOf: HubProcess.packageRoot.appendingPathComponent("Examples/Food/data/food.json"))
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("food-truncated-\(UUID().uuidString).json")
        try data.prefix(3000).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        let result = try HubProcess.run(["json", truncated.path])
        #expect(result.status != 0)
        #expect(result.output.isEmpty)
        #expect(result.errors == "hub: malformed JSON: unexpected end of input in an object (byte 3000) — \(truncated.path):85:16\n")
    }

    @Test func jsonModelPrintsDefaultSchemaJSONThatReadsBackTheSame() throws {
        let first = try HubProcess.run(["json", "Examples/Food/data/food.json", "--model"])
        #expect(first.status == 0)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("food-model-\(UUID().uuidString).json")
        try Data(first.output.utf8).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let second = try HubProcess.run(["json", copy.path, "--model"])
        #expect(second.output == first.output)
        #expect(first.output.contains("\"title\": \"Delicious Food\""))
    }

    @Test func jsonReadsCustomSchemasFromALuaFile() throws {
        let result = try HubProcess.run([
            "json", "Examples/GitHub/data/search.json", "--schema-file", "Examples/GitHub/feature.lua", "--schema", "github",
            "--width", "50",
        ])
        #expect(result.status == 0)
        #expect(result.output == """
             HubFramework
             Author: spotify
             lua
             Author: lua
             swift
             Author: swiftlang

            """)
    }

    @Test func testCommandEndsWithTheSummaryLine() throws {
        let result = try HubProcess.run(["test", "Examples"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        // Each test file's path, then its cases (and what they printed and did, indented).
        let files = lines.filter { $0.hasPrefix("Examples/") }
        let cases = lines.filter { $0.hasPrefix("ok   ") }
        #expect(files.count >= 8)
        #expect(files.allSatisfy { $0.wholeMatch(of: /Examples\/\w+\/tests\/\w+_test\.lua/) != nil }, "\(files)")
        #expect(cases.count >= 3)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("Examples/") || $0.hasPrefix("ok   ") || $0.hasPrefix("     ") })
        #expect(lines.last.map(String.init) == "\(cases.count) passed, 0 failed")
    }
}
