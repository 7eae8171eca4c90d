import CLua
import CLuaShim
import Testing
@testable import LuaBridge

/// Hub's metered library functions (`hub_openmetered`, Sources/CLuaShim/metered.c) against Lua's
/// own: differential tests in a raw state that keeps both, then the budget they charge in a
/// `LuaState`, where work in C loops counts like Lua code.
@Suite struct MeteredLibraryTests {
    // MARK: Differential tests

    /// Every case runs as `pcall(function() <case> end)` with `F` the function under test (a
    /// global, so argument errors name 'F' for both) and, for string functions, the string
    /// library holding it (so method calls reach it); results, errors and the tables a case
    /// returns are compared in full.
    static let cases: [(library: String, name: String, cases: [String])] = [
        ("string", "rep", [
            #"return F("ab", 3)"#, #"return F("ab", 3, ",")"#, #"return F("", 5)"#, #"return F("", 5, "")"#,
            #"return F("", 3, "-")"#, #"return F("x", 0)"#, #"return F("x", -1, ",")"#, #"return F("x", 1, "-")"#,
            #"return F("x", 2^31)"#, #"return F("abc", 2^30)"#, #"return F("x", math.maxinteger)"#,
            #"return F("x", 2^63)"#, #"return F({}, 1)"#, #"return F("x")"#, #"return F("x", "3")"#,
            #"return F("x", "a")"#, #"return F(5, 2)"#, #"return F("x", 2, {})"#, #"return F("x", 1.5)"#,
            #"return F()"#, #"return F("ab", 2, nil)"#, #"return ("ab"):rep(2)"#, #"return ("ab"):rep({})"#,
            #"return ("ab"):rep(2, {})"#, #"return ("é"):rep(3, "|")"#,
        ]),
        ("table", "move", [
            "local t = {1, 2, 3}; return F(t, 1, 3, 2), t", "local t = {1, 2, 3}; return F(t, 2, 3, 1), t",
            "return F({1, 2, 3}, 1, 3, 1, {})", "return F({}, 1, math.maxinteger, 2)",
            "return F({}, -1, math.maxinteger, 1)", "return F({}, 3, 1, 1)", "return F(5, 1, 1, 1)",
            #"return F({}, "a", 1, 1)"#, "return F({}, 1, 2)", "return F({1}, 1, 1, 1, 5)",
            #"return F("abc", 1, 2, 1, {})"#,
            "return F(setmetatable({}, { __index = function(_, k) return k * 2 end }), 1, 3, 1, {})",
            "local log = {}; F({7, 8}, 1, 2, 1, setmetatable({}, { __newindex = function(_, k, v) log[#log + 1] = k .. '=' .. v end })); return log",
            "local log = {}; local t = setmetatable({}, { __index = function(_, k) return k end, __newindex = function(_, k, v) log[#log + 1] = k .. '=' .. v end }); F(t, 1, 3, 2); F(t, 2, 4, 1); return log",
            "local log = {}; local mt = { __eq = function() return true end, __index = function(_, k) return k end, __newindex = function(_, k, v) log[#log + 1] = k .. '=' .. v end }; F(setmetatable({}, mt), 1, 3, 2, setmetatable({}, mt)); return log",
            "return F(setmetatable({}, { __index = function(_, k) error('no ' .. k) end }), 1, 2^40, 1, {})",
        ]),
        ("table", "insert", [
            #"local t = {1, 2}; F(t, "x"); return t"#, #"local t = {1, 2}; F(t, 1, "x"); return t"#,
            #"local t = {1, 2}; F(t, 3, "x"); return t"#, #"return F({1, 2}, 4, "x")"#, #"return F({1, 2}, 0, "x")"#,
            "return F({})", "return F({}, 1, 2, 3)", "return F(5, 1)", #"return F({}, "a", 1)"#,
            #"return F({}, 1.5, "x")"#, #"return F({}, nil, "x")"#,
            #"local t = setmetatable({}, { __len = function() return 2 end }); F(t, 1, "x"); return rawget(t, 1), rawget(t, 3)"#,
            #"local calls = 0; local t = setmetatable({}, { __len = function() calls = calls + 1; return 0 end }); F(t, "x"); return calls"#,
            #"return F(setmetatable({}, { __len = function() return "x" end }), 1)"#,
        ]),
        ("table", "remove", [
            "local t = {1, 2, 3}; return F(t), t", "local t = {1, 2, 3}; return F(t, 1), t", "local t = {1, 2, 3}; return F(t, 3), t",
            "local t = {1, 2, 3}; return F(t, 4), t", "return F({1, 2, 3}, 5)", "return F({})", "return F({}, 0)",
            "return F({}, 1)", "return F({}, -1)", "return F(5)", #"return F({1}, "x")"#,
            "local calls = 0; local t = setmetatable({1, 2}, { __len = function() calls = calls + 1; return 2 end }); return F(t, 1), calls",
        ]),
        ("table", "sort", [
            "local t = {3, 1, 2}; F(t); return t", "local t = {3, 1, 2}; F(t, function(a, b) return a > b end); return t",
            "return F({}, 5)", "return F({1}, 5)", "return F({1, 2}, 5)", #"local t = {"b", "a"}; F(t); return t"#,
            #"return F({1, "a"})"#, "return F(5)", "local t = {3, 1, 2}; F(t, nil); return t",
            "local b = {3, 1, 2}; local t = setmetatable({}, { __len = function() return 3 end, __index = b, __newindex = b }); F(t); return b",
        ]),
        ("utf8", "len", [
            #"return F("héllo")"#, #"return F("héllo", 2)"#, #"return F("héllo", 3)"#, #"return F("abc", 10)"#,
            #"return F("abc", 0)"#, #"return F("abc", -10)"#, #"return F("abc", 1, 10)"#, #"return F("abc", 1, -10)"#,
            #"return F("\xff")"#, #"return F("\xff", 1, -1, true)"#, "return F({})", "return F(5)", #"return F("abc", "x")"#,
            #"return F("abc", 4)"#,
        ]),
        ("utf8", "offset", [
            #"return F("héllo", 3)"#, #"return F("héllo", -1)"#, #"return F("héllo", 0, 3)"#, #"return F("héllo", 1, 10)"#,
            #"return F("héllo", 1, 3)"#, #"return F("héllo", 10)"#, #"return F("héllo", -10)"#, #"return F("", 1)"#,
            #"return F("abc", 0, 4)"#, #"return F("abc", "x")"#, "return F({}, 1)", #"return F("\x80\x80\x80", 0, 3)"#,
            #"return F("aé", 2, -1)"#,
        ]),
        ("_G", "load", [
            #"return F("return 1 + 1")()"#, #"return F("return x", "=chunk", "t", { x = 7 })()"#, #"return F("syntax error here")"#,
            #"return F("x", {})"#, #"return F("x", "n", {})"#, "return F(5)", "return F({})",
            #"local parts = {"return ", "42"}; return F(function() return table.remove(parts, 1) end)()"#,
        ]),
    ]

