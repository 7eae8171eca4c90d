import HubCore
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// Scripts' `print` behaves as Lua's (tab-separated `tostring`s of every argument, `__tostring`
/// included) and writes where the host says: `hub render` keeps it off the view it prints.
/// `warn` writes there too, as the lua program words it, and is paid for as `print` is.
@Suite struct PrintTests {
    @Test func printWritesLuasLineToTheRuntimesOutput() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        var lines: [String] = []
        runtime.printOutput = { lines.append($0) }
        _ = try runtime.evaluate(
            """
            print("a", 1, 2.5, nil, true, setmetatable({}, { __tostring = function() return "custom" end }))
            print()
            hub.feature { id = "printing", uri = "printing:view", operations = { function(ctx) print("from", ctx.uri) end } }
            hub.open("printing:view")
            """, inFolder: "Fixtures/Sandbox")
        #expect(lines == ["a\t1\t2.5\tnil\ttrue\tcustom", "", "from\tprinting:view"])
    }

    @Test func warnWritesLuasWarningWherePrintWritesAndEachFolderTurnsItsOwnOffAndOn() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), TestPaths.fixture("Neighbour"))
        var lines: [String] = []
        runtime.printOutput = { lines.append($0) }
        _ = try runtime.evaluate(
            """
            warn("disk ", 90, "% full")
            warn("@off")
            warn("hidden")
            warn("@unknown")
            """, inFolder: "Fixtures/Sandbox")
        _ = try runtime.evaluate(#"warn("the neighbour's own")"#, inFolder: "Fixtures/Neighbour")
        let errors = try runtime.evaluate(
            """
            warn("@on")
            warn("@on", "not a control message")
            return { select(2, pcall(warn)), select(2, pcall(warn, "a", {})), select(2, pcall(function() warn() end)) }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@warn.lua")
        #expect(lines == ["Lua warning: disk 90% full", "Lua warning: the neighbour's own", "Lua warning: @onnot a control message"])
        // As Lua's own (lua5.4 -e 'print(pcall(warn))'): located only when a script called it.
        #expect(errors == .array([
            .string("bad argument #1 to 'warn' (string expected, got no value)"),
            .string("bad argument #2 to 'warn' (string expected, got table)"),
            .string("warn.lua:3: bad argument #1 to 'warn' (string expected, got no value)"),
        ]))
    }

    @Test func aLoopOfWarningsRunsOutOfItsBudgetAsALoopOfPrintsDoes() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.lua.instructionBudget = 10_000_000
        var written = 0
        runtime.printOutput = { written += $0.utf8.count }
        for function in ["print", "warn"] {
            written = 0
            #expect {
                try runtime.evaluate(
                    "for _ = 1, 1e9 do \(function)(string.rep('x', 1e6)) end", inFolder: "Fixtures/Sandbox", chunkName: "@loop.lua")
            } throws: { "\($0)".contains("instruction budget exceeded") }
            // A quarter of an instruction per byte copied, twice (the piece, then the line):
            // about 20 lines of a million bytes within ten million instructions.
            #expect(written < 30_000_000, "\(function) wrote \(written) bytes")
        }
    }
}
