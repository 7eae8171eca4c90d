import Foundation
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// A feature folder in a fresh temporary directory: the feature `f:view` (title "F", one row per
/// name of its `data/names.lua`) and the test file `tests/t_test.lua`.
private struct TestFolder {
    /// The temporary directory holding the folder (and what tests put beside it).
    let root: String
    /// The feature folder's path.
    let path: String

    init(tests: String) throws {
        // Short, so that Lua names the test file in full (it shortens names past 60 bytes).
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8))")
        root = temporary.resolvingSymlinksInPath().path
        path = root + "/F"
        try FileManager.default.createDirectory(atPath: path + "/tests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/data", withIntermediateDirectories: true)
        try write("feature.lua", """
            local names = require("data.names")
            hub.feature { id = "f", uri = "f:view", title = "F", operations = { function(ctx)
              for i, name in ipairs(names) do ctx.view:body("row-" .. i).title = name end
            end } }
            """)
        try write("data/names.lua", "return { \"Madrid\", \"Rome\", \"Berlin\" }\n")
        try write("tests/t_test.lua", tests)
    }

    /// The line that heads what the test file shows: its path.
    var header: String { path + "/tests/t_test.lua" }

    /// Writes `text` into the folder's file `relative`.
    func write(_ relative: String, _ text: String) throws {
        try text.write(toFile: path + "/" + relative, atomically: true, encoding: .utf8)
    }

    /// The text of the folder's file `relative`, or nil when there is none.
    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs the folder's tests with `options`: the summary and the lines written.
    func run(_ options: TestOptions = TestOptions()) throws -> (summary: TestSummary, lines: [String]) {
        let runtime = try makeRuntime(path)
        var lines: [String] = []
        let summary = runtime.runTests(under: [path], options: options) { lines.append(contentsOf: $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) }
        return (summary, lines)
    }

    /// Removes the temporary directory.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// `f:view` rendered 20 columns wide.
private let viewAt20 = """
             F
    ────────────────────
     Madrid
     Rome
     Berlin

    """

/// `hub.expect_render`: golden renders compared byte for byte, written by `--update`, read and
/// written only inside the feature folder.
@Suite struct ExpectRenderTests {
    private static let tests = """
        hub.test("golden", function()
          hub.expect_render(hub.open("f:view"), "golden/view.txt", { width = 20 })
        end)

        """

