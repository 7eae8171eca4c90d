import Foundation
import HubTestThreads
import Testing

/// `hub test`: `--filter`, case times, golden renders and `--update`, through the program.
@Suite(.offThePool) struct TestCommandTests {
    /// A feature folder in a fresh temporary directory, with `f:view` (three rows) and
    /// `tests/t_test.lua` holding `tests`; returns its path.
    private func makeFolder(tests: String) throws -> String {
        // Short, so that Lua names the test file in full (it shortens names past 60 bytes).
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8))").path + "/F"
        try FileManager.default.createDirectory(atPath: path + "/tests", withIntermediateDirectories: true)
        try """
            hub.feature { id = "f", uri = "f:view", title = "F", operations = { function(ctx)
              for i, name in ipairs({ "Madrid", "Rome", "Berlin" }) do ctx.view:body("row-" .. i).title = name end
            end } }
            """.write(toFile: path + "/feature.lua", atomically: true, encoding: .utf8)
        try tests.write(toFile: path + "/tests/t_test.lua", atomically: true, encoding: .utf8)
        return path
    }

    /// Removes the temporary directory of the folder at `path`.
    private func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// `line` with its case time, ` (N ms)`, taken off the end; nil when it has none.
    private func withoutTime(_ line: Substring) -> String? {
        guard let match = line.wholeMatch(of: #/(.*) \(\d+ ms\)/#) else { return nil }
        return String(match.output.1)
    }

    private static let tests = """
        hub.test("rows come first", function() assert(#hub.open("f:view").model.body == 3) end)
        hub.test("images come last", function() error("no images") end)
        hub.test("the view renders as its golden file", function()
          hub.expect_render(hub.open("f:view"), "golden/view.txt", { width = 20 })
        end)

        """

    @Test func filterRunsOnlyTheCasesWhoseNameContainsTheTextAndEachLineShowsItsTime() throws {
        let folder = try makeFolder(tests: Self.tests)
        defer { remove(folder) }
        let result = try HubProcess.run(["test", folder, "--filter", "rows"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "\(result.output)")
        #expect(lines[0] == "\(folder)/tests/t_test.lua")
        #expect(withoutTime(lines[1]) == "ok   rows come first")
        #expect(lines[2] == "1 passed, 0 failed")
        #expect(lines[3] == "")
    }

    @Test func failuresShowTheirTimeAndTheSummaryStaysLast() throws {
        let folder = try makeFolder(tests: Self.tests)
        defer { remove(folder) }
        let result = try HubProcess.run(["test", folder])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 7, "\(result.output)")
        #expect(lines[0] == "\(folder)/tests/t_test.lua")
        #expect(withoutTime(lines[1]) == "ok   rows come first")
        #expect(withoutTime(lines[2]) == "FAIL images come last")
        #expect(lines[3] == "     \(folder)/tests/t_test.lua:2: no images")
        #expect(withoutTime(lines[4]) == "FAIL the view renders as its golden file")
        #expect(lines[5] == "     \(folder)/tests/t_test.lua:4: no golden file 'golden/view.txt' (\(folder)/golden/view.txt): "
            + "run hub test --update to create it from this render")
        #expect(lines[6] == "1 passed, 2 failed")
    }

    @Test func updateWritesTheGoldenFileThatLaterRunsCompareWith() throws {
        let folder = try makeFolder(tests: Self.tests)
        defer { remove(folder) }
        let update = try HubProcess.run(["test", folder, "--update", "--filter", "golden"])
        #expect(update.status == 0)
        let lines = update.output.split(separator: "\n")
        #expect(lines.count == 4, "\(update.output)")
        #expect(lines[0] == "\(folder)/tests/t_test.lua")
        #expect(withoutTime(lines[1]) == "ok   the view renders as its golden file")
        #expect(lines[2] == "     created \(folder)/golden/view.txt")
        #expect(lines[3] == "1 passed, 0 failed")
        let golden = try String(contentsOfFile: folder + "/golden/view.txt", encoding: .utf8)
        #expect(golden == "         F\n" + String(repeating: "─", count: 20) + "\n Madrid\n Rome\n Berlin\n")
        let check = try HubProcess.run(["test", folder, "--filter", "golden"])
        #expect(check.status == 0)
        #expect(check.output.split(separator: "\n").map { withoutTime($0) ?? String($0) }
            == ["\(folder)/tests/t_test.lua", "ok   the view renders as its golden file", "1 passed, 0 failed"])
    }

    @Test func aFilterThatMatchesNothingFails() throws {
        let folder = try makeFolder(tests: Self.tests)
        defer { remove(folder) }
        let result = try HubProcess.run(["test", folder, "--filter", "songs"])
        #expect(result.status == 1)
        #expect(result.output == "no tests found: no test case name contains 'songs' (of the 3 under \(folder))\n0 passed, 0 failed\n")
    }

    @Test func everyExampleMatchesItsGoldenRenders() throws {
        let result = try HubProcess.run(["test", "Examples", "--filter", "golden file"])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        // Each file's path, then its cases, with what they met (the problems) indented under them.
        let cases = lines.dropLast().filter { !$0.hasPrefix("Examples/") && !$0.hasPrefix(" ") }
        #expect(cases.count == 12, "\(result.output)")
        #expect(cases.allSatisfy { withoutTime($0)?.hasPrefix("ok   ") == true }, "\(result.output)")
        #expect(lines.last.map(String.init) == "\(cases.count) passed, 0 failed")
    }

    @Test func whatACasePrintsIsIndentedUnderItsLine() throws {
        let folder = try makeFolder(tests: """
            print("set up")
            hub.test("first", function() print("in first") end)
            hub.test("second", function() print("two\\nlines"); error("broken") end)
            hub.test("third", function() end)

            """)
        defer { remove(folder) }
        let result = try HubProcess.run(["test", folder])
        #expect(result.status == 1)
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).map { withoutTime($0) ?? String($0) } == [
            "\(folder)/tests/t_test.lua",
            "     set up",
            "ok   first",
            "     in first",
            "FAIL second",
            "     \(folder)/tests/t_test.lua:3: broken",
            "     two",
            "     lines",
            "ok   third",
            "2 passed, 1 failed",
            "",
        ])
    }

    @Test func testingTheWorkingDirectoryPrintsRelativePaths() throws {
        let folder = try makeFolder(tests: Self.tests)
        defer { remove(folder) }
        let inFolder = try HubProcess.run(["test", "."], in: URL(fileURLWithPath: folder))
        #expect(inFolder.status == 1)
        #expect(inFolder.output.split(separator: "\n").map { withoutTime($0) ?? String($0) } == [
            "tests/t_test.lua",
            "ok   rows come first",
            "FAIL images come last",
            "     tests/t_test.lua:2: no images",
            "FAIL the view renders as its golden file",
            "     tests/t_test.lua:4: no golden file 'golden/view.txt' (golden/view.txt): run hub test --update to create it from this render",
            "1 passed, 2 failed",
        ])
        let above = try HubProcess.run(["test", ".", "--filter", "images"], in: URL(fileURLWithPath: folder).deletingLastPathComponent())
        #expect(above.output.split(separator: "\n").map { withoutTime($0) ?? String($0) } == [
            "F/tests/t_test.lua", "FAIL images come last", "     F/tests/t_test.lua:2: no images", "0 passed, 1 failed",
        ])
    }
}
