import Testing
@testable import HubLua

/// Scripts' `print` behaves as Lua's (tab-separated `tostring`s of every argument, `__tostring`
/// included) and writes where the host says: `hub render` keeps it off the view it prints.
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
}