    @Test func aRenderMatchingItsGoldenFilePasses() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/golden", withIntermediateDirectories: true)
        try folder.write("golden/view.txt", viewAt20)
        let (summary, lines) = try folder.run()
        #expect(summary == TestSummary(passed: 1, failed: 0))
        #expect(lines == [folder.header, "ok   golden", "1 passed, 0 failed"])
    }

    @Test func aMismatchFailsWithTheUnifiedDiffFromTheGoldenFileToTheRender() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/golden", withIntermediateDirectories: true)
        try folder.write("golden/view.txt", viewAt20.replacingOccurrences(of: "Rome", with: "Roma"))
        let (summary, lines) = try folder.run()
        #expect(summary == TestSummary(passed: 0, failed: 1))
        #expect(lines == [
            folder.header,
            "FAIL golden",
            "     \(folder.path)/tests/t_test.lua:2: render does not match 'golden/view.txt' (run hub test --update to accept it):",
            "     --- golden/view.txt",
            "     +++ render",
            "     @@ -1,5 +1,5 @@",
            "               F",
            "      ────────────────────",
            "       Madrid",
            "     - Roma",
            "     + Rome",
            "       Berlin",
            "0 passed, 1 failed",
        ])
        #expect(folder.read("golden/view.txt") == viewAt20.replacingOccurrences(of: "Rome", with: "Roma"), "left as it was")
    }

    @Test func aMissingGoldenFileFailsSayingHowToCreateIt() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        let (summary, lines) = try folder.run()
        #expect(summary == TestSummary(passed: 0, failed: 1))
        #expect(lines == [
            folder.header,
            "FAIL golden",
            "     \(folder.path)/tests/t_test.lua:2: no golden file 'golden/view.txt' (\(folder.path)/golden/view.txt): "
                + "run hub test --update to create it from this render",
            "0 passed, 1 failed",
        ])
        #expect(folder.read("golden/view.txt") == nil)
    }

    @Test func updatingCreatesMissingFilesAndRewritesDifferentOnesOnly() throws {
        let folder = try TestFolder(tests: """
            hub.test("golden", function()
              local s = hub.open("f:view")
              hub.expect_render(s, "golden/view.txt", { width = 20 })
              hub.expect_render(s, "golden/deeper/ascii.txt", { width = 20, ascii = true })
              hub.expect_render(s, "golden/same.txt", { width = 20 })
            end)

            """)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/golden", withIntermediateDirectories: true)
        try folder.write("golden/view.txt", "old\n")
        try folder.write("golden/same.txt", viewAt20)
        let (summary, lines) = try folder.run(TestOptions(updatesGoldenFiles: true))
        #expect(summary == TestSummary(passed: 1, failed: 0))
        #expect(lines == [
            folder.header,
            "ok   golden",
            "     updated \(folder.path)/golden/view.txt",
            "     created \(folder.path)/golden/deeper/ascii.txt",
            "1 passed, 0 failed",
        ])
        #expect(folder.read("golden/view.txt") == viewAt20)
        #expect(folder.read("golden/deeper/ascii.txt") == viewAt20.replacingOccurrences(of: "─", with: "-"))
        let again = try folder.run()
        #expect(again.lines == [folder.header, "ok   golden", "1 passed, 0 failed"], "the files written match from then on")
    }

    @Test func aGoldenPathOutsideTheFeatureFolderIsRefused() throws {
        let folder = try TestFolder(tests: """
            hub.test("parent", function() hub.expect_render(hub.open("f:view"), "../outside.txt") end)
            hub.test("absolute", function() hub.expect_render(hub.open("f:view"), "/tmp/outside.txt") end)
            hub.test("through a link", function() hub.expect_render(hub.open("f:view"), "linked/outside.txt") end)

            """)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: folder.root + "/elsewhere")
        try "secret\n".write(toFile: folder.root + "/outside.txt", atomically: true, encoding: .utf8)
        let file = "\(folder.path)/tests/t_test.lua"
        let expected = [
            folder.header,
            "FAIL parent", "     \(file):1: '../outside.txt' is outside the feature folder",
            "FAIL absolute", "     \(file):2: '/tmp/outside.txt' is outside the feature folder",
            "FAIL through a link", "     \(file):3: 'linked/outside.txt' is outside the feature folder",
            "0 passed, 3 failed",
        ]
        #expect(try folder.run(TestOptions(updatesGoldenFiles: true)).lines == expected)
        #expect(FileManager.default.fileExists(atPath: folder.root + "/elsewhere/outside.txt") == false, "nothing written through the link")
        #expect(try String(contentsOfFile: folder.root + "/outside.txt", encoding: .utf8) == "secret\n")
        // Reading through the link does not find a file that is not there either.
        let reading = try folder.run().lines
        #expect(reading[6] == "     \(file):3: no golden file 'linked/outside.txt' (\(folder.path)/linked/outside.txt): "
            + "run hub test --update to create it from this render")
    }

    @Test func argumentsAreCheckedAndOptionsPassToRender() throws {
        let folder = try TestFolder(tests: """
            hub.test("not a screen", function() hub.expect_render({}, "golden/x.txt") end)
            hub.test("bad option", function() hub.expect_render(hub.open("f:view"), "golden/x.txt", { widht = 3 }) end)
            hub.test("options not a table", function() hub.expect_render(hub.open("f:view"), "golden/x.txt", 3) end)

            """)
        defer { folder.remove() }
        let file = "\(folder.path)/tests/t_test.lua"
        #expect(try folder.run().lines == [
            folder.header,
            "FAIL not a screen", "     \(file):1: bad argument #1 to 'hub.expect_render' (hub.Screen expected, got table)",
            "FAIL bad option",
            "     \(file):2: bad argument #3 to 'hub.expect_render' (unknown key 'widht'; did you mean 'width'? "
                + "(known: ascii, color, height, width))",
            "FAIL options not a table", "     \(file):3: bad argument #3 to 'hub.expect_render' (table or nil expected, got number)",
            "0 passed, 3 failed",
        ])
    }

    @Test func outsideHubTestItSaysItRunsOnlyThere() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        #expect {
            _ = try runtime.evaluate(
                "hub.feature { id = 'r', uri = 'r:view', operations = { function() end } } hub.expect_render(hub.open('r:view'), 'golden/x.txt')",
                inFolder: "Fixtures/Sandbox", chunkName: "@t.lua")
        } throws: { error in
            String(describing: error)
                == "t.lua:1: hub.expect_render compares renders with a feature folder's golden files: only hub test runs it"
        }
    }
}