    /// Runs each case with the original and the replacement; returns the first mismatch (nil when
    /// none) and the number of cases compared. Results are shown deeply: tables by their
    /// contents in key order, numbers with their subtype.
    static let engine = #"""
        local function show(v, depth)
          local t = type(v)
          if t == "string" then return string.format("%q", v) end
          if t == "number" then return math.type(v) .. " " .. string.format("%q", v) end
          if t ~= "table" or depth > 3 then return t == "table" and "table" or tostring(v) end
          local keys = {}
          for k in next, v do keys[#keys + 1] = k end
          table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
          local parts = {}
          for _, k in ipairs(keys) do parts[#parts + 1] = show(k, depth + 1) .. "=" .. show(rawget(v, k), depth + 1) end
          return "{" .. table.concat(parts, ",") .. "}"
        end

        local function run(library, name, f, source)
          local lib = library == "_G" and _G or _G[library]
          local saved = lib[name]
          lib[name] = f
          local env = setmetatable({ F = f }, { __index = _G })
          local chunk = assert(load("return pcall(function() " .. source .. " end)", "=case", "t", env))
          local results = table.pack(chunk())
          lib[name] = saved
          local parts = {}
          for i = 1, results.n do parts[i] = show(results[i], 0) end
          return table.concat(parts, ", ")
        end

        return function(library, name, original, replacement, cases)
          for _, source in ipairs(cases) do
            local expected = run(library, name, original, source)
            local got = run(library, name, replacement, source)
            if expected ~= got then
              return library .. "." .. name .. ": " .. source .. "\n  Lua: " .. expected .. "\n  Hub: " .. got
            end
          end
          return nil
        end
        """#

    /// Runs `source` in L, leaving `results` results; returns its error message, if any.
    private static func run(_ L: OpaquePointer, _ source: String, results: Int32 = 0) -> String? {
        guard luaL_loadstring(L, source) == LUA_OK, lua_pcallk(L, 0, results, 0, 0, nil) == LUA_OK else {
            defer { lua_settop(L, 0) }
            return lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "(no message)"
        }
        return nil
    }

    @Test(arguments: cases.map(\.name))
    func replacementsBehaveAsLuasOwn(_ name: String) throws {
        let (library, _, sources) = try #require(Self.cases.first { $0.name == name })
        let L = try #require(luaL_newstate())
        defer { lua_close(L) }
        luaL_openlibs(L)
        let path = library == "_G" ? name : "\(library).\(name)"
        #expect(Self.run(L, "original = \(path)") == nil)
        lua_pushcclosure(L, hub_openmetered, 0)
        #expect(lua_pcallk(L, 0, 0, 0, 0, nil) == LUA_OK)
        #expect(Self.run(L, "replacement = \(path); assert(replacement ~= original)") == nil)
        #expect(Self.run(L, "compare = (function() \(Self.engine) end)()") == nil)
        lua_getglobal(L, "compare")
        for text in [library, name] { lua_pushstring(L, text) }
        lua_getglobal(L, "original")
        lua_getglobal(L, "replacement")
        lua_createtable(L, Int32(sources.count), 0)
        for (index, source) in sources.enumerated() {
            lua_pushstring(L, source)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        #expect(lua_pcallk(L, 5, 1, 0, 0, nil) == LUA_OK)
        let mismatch = lua_tolstring(L, -1, nil).map { String(cString: $0) }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    // MARK: The budget

    /// Work in C loops that no hook sees: each case must end within the budget, at its line,
    /// long before it would finish (2^40 steps, or minutes of copying).
    static let runaways = [
        "table.move({}, 1, 2^40, 1)",
        "table.insert(setmetatable({}, { __len = function() return 2^40 end }), 1, 'x')",
        "local t = {} for i = 1, 1e4 do t[i] = i end for i = 1, 1e9 do table.insert(t, 1, i) end",
        "local t = {} for i = 1, 1e4 do t[i] = i end for i = 1, 1e9 do table.remove(t, 1) table.insert(t, 1, 0) end",
        "local t = {} for i = 1, 1e4 do t[i] = -i end for i = 1, 1e9 do table.sort(t) end",
        "local big = ('x'):rep(1e6) for i = 1, 1e9 do local copy = big .. 'y' end",
        "local big = ('é'):rep(1e6) for i = 1, 1e9 do utf8.len(big) end",
        "local big = ('é'):rep(1e6) for i = 1, 1e9 do utf8.offset(big, -1) end",
        "local source = '--' .. (' '):rep(1e6) for i = 1, 1e9 do load(source) end",
        "local big = ('x'):rep(1e6) for i = 1, 1e9 do local upper = big:upper() end",
        "local parts = {} for i = 1, 1e4 do parts[i] = 'abc' end for i = 1, 1e9 do table.concat(parts) end",
    ]

    @Test(arguments: runaways)
    func workInCLoopsRunsOutOfBudgetAtItsLine(_ line: String) throws {
        let lua = try LuaState()
        lua.instructionBudget = 2_000_000
        try lua.load("local ok = true\n\(line)", chunkName: "@bulk.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            guard let error = error as? LuaError else { return false }
            return error.message == "instruction budget exceeded (2000000 instructions)" && error.location == "bulk.lua:2"
        }
    }

    @Test func copiesOfNothingAreImmediateAndFree() throws {
        let lua = try LuaState()
        lua.instructionBudget = 10_000
        try lua.load("return #string.rep('', 2^40) + #(''):rep(2^40, '') + #string.rep('', math.maxinteger)", chunkName: "=empty")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 0)
        lua.stack.pop()
    }

    @Test func aCaughtStopStillNamesTheLineThatRanOut() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        try lua.load(
            """
            local ok = pcall(table.move, {}, 1, 2^40, 1)
            local after = "this line runs no further"
            """, chunkName: "@caught.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            (error as? LuaError)?.description == "caught.lua:1: instruction budget exceeded (1000000 instructions)"
        }
    }

    @Test func workNoCountMeasuresEndsAtTheTimeLimit() throws {
        let lua = try LuaState()
        lua.instructionBudget = Int.max / 2
        lua.timeLimit = 200
        try lua.load(
            """
            local a, b = ("x"):rep(4e6), ("x"):rep(4e6)
            while true do local same = a == b end
            """, chunkName: "@compare.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            (error as? LuaError)?.description == "compare.lua:2: time limit exceeded (still running at its deadline)"
        }
        // The next call has a deadline of its own.
        try lua.load("return 1 + 1", chunkName: "=next")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 2)
        lua.stack.pop()
    }

    @Test func aLocationlessErrorFromCIsPlacedAtTheScriptsLine() throws {
        let lua = try LuaState()
        try lua.load(
            """
            local t = {}
            for i = 1, 100 do t[i] = i % 7 end
            table.sort(t, function(a, b) return true end)
            """, chunkName: "@order.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            (error as? LuaError)?.description == "order.lua:3: invalid order function for sorting"
        }
    }

    @Test func ordinaryWorkFitsEasily() throws {
        let lua = try LuaState()
        lua.instructionBudget = 2_000_000
        try lua.load(
            """
            local rows = {}
            for i = 1, 2000 do rows[#rows + 1] = ("row %d: %s"):format(i, ("é"):rep(3)) end
            table.sort(rows)
            table.insert(rows, 1, "first")
            local text = table.concat(rows, "\\n")
            return utf8.len(text) > 0 and #table.remove(rows, 1) == 5 and select(2, load("return 1")) == nil
            """, chunkName: "=ordinary")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.boolean(at: -1) == true)
        lua.stack.pop()
    }
}
