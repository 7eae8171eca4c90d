import CLua
import Testing
@testable import LuaBridge

/// The lines a compiled chunk can run (read from its dump) and the lines the budget's hook
/// counts while coverage is on.
@Suite struct LineCoverageTests {
    /// Functions of every kind, each added to `list` in the order Lua compiles them (the main
    /// function first), so that their closures can be asked for `debug.getinfo(f, "L")`.
    static let source = """
        local list = { debug.getinfo(1, "f").func }
        local function add(f)
          list[#list + 1] = f
          return f
        end
        add(add)
        -- a comment

        add(function(a, b)
          local s = [[
        long
        string]]
          if a then
            return 1
          else
            return s
          end
        end)
        local outer = add(function(...)
          for i = 1, select("#", ...) do
            local x = i
          end
          return function() return 1 end
        end)
        add(outer())
        add(function() end)
        local t = { g = add(function(x) return x end) }
        return list, t
        """

    /// Every function's lines in compilation order: the main one, then each one's own inside it.
    private func flattened(_ function: LuaFunctionLines) -> [LuaFunctionLines] {
        [function] + function.nested.flatMap(flattened)
    }

    /// Each function of the list `run` returns, its active lines sorted, as `1,2,3;4,5`.
    private static let activeLines = """
        local list = ...
        local out = {}
        for i, f in ipairs(list) do
          local lines = {}
          for line in pairs(debug.getinfo(f, "L").activelines) do lines[#lines + 1] = line end
          table.sort(lines)
          out[i] = table.concat(lines, ",")
        end
        return table.concat(out, ";")
        """

    @Test func activeLinesAreDebugGetinfosForEveryFunction() throws {
        let lua = try LuaState()
        let compiled = try lua.compiledLines(of: Array(Self.source.utf8), chunkName: "@functions.lua")
        let functions = flattened(compiled)
        #expect(functions.count == 7)
        try lua.load(Self.activeLines, chunkName: "=check")
        let check = lua.reference(popping: lua.stack)
        try lua.load(Self.source, chunkName: "@functions.lua")
        try lua.call(arguments: 0, results: 1)
        let list = lua.reference(popping: lua.stack)
        let expected = try lua.call(check, arguments: { $0.push(list); return 1 }) { $0.string(at: -1) }
        let parsed = functions.map { $0.activeLines.sorted().map(String.init).joined(separator: ",") }.joined(separator: ";")
        #expect(parsed == expected)
    }

    @Test func executableLinesLeaveOutWhatCannotRun() throws {
        let lua = try LuaState()
        let compiled = try lua.compiledLines(of: Array(Self.source.utf8), chunkName: "@functions.lua")
        // Not: `local function add(f)` (2: the function is made on its `end`, 5), the comment
        // (7), the blank line (8), the long string's first and inner lines (10, 11: its constant
        // is loaded on its last line), `else` (15), the `end`s of blocks (17, 22) and of
        // functions written over several lines, but where those functions are made (5, 18, 24).
        #expect(compiled.executableLines.sorted() == [1, 3, 4, 5, 6, 9, 12, 13, 14, 16, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28])
    }

    @Test func theReturnAfterATailCallIsNoLineThatRuns() throws {
        let lua = try LuaState()
        let source = "local t = {}\nreturn setmetatable(t, {\n  __index = t,\n})\n"
        let compiled = try lua.compiledLines(of: Array(source.utf8), chunkName: "@tail.lua")
        #expect(compiled.activeLines.sorted() == [1, 2, 3, 4])
        #expect(compiled.executableLines.sorted() == [1, 2, 3])
        lua.startCoverage()
        try lua.load(source, chunkName: "@tail.lua")
        try lua.call(arguments: 0, results: 0)
        #expect(lua.coveredLines["tail.lua"] == [1: 1, 2: 2, 3: 1])
    }

    @Test func countsTheLinesThatRunOnlyWhileOn() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        #expect(lua.coveredLines.isEmpty && !lua.isCoveringLines)
        #expect(lua.startCoverage())
        try lua.load(Self.source, chunkName: "@functions.lua")
        try lua.call(arguments: 0, results: 0)
        let lines = try #require(lua.coveredLines["functions.lua"])
        let executable = try lua.compiledLines(of: Array(Self.source.utf8), chunkName: "@functions.lua").executableLines
        #expect(Set(lines.keys).isSubset(of: executable))
        // `add` ran 6 times (its `end` is not counted); the loop's body never ran.
        #expect(lines[3] == 6 && lines[4] == 6 && lines[21] == nil && lines[20] == 1)
        lua.stopCoverage()
        #expect(lua.coveredLines.isEmpty && !lua.isCoveringLines)
        #expect(lua_gethookmask(lua.L) & LUA_MASKLINE == 0)
    }

    @Test func theBudgetStillStopsALoopWhileLinesAreCounted() throws {
        let lua = try LuaState()
        lua.instructionBudget = 100_000
        lua.startCoverage()
        try lua.load("local n = 0\nwhile true do\n  n = n + 1\nend\n", chunkName: "@loop.lua")
        #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        let lines = try #require(lua.coveredLines["loop.lua"])
        #expect((lines[3] ?? 0) > 10_000 && lines[1] == 1)
    }

    /// A script may load any number of chunks, under any `@name`, with a statement on any line:
    /// the record stays within its bound, drops and counts the hits past it, and keeps what it
    /// had.
    @Test func aRecordPastItsBoundDropsHitsAndCountsThem() throws {
        let lua = try LuaState()
        lua.instructionBudget = 10_000_000
        #expect(lua.startCoverage(recordBytes: 64 << 10))
        try lua.load("local a = 1\nlocal b = 2\n", chunkName: "@kept.lua")
        try lua.call(arguments: 0, results: 0)
        // Line 100,001 would need 800 KB of counts; a thousand short chunks, 1,000 names.
        try lua.load("""
            load(string.rep("\\n", 100000) .. "local x = 1", "@far.lua")()
            for i = 1, 1000 do load("local y = " .. i, "@many-" .. i .. ".lua")() end
            """, chunkName: "=(hostile)")
        try lua.call(arguments: 0, results: 0)
        let covered = lua.coveredLines
        #expect(covered["kept.lua"] == [1: 1, 2: 1])
        #expect(covered["far.lua"] == [:])
        #expect(covered.count < 1_000)
        #expect(lua.coverageDroppedHits > 1)
        let bytes = covered.values.reduce(0) { $0 + 8 * max(64, $1.keys.max() ?? 0) }
        #expect(bytes <= 64 << 10)
    }

    @Test func aDumpThatIsNotLua54sIsRejected() {
        #expect(throws: LuaError.self) { try LuaFunctionLines(dump: Array("return 1".utf8)) }
        #expect(throws: LuaError.self) { try LuaFunctionLines(dump: [0x1b, 0x4c, 0x75, 0x61, 0x54, 0]) }
    }
}