/// `hub.expect_equal`: deep comparison, failing at the caller's line with where the values differ.
@Suite struct ExpectEqualTests {
    /// The error of running `source` as `t.lua` in a feature folder's environment; nil when it
    /// runs without one.
    private func failure(_ source: String) throws -> String? {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        do {
            _ = try runtime.evaluate(source, inFolder: "Fixtures/Sandbox", chunkName: "@t.lua")
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func equalValuesPass() throws {
        #expect(try failure("""
            hub.expect_equal(1, 1.0)
            hub.expect_equal({ a = { 1, 2, { b = "c" } }, [true] = false }, { a = { 1, 2, { b = "c" } }, [true] = false })
            local t, u = {}, {}
            t.self, u.self = t, u
            hub.expect_equal(t, u)
            hub.expect_equal(nil, nil)
            """) == nil)
    }

    @Test func aDifferentScalarSaysExpectedAndGot() throws {
        #expect(try failure("hub.expect_equal(1, 2)") == "t.lua:1: expected 2, got 1")
        #expect(try failure("\nhub.expect_equal(nil, false)") == "t.lua:2: expected false, got nil")
        #expect(try failure("hub.expect_equal(3, '3')") == "t.lua:1: expected \"3\", got 3")
        #expect(try failure("hub.expect_equal(0.5, 1)") == "t.lua:1: expected 1, got 0.5")
    }

    @Test func aNestedDifferenceIsNamedByItsPath() throws {
        #expect(try failure("""
            hub.expect_equal(
              { body = { { title = "Madrid" }, { title = "Roma" } } },
              { body = { { title = "Madrid" }, { title = "Rome" } } })
            """) == "t.lua:1: body[2].title: expected \"Rome\", got \"Roma\"")
    }

    @Test func missingAndExtraKeysAreListedInOrderAfterTheMessage() throws {
        #expect(try failure("""
            hub.expect_equal(
              { a = 1, b = { c = true }, ["two words"] = "x", [2.5] = 1 },
              { a = 1, b = { c = true, d = false }, n = 3 },
              "config")
            """) == """
            t.lua:1: config: 4 differences:
              b.d: missing (expected false)
              n: missing (expected 3)
              [2.5]: extra key (got 1)
              ["two words"]: extra key (got "x")
            """)
    }

    @Test func tablesAndStringsAreShownInline() throws {
        #expect(try failure(#"hub.expect_equal({ list = { 1, 2, { x = "a\nb" } } }, { list = "1,2" })"#)
            == #"t.lua:1: list: expected "1,2", got {1, 2, {x = "a\nb"}}"#)
        #expect(try failure("hub.expect_equal(print, {})") == "t.lua:1: expected {}, got function")
    }

    @Test func modelsCompareAsTheirTables() throws {
        let opening = """
            hub.feature { id = "eq", uri_prefix = "eq:", operations = { function(ctx)
              ctx.view:body("row").title = ctx.uri:sub(4)
            end } }
            local a, b = hub.open("eq:a").model, hub.open("eq:b").model

            """
        #expect(try failure(opening + "hub.expect_equal(a, hub.open('eq:a').model)") == nil)
        #expect(try failure(opening + "hub.expect_equal(a, b)") == "t.lua:5: body[1].title: expected \"b\", got \"a\"")
        #expect(try failure(opening + "hub.expect_equal(a.body[1].title, b.body[1].title, 'titles')")
            == "t.lua:5: titles: expected \"b\", got \"a\"")
    }

    @Test func manyDifferencesStopAfterTwenty() throws {
        let message = try #require(try failure("""
            local a, b = {}, {}
            for i = 1, 25 do a[i], b[i] = 0, 1 end
            hub.expect_equal(a, b)
            """))
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.first == "t.lua:3: more than 20 differences (the first 20):")
        #expect(Array(lines.dropFirst()) == (1...20).map { "  [\($0)]: expected 1, got 0" })
    }

    @Test func theExpectedValueIsRequired() throws {
        #expect(try failure("hub.expect_equal(1)") == "t.lua:1: bad argument #2 to 'hub.expect_equal' (value expected)")
    }
}

/// `hub test --filter` and case times, from the runtime's side.
@Suite struct TestRunOptionsTests {
    private static let tests = """
        hub.test("rows come first", function() end)
        hub.test("images come last", function() error("no images") end)

        """

    @Test func theFilterRunsOnlyCasesWhoseNameContainsIt() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        let (summary, lines) = try folder.run(TestOptions(filter: "rows"))
        #expect(summary == TestSummary(passed: 1, failed: 0, skipped: 1))
        #expect(lines == [folder.header, "ok   rows come first", "1 passed, 0 failed"])
    }

    @Test func aFilterNothingMatchesSaysSo() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        let (summary, lines) = try folder.run(TestOptions(filter: "songs"))
        #expect(summary == TestSummary(passed: 0, failed: 0, skipped: 2))
        #expect(lines == ["no tests found: no test case name contains 'songs' (of the 2 under \(folder.path))", "0 passed, 0 failed"])
    }

    @Test func timesFollowEachCaseNameAndFailuresAreIndentedBelow() throws {
        let folder = try TestFolder(tests: Self.tests)
        defer { folder.remove() }
        let (summary, lines) = try folder.run(TestOptions(showsTimes: true))
        #expect(summary == TestSummary(passed: 1, failed: 1))
        #expect(lines.count == 5)
        #expect(lines[0] == folder.header)
        #expect(lines[1].wholeMatch(of: #/ok   rows come first \(\d+ ms\)/#) != nil, "\(lines)")
        #expect(lines[2].wholeMatch(of: #/FAIL images come last \(\d+ ms\)/#) != nil, "\(lines)")
        #expect(lines[3] == "     \(folder.path)/tests/t_test.lua:2: no images")
        #expect(lines[4] == "1 passed, 1 failed")
    }
}

/// The unified diff golden renders fail with.
@Suite struct LineDiffTests {
    @Test func oneChangedLineShowsThreeLinesOfContextAroundIt() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(LineDiff(from: old, to: new).unified(oldName: "a", newName: "b") == """
            --- a
            +++ b
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
            """)
    }

    @Test func changesFarApartMakeSeparateHunksAndCloseOnesShareOne() {
        let old = (1...20).map { "\($0)\n" }.joined()
        var lines = (1...20).map { "\($0)" }
        lines[1] = "two"
        lines[16] = "seventeen"
        lines.insert("new", at: 10)
        let new = lines.map { $0 + "\n" }.joined()
        // 8 lines apart: two hunks; 6 lines apart (two contexts): one.
        #expect(LineDiff(from: old, to: new).unified(oldName: "a", newName: "b") == """
            --- a
            +++ b
            @@ -1,5 +1,5 @@
             1
            -2
            +two
             3
             4
             5
            @@ -8,13 +8,14 @@
             8
             9
             10
            +new
             11
             12
             13
             14
             15
             16
            -17
            +seventeen
             18
             19
             20
            """)
    }

    @Test func emptySidesAndMissingFinalNewlinesAreWrittenAsDiffWritesThem() {
        #expect(LineDiff(from: "", to: "a\nb\n").unified(oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b")
        #expect(LineDiff(from: "a\n", to: "").unified(oldName: "a", newName: "b") == "--- a\n+++ b\n@@ -1 +0,0 @@\n-a")
        #expect(LineDiff(from: "a\nb\n", to: "a\nb").unified(oldName: "a", newName: "b") == """
            --- a
            +++ b
            @@ -1,2 +1,2 @@
             a
            -b
            +b
            \\ No newline at end of file
            """)
    }

    @Test func sameTextsHaveNoDiffAndLinesCompareByBytes() {
        #expect(LineDiff(from: "a\nb\n", to: "a\nb\n").unified(oldName: "a", newName: "b") == "")
        let composed = "caf\u{E9}\n"
        let decomposed = "cafe\u{301}\n"
        #expect(LineDiff(from: composed, to: decomposed).hasChanges)
    }

    @Test func theEditScriptIsAShortestOne() {
        let a = Array("ABCABBA")
        let b = Array("CBABAC")
        let edits = LineDiff.edits(from: a, to: b, maximumDistance: 100)
        #expect(edits.filter(\.isChange).count == 5)
        var rebuilt: [Character] = []
        for edit in edits {
            switch edit {
            case .kept(let i, let j):
                #expect(a[i] == b[j])
                rebuilt.append(a[i])
            case .inserted(let j): rebuilt.append(b[j])
            case .removed: break
            }
        }
        #expect(rebuilt == b)
        let plain = LineDiff.edits(from: a, to: b, maximumDistance: 2)
        #expect(plain == [.removed(0), .removed(1), .removed(2), .removed(3), .removed(4), .removed(5), .removed(6),
                          .inserted(0), .inserted(1), .inserted(2), .inserted(3), .inserted(4), .inserted(5)])
    }
}

/// `hub.expect_equal` with keys that are neither integers nor UTF-8 strings.
@Suite struct ExpectEqualKeyTests {
    @Test func floatBooleanTableAndNonUTF8KeysAreFoundByValue() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let source = """
            local key = {}
            hub.expect_equal({ [2.5] = 1, [false] = 2, [key] = 3, ["\\255"] = 4 }, { [2.5] = 1, [false] = 2, [key] = 3, ["\\255"] = 4 })
            hub.expect_equal({ [key] = 3 }, { [key] = 4 })

            """
        #expect {
            _ = try runtime.evaluate(source, inFolder: "Fixtures/Sandbox", chunkName: "@t.lua")
        } throws: { error in
            String(describing: error) == "t.lua:3: [<table>]: expected 4, got 3"
        }
    }
}
