import Foundation
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// `hub test` runs each operation as `hub render` and `hub serve` do: on a budget of its own, so
/// a test can check what a chain does after an operation that ran away.
@Suite struct TestBindingsBudgetTests {
    /// A feature whose first operation never stops and whose second sets the title from the
    /// error it is handed, and `tests/spin_test.lua` with `tests`, run on a budget of 2,000,000
    /// instructions a call: the summary and the lines written.
    private func runTests(_ tests: String) throws -> (summary: TestSummary, lines: [String]) {
        let path = try makeFeatureFolder(
            """
            hub.feature { id = "spin", uri = "spin:view", operations = {
              hub.operation { name = "spin", perform = function(ctx) while true do end end },
              hub.operation { name = "after", perform = function(ctx)
                ctx.view.title = "after " .. (ctx.error and ctx.error.operation or "nothing")
              end },
            } }
            """)
        defer { try? FileManager.default.removeItem(atPath: FeatureFolder.parent(of: path)) }
        try FileManager.default.createDirectory(atPath: path + "/tests", withIntermediateDirectories: true)
        try tests.write(toFile: path + "/tests/spin_test.lua", atomically: true, encoding: .utf8)
        let runtime = try makeRuntime(path)
        runtime.lua.instructionBudget = 2_000_000
        var lines: [String] = []
        let summary = runtime.runTests(under: [path]) { lines.append($0) }
        // Lua shortens the long temporary path from the left: its end names the file.
        let shown = lines.filter { !$0.hasSuffix("spin_test.lua") }
            .map { $0.replacing(/\.\.\.\S*\/feature\/feature\.lua/, with: "feature.lua") }
        return (summary, shown)
    }

    @Test func theOperationAfterARunawayRunsOnABudgetOfItsOwn() throws {
        let (summary, lines) = try runTests(
            """
            hub.test("after a runaway", function()
              local s = hub.open("spin:view")
              hub.expect_equal(s.chain[1].status, "failed")
              hub.expect_equal(s.chain[1].error.message, "instruction budget exceeded (2000000 instructions)")
              hub.expect_equal(s.chain[1].error.location:match("feature.lua:%d+$"), "feature.lua:2")
              hub.expect_equal(s.chain[2].status, "finished")
              hub.expect_equal(s.model.title, "after spin")
              s:reload()
              hub.expect_equal(s.chain[2].runs, 2)
              hub.expect_equal(s.model.title, "after spin")
            end)
            """)
        #expect(lines == [
            "ok   after a runaway",
            "     problem: instruction budget exceeded (2000000 instructions) — feature 'spin', operation 'spin', feature.lua:2; "
                + "operation 'after' was handed it and finished normally, so the chain went on without it",
            "1 passed, 0 failed",
        ])
        #expect(summary == TestSummary(passed: 1, failed: 0))
    }

    @Test func aTestPaysOnlyForOpeningTheViewsItsRunawaysRunIn() throws {
        let (summary, lines) = try runTests(
            """
            hub.test("three runaways", function()
              local titles = {}
              for i = 1, 3 do titles[i] = hub.open("spin:view").model.title end
              hub.expect_equal(titles, { "after spin", "after spin", "after spin" })
            end)
            """)
        #expect(lines == [
            "ok   three runaways",
            "     problem: instruction budget exceeded (2000000 instructions) — feature 'spin', operation 'spin', feature.lua:2; "
                + "operation 'after' was handed it and finished normally, so the chain went on without it",
            "1 passed, 0 failed",
        ])
        #expect(summary == TestSummary(passed: 1, failed: 0))
    }
}
