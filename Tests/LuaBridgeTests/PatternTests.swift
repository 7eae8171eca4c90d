import CLua
import CLuaShim
import Foundation
import Testing
@testable import LuaBridge

/// Hub's pattern functions (`hub_openpatterns`, Sources/CLuaShim/patterns.c) against Lua's own:
/// differential tests in a raw state that keeps both, and the instruction budget in a
/// `LuaState`, where pattern matching is charged like Lua code.
@Suite struct PatternTests {
    // MARK: Differential tests

    /// A failure of the Lua side of a differential test (not a mismatch: a broken script).
    struct ScriptError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `source` (chunk `name`) in L, leaving `results` results; throws its error message.
    private static func run(_ L: OpaquePointer, _ source: String, name: String, results: Int32 = 0) throws {
        guard luaL_loadstring(L, source) == LUA_OK, lua_pcallk(L, 0, results, 0, 0, nil) == LUA_OK else {
            let message = lua_tolstring(L, -1, nil).map { String(cString: $0) } ?? "(no message)"
            lua_settop(L, 0)
            throw ScriptError(description: "\(name): \(message)")
        }
    }

    /// Runs `chunk` in a raw state (Lua's own allocator, no budget) where the original functions
    /// are globals `orig_find`, `orig_match`, `orig_gmatch`, `orig_gsub` and Hub's are the
    /// `string` library's and `new_*`, after the comparison engine. The chunk returns the first
    /// mismatch (nil when none) and how many cases it compared.
    private func differential(_ chunk: String) throws -> (mismatch: String?, cases: Int) {
        guard let L = luaL_newstate() else { throw ScriptError(description: "no state") }
        defer { lua_close(L) }
        luaL_openlibs(L)
        try Self.run(L, "orig_find, orig_match, orig_gmatch, orig_gsub = string.find, string.match, string.gmatch, string.gsub", name: "=save")
        lua_pushcclosure(L, hub_openpatterns, 0)
        guard lua_pcallk(L, 0, 0, 0, 0, nil) == LUA_OK else { throw ScriptError(description: "hub_openpatterns failed") }
        try Self.run(
            L,
            """
            new_find, new_match, new_gmatch, new_gsub = string.find, string.match, string.gmatch, string.gsub
            assert(new_find ~= orig_find and new_match ~= orig_match and new_gmatch ~= orig_gmatch
              and new_gsub ~= orig_gsub and ("x").find == new_find, "hub_openpatterns replaced nothing")
            """, name: "=new")
        try Self.run(L, Self.engine, name: "=engine")
        try Self.run(L, chunk, name: "=cases", results: 2)
        let mismatch = lua_type(L, -2) == LUA_TSTRING ? String(cString: lua_tolstring(L, -2, nil)) : nil
        return (mismatch, Int(lua_tointegerx(L, -1, nil)))
    }

    /// The comparison engine: `C(list, name, ...)` adds a case (keeping the exact argument
    /// count), `compare(list)` runs each case with the original and the new functions (through a
    /// local `fn`, so argument errors name the same function) and compares everything: results
    /// with their types, error messages, gmatch's successive results, and the arguments each
    /// replacement function received (`record`).
    static let engine = #"""
        -- Differential engine: runs each case with the original and the new functions, returns the
        -- first mismatch (or nil) and the number of cases compared.
        local O = {find = orig_find, match = orig_match, gmatch = orig_gmatch, gsub = orig_gsub}
        local N = {find = new_find, match = new_match, gmatch = new_gmatch, gsub = new_gsub}

        local log = {}

        local function show(v)
          local t = type(v)
          if t == "string" then
            return (orig_gsub(string.format("%q", v), "[\128-\255]", function(ch) return "\\" .. ch:byte() end))
          end
          if t == "number" then return math.type(v) .. " " .. string.format("%q", v) end
          if t == "function" or t == "table" or t == "userdata" or t == "thread" then return t end
          return tostring(v)
        end

        local function showall(r, from)
          local parts = {}
          for i = from or 1, r.n do parts[#parts + 1] = show(r[i]) end
          return "(" .. table.concat(parts, ", ") .. ")"
        end

        function record(...)
          log[#log + 1] = showall(table.pack(...))
        end

        -- Calls fn through a local, so argument errors name it 'fn' for both implementations.
        local function direct(fn, args)
          local r = table.pack(fn(table.unpack(args, 1, args.n)))
          return r
        end

        local function iterate(fn, args)
          local out = {}
          local it = fn(table.unpack(args, 1, args.n))
          for _ = 1, 100 do
            local r = table.pack(it())
            out[#out + 1] = showall(r)
            if r[1] == nil then break end
          end
          return out
        end

        local function run(impl, case)
          log = {}
          local ok, r
          if case.name == "gmatch" then
            ok, r = pcall(iterate, impl.gmatch, case.args)
            if ok then r = table.concat(r, " ") end
          else
            ok, r = pcall(direct, impl[case.name], case.args)
            if ok then r = showall(r) end
          end
          local text = (ok and "ok " or "error ") .. (ok and r or show(r))
          if #log > 0 then text = text .. " log " .. table.concat(log, " ") end
          return text
        end

        show_all = showall

        local function describe(case)
          return case.name .. showall(case.args)
        end

        function compare(cases)
          for i, case in ipairs(cases) do
            local expected, actual = run(O, case), run(N, case)
            if expected ~= actual then
              return string.format("case %d %s\n  original: %s\n  new:      %s", i, describe(case),
                expected, actual), #cases
            end
          end
          return nil, #cases
        end

        -- A case: C("find", subject, pattern, ...) keeps the exact argument count.
        function C(list, name, ...)
          list[#list + 1] = {name = name, args = table.pack(...)}
        end
        """#

    /// Hand-picked cases: every feature and every error message of the four functions.
    static let corpus = #"""
        local cases = {}
        local function c(...) C(cases, ...) end

        -- every byte, for class and set membership
        local bytes = {}
        for b = 0, 255 do bytes[#bytes + 1] = string.char(b) end
        local ALL = table.concat(bytes)

        -- replacement functions and tables
        local function up(...) record(...) return string.upper((...)) end
        local function none(...) record(...) return nil end
        local function no(...) record(...) return false end
        local function num(...) record(...) return 42 end
        local function float(...) record(...) return 1.5 end
        local function tbl(...) record(...) return {} end
        local function boom(...) record(...) error("boom") end
        local function many(...) record(...) return "first", "second" end
        local function count(...) record(...) return select("#", ...) end
        local keys = {hello = "HI", world = false, lua = 5.4, x = {}, [1] = "one", [3] = "three"}
        local lazy = setmetatable({}, {__index = function(_, k) record(k) return "<" .. tostring(k) .. ">" end})

        -- find: init handling
        c("find", "hello", "l")
        c("find", "hello", "l", 4)
        c("find", "hello", "l", -1)
        c("find", "hello", "l", -2)
        c("find", "hello", "l", 0)
        c("find", "hello", "l", -100)
        c("find", "hello", "", 5)
        c("find", "hello", "", 6)
        c("find", "hello", "", 7)
        c("find", "hello", "", math.maxinteger)
        c("find", "hello", "", math.mininteger)
        c("find", "", "")
        c("find", "", "", 2)
        c("find", "", "x*")
        c("find", "hello", "l", "3")
        c("find", "hello", "l", "x")
        c("find", "hello", "l", 1.5)
        c("find", "hello", "l", 2.0)
        c("find", "hello", "l", nil, nil)
        -- find: plain and the no-specials fast path
        c("find", "a.b", ".", 1, true)
        c("find", "a.b", ".")
        c("find", "a+b", "+", 1, true)
        c("find", "a+b", "a+", 1, 1)
        c("find", "a+b", "a+", 1, false)
        c("find", "a(b", "(", 1, true)
        c("find", "a(b", "(")
        c("find", "a)b", ")")
        c("find", "a]b", "]")
        c("find", "x%y", "%", 1, true)
        c("find", "x%y", "%")
        c("find", "a^b", "^b", 1, true)
        c("find", "a$b", "$b", 1, true)
        c("find", "a[b", "[", 1, true)
        c("find", "hello", "lo", -2, true)
        c("find", "hello", "lo", -1, true)
        c("find", "hello", "", 3, true)
        c("find", "hello", "hello!", 1, true)
        c("find", "a\0b\0c", "\0c")
        c("find", "a\0b\0c", "b\0", 1, true)
        c("find", "aaab", "aab")
        -- find: captures, anchors, repetitions
        c("find", "hello", "(l)(l)")
        c("find", "hello", "()ll()")
        c("find", "hello", "^h")
        c("find", "hello", "^e")
        c("find", "hello", "^e", 2)
        c("find", "hello", "o$")
        c("find", "hello", "l$")
        c("find", "a$", "$")
        c("find", "a$b", "a$b")
        c("find", "a^b", "a^b")
        c("find", "hello", "l+")
        c("find", "hello", "l*")
        c("find", "hello", "x*")
        c("find", "hello", "l-o")
        c("find", "hello", "l?lo")
        c("find", "hello", "x?h")
        c("find", "-", "-")
        c("find", "a-", "a-")
        c("find", "*a", "*")
        c("find", "a**", "a**")
        c("find", "?", "?")
        -- UTF-8 bytes
        c("find", "héllo", "é")
        c("find", "日本語", "本")
        c("find", "héllo", "[é]")
        c("find", "日本語", "[\128-\191]+")
        c("find", "ça va", "%a+")
        c("match", "naïve café", "[\195][\128-\191]")
        c("gsub", "héllo wörld", "[\128-\255]+", "?")
        c("gsub", "日本", ".", "%0 ")
        -- argument errors
        c("find", nil, "x")
        c("find", "x")
        c("find", 123, 2)
        c("find", {}, "x")
        c("match", "x", {})
        c("match", 12.5, "%.")
        c("gmatch", nil, "x")
        c("gmatch", "x", "x", "y")
        c("gsub", "x", "x")
        c("gsub", "x", "x", nil)
        c("gsub", "x", "x", true)
        c("gsub", "x", "x", "y", "z")
        c("gsub", "x", "x", true, "z")
        c("gsub", "x", "x", "y", 1.5)
        c("gsub", 42, "2", "x")
        c("gsub", "x", 1, "y")
        -- match
        c("match", "hello world", "%w+")
        c("match", "hello world", "(%w+) (%w+)")
        c("match", "key = value", "(%w+)%s*=%s*(%w+)")
        c("match", "  trim me  ", "^%s*(.-)%s*$")
        c("match", "hello", ".-")
        c("match", "hello", "()")
        c("match", "hello", "()", 3)
        c("match", "hello", "", 10)
        c("match", "hello", "h", 2)
        c("match", "hello", "^(h)(e)(l)")
        c("match", "x", "x", 0)
        c("match", "hello", "((l)(l))")
        c("match", "hello", "(h)(.)()")
        c("match", "2024-01-15", "(%d+)-(%d+)-(%d+)")
        c("match", "  x", "^%s*$")
        c("match", "", "^$")
        c("match", "$", "^$")
        c("match", "a\nb", "a%cb")
        -- classes: exact membership over every byte, and their complements
        for _, class in ipairs({"a", "c", "d", "g", "l", "p", "s", "u", "w", "x", "z"}) do
          c("gsub", ALL, "%" .. class, "")
          c("gsub", ALL, "%" .. class:upper(), "")
        end
        c("gsub", ALL, "%.", "")
        c("gsub", ALL, "[%a%d]", "")
        c("gsub", ALL, "[^%a%d]", "")
        -- sets
        c("match", "hello_world42", "[%a_][%w_]*")
        c("match", "x-y", "[a-]")
        c("match", "x-y", "[-a]+")
        c("match", "a]b", "[]]")
        c("match", "a]b", "[^]]+")
        c("match", "a-z", "[a%-z]+")
        c("match", "]x", "[%]]")
        c("match", "m", "[z-a]")
        c("match", "abcde-", "[a-c-e]+")
        c("match", "5-z", "[%d-z]+")
        c("match", "a b", "[^%s]+")
        c("match", "a.b", "[.]")
        c("match", "a%b", "[%%]")
        c("match", "^a", "[%^a]+")
        c("match", "^a", "[a^]+")
        c("match", "\0x", "[\0]")
        c("match", "[x", "[[]")
        c("gsub", ALL, "[\1-\31\127]", "")
        c("gsub", ALL, "[^\32-\126]", "")
        -- malformed patterns and other pattern errors
        c("match", "a", "[a")
        c("match", "a", "[^")
        c("match", "a", "[")
        c("match", "a", "[]")
        c("match", "a", "[%")
        c("match", "a", "[%]")
        c("match", "a", "%")
        c("match", "a", "a%")
        c("match", "b", "a%")
        c("match", "a", "(()")
        c("match", "a", "(")
        c("match", "a", ")")
        c("match", "a", "a)")
        c("match", "a", "%1")
        c("match", "a", "(a)%2")
        c("match", "a", "(a%1)")
        c("match", "a", "%0")
        c("match", "a", "%f")
        c("match", "a", "%fa")
        c("match", "a", "%f[a")
        c("match", "a", "%b")
        c("match", "a", "%ba")
        c("match", "x", "x[")
        c("match", "y", "x[")
        c("match", ("a"):rep(40), ("(a)"):rep(32))
        c("match", ("a"):rep(40), ("(a)"):rep(33))
        c("match", ("a"):rep(40), ("()"):rep(33))
        c("find", ("a"):rep(300), ("a?"):rep(198))
        c("find", ("a"):rep(300), ("a?"):rep(199))
        c("find", ("a"):rep(300), ("a?"):rep(200))
        c("find", ("a"):rep(300), ("a?"):rep(201))
        c("find", ("a"):rep(300), ("a*"):rep(250))
        c("find", ("a"):rep(300), "(" .. ("a-"):rep(199) .. ")")
        -- %b
        c("match", "f(a(b)c) d", "%b()")
        c("match", "((", "%b()")
        c("match", "[[x]]", "%b[]")
        c("match", "xx", "%bxx")
        c("match", "abc", "%bab")
        c("find", "if (a and (b or c)) then", "%b()")
        c("gsub", "a(b)c(d(e))", "%b()", "")
        c("match", "((a)", "%b()")
        -- %f
        c("find", "THE (quick) fox", "%f[%a]%a+")
        c("match", "abc", "%f[%l]")
        c("find", "ABC", "%f[^%u]")
        c("find", "abc", "%f[%a]", 2)
        c("find", "abc", "%f[^%a]")
        c("find", "x\0y", "%f[%z]")
        c("find", "x\0y", "%f[\0]")
        c("gsub", "THE (quick) brown fox", "%f[%a]%a+", "<%0>")
        c("gsub", "hello world", "%f[%w]", "|")
        c("gsub", "hello world", "%f[%W]", "|")
        -- back-references
        c("match", "he said \"hi\" ok", "([\"'])(.-)%1")
        c("match", "abcabc", "(abc)%1")
        c("match", "aa", "(a)%1")
        c("match", "ab", "()a%1")
        c("match", "xyzxyz", "^(.-)%1$")
        c("match", "abab", "((a)b)%2")
        c("match", "abcab", "(a)(b)c%1%2")
        -- gmatch
        c("gmatch", "hello world from lua", "%a+")
        c("gmatch", "k1=v1, k2=v2", "(%w+)=(%w+)")
        c("gmatch", "abc", "")
        c("gmatch", "abc", "()")
        c("gmatch", "abc", "%w*")
        c("gmatch", "a,b,,c", "([^,]*)")
        c("gmatch", "hello", "l", 4)
        c("gmatch", "hello", ".", -2)
        c("gmatch", "hello", ".", 10)
        c("gmatch", "hello", "", 6)
        c("gmatch", "hello", "", 7)
        c("gmatch", "hello", "", 0)
        c("gmatch", "hello", "", -100)
        c("gmatch", "^a^a", "^a")
        c("gmatch", "THE (quick) fox", "%f[%a]%a+")
        c("gmatch", "abc", "(a)(b)(c)")
        c("gmatch", "aaa", "a*")
        c("gmatch", "x", "[")
        c("gmatch", "abc", "%1")
        c("gmatch", "abc", "(")
        c("gmatch", "one two  three", "%s*()")
        c("gmatch", "a(b)c(d)", "%b()")
        c("gmatch", "x=1 y=22", "(%a)=(%d+)()")
        -- gsub with strings
        c("gsub", "hello world", "o", "0")
        c("gsub", "hello world", "o", "0", 1)
        c("gsub", "hello", "", "-")
        c("gsub", "abc", "%w*", "x")
        c("gsub", "abc", "%w*", "x", 0)
        c("gsub", "abc", "%w*", "x", -1)
        c("gsub", "abc", "b*", "-")
        c("gsub", "abc", "x*", "-")
        c("gsub", "hello", "l", "L", "1")
        c("gsub", "hello world", "(%w+)", "<%1>")
        c("gsub", "hello world", "%w+", "%0 %0")
        c("gsub", "hello", "l", "%%")
        c("gsub", "hello", "l", "%")
        c("gsub", "hello", "l", "%x")
        c("gsub", "hello", "l", "a%")
        c("gsub", "hello", "(l)", "%2")
        c("gsub", "hello", "l", "%1")
        c("gsub", "hello", "l", "%2")
        c("gsub", "hello", "()l", "%1")
        c("gsub", "hello", "()(l)", "%2%1")
        c("gsub", "abc", "", "%1")
        c("gsub", "abc", "b", 5)
        c("gsub", "abc", "b", 1.5)
        c("gsub", "abc", "b", 2^53)
        c("gsub", "a(b", "(", "x")
        c("gsub", "a(b", "(", "%1")
        c("gsub", "hello hello", "^hello", "X")
        c("gsub", "hello", "^", ">")
        c("gsub", "hello", "^x", "y")
        c("gsub", "", "^", "x")
        c("gsub", "", "", "x")
        c("gsub", "hello", "$", "!")
        c("gsub", "hello", "^$", "!")
        c("gsub", "hello", "^h?", "")
        c("gsub", "abc", ".", {a = 1, b = true})
        -- gsub with tables
        c("gsub", "hello world lua x", "%w+", keys)
        c("gsub", "hello world", "%w+", {})
        c("gsub", "abc", "()", keys)
        c("gsub", "abc", "(b)()", keys)
        c("gsub", "hello x", "%w+", keys)
        c("gsub", "a b c", "%a", lazy)
        c("gsub", "abc", "(", keys)
        -- gsub with functions
        c("gsub", "hello world", "%w+", up)
        c("gsub", "hello world", "(%w+) (%w+)", up)
        c("gsub", "hello world", "%w+", none)
        c("gsub", "hello world", "%w+", no)
        c("gsub", "hello world", "%w+", num)
        c("gsub", "hello world", "%w+", float)
        c("gsub", "hello world", "%w+", tbl)
        c("gsub", "hello world", "%w+", boom)
        c("gsub", "hello world", "%w+", many)
        c("gsub", "hello world", "()(%w+)()", count)
        c("gsub", "hello world", "()(%w+)()", up)
        c("gsub", "abc", "", count)
        c("gsub", "abc", "(", up)
        c("gsub", "abc", "%w", up, 2)
        c("gsub", "abc", "^%w", up)
        c("gsub", "a,b,,c", "[^,]*", up)
        return compare(cases)
        """#

    /// Random cases over a small alphabet and a pattern vocabulary that includes malformed parts.
    static let random = #"""
        -- 20,000 random cases from a fixed seed (a 31-bit LCG), over a small alphabet and vocabulary.
        local seed = 20240611
        local function pick(n)
          seed = (seed * 1103515245 + 12345) % 2147483648
          return (seed >> 16) % n + 1
        end
        local function choose(list) return list[pick(#list)] end

        local chars = {"a", "a", "b", "c", "(", ")", " ", "x", "\0", "\195\169", "%"}
        local tokens = {
          "a", "b", "c", ".", "%a", "%s", "%d", "%w", "%W", "%z", "[ab]", "[^a]", "[a-c]", "[%s)]",
          "*", "+", "-", "?", "*", "+", "-", "?", "(", ")", "()", "%1", "%2", "%b()", "%bab",
          "%f[a]", "%f[%s]", "%f[^a]", "^", "$", "%", "[", "]", "%(", "%)", "x", "%0", "[]", "[^]",
          "%f", "%b", "\0",
        }
        local repls = {"x", "%0", "%1", "%2", "<%1>", "%%", "%", "", "%a", "[%0]"}
        local tables = {{a = "A", b = false, [1] = "one", [" "] = "_"}, {}}
        local functions = {
          function(...) record(...) return (...) and ((...) .. "!") end,
          function(...) record(...) return nil end,
          function(...) record(...) return select("#", ...) end,
        }

        local function subject()
          local parts = {}
          for i = 1, pick(11) - 1 do parts[i] = choose(chars) end
          return table.concat(parts)
        end

        local function pattern()
          local parts = {}
          for i = 1, pick(8) - 1 do parts[i] = choose(tokens) end
          return table.concat(parts)
        end

        local function init()
          if pick(3) == 1 then return nil end
          return pick(17) - 5
        end

        local cases = {}
        for _ = 1, 20000 do
          local kind = pick(9)
          local s, p = subject(), pattern()
          if kind <= 2 then
            C(cases, "find", s, p, init(), pick(4) == 1)
          elseif kind <= 4 then
            C(cases, "match", s, p, init())
          elseif kind <= 6 then
            C(cases, "gmatch", s, p, init())
          else
            local r = pick(10)
            local repl = r <= 7 and choose(repls) or r == 8 and choose(tables) or choose(functions)
            if pick(2) == 1 then
              C(cases, "gsub", s, p, repl)
            else
              C(cases, "gsub", s, p, repl, pick(5) - 2)
            end
          end
        end
        return compare(cases)
        """#

    @Test func handPickedCasesMatchTheOriginal() throws {
        let (mismatch, cases) = try differential(Self.corpus)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(cases >= 150)
    }

    @Test func randomCasesMatchTheOriginal() throws {
        let (mismatch, cases) = try differential(Self.random)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(cases == 20_000)
    }

    @Test func methodCallsMatchTheOriginal() throws {
        let (mismatch, cases) = try differential(
            #"""
            local impls = {
              orig = {orig_find, orig_match, orig_gmatch, orig_gsub},
              new = {new_find, new_match, new_gmatch, new_gsub},
            }
            local function run(which)
              string.find, string.match, string.gmatch, string.gsub = table.unpack(impls[which])
              local s = "hello world"
              local calls = {
                function() return s:find("o w") end,
                function() return s:find("(o)%s(w)") end,
                function() return s:find(".", 1, true) end,
                function() return s:match("%a+", 3) end,
                function() return ("key=val"):match("(%w+)=(%w+)") end,
                function() local t = {} for a, b in s:gmatch("()(%a+)") do t[#t + 1] = a .. b end return table.concat(t, ",") end,
                function() local t = {} for w in s:gmatch("%a+", 4) do t[#t + 1] = w end return table.concat(t, ",") end,
                function() return s:gsub("%w+", "<%0>") end,
                function() return s:gsub("o", {o = "0"}, 1) end,
                function() return ("x"):find({}) end,
                function() return ("x"):find("x", "y") end,
                function() return ("x"):gsub("x") end,
                function() return s:gmatch({}) end,
                function() return ("x"):match("(") end,
                function() return ("x"):match("[") end,
                function() return string.find(s, {}) end,
                function() return string.gsub(s, "o", "%9") end,
              }
              local out = {}
              for i, call in ipairs(calls) do out[i] = show_all(table.pack(pcall(call))) end
              return table.concat(out, "\n"), #calls
            end
            local expected, n = run("orig")
            local actual = run("new")
            if expected ~= actual then return "original:\n" .. expected .. "\nnew:\n" .. actual, n end
            return nil, n
            """#)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(cases == 17)
    }

    // MARK: The instruction budget

    /// A wall-clock limit no budgeted run here comes near: one that reaches it was not stopped
    /// by its instruction budget, and fails by its message instead of by how long it took.
    static let backstop = 60_000

    /// Pathological matches (line 2 of each script) through every function and method syntax.
    static let pathological = [
        "return string.find(s, p)",
        "return s:find(p)",
        "return s:match(p)",
        "return string.match(s, p)",
        "return s:gsub(p, \"x\")",
        "return string.gsub(s, p, function(m) return m end)",
        "for m in s:gmatch(p) do end",
        "for m in string.gmatch(s, p, 2) do end",
        "return s:rep(4):find(p)",
    ]

    @Test(arguments: pathological)
    func pathologicalPatternsRunOutOfBudget(_ line: String) throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        lua.timeLimit = Self.backstop
        try lua.load("local s, p = string.rep(\"a\", 60), \".-.-.-.-.-b\"\n\(line)", chunkName: "@patterns.lua")
        // The matcher's steps are charged as it goes: the budget stops it mid-match, not the
        // time backstop (which would say "time limit exceeded").
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            guard let error = error as? LuaError else { return false }
            return error.message == "instruction budget exceeded (1000000 instructions)" && error.location == "patterns.lua:2"
        }
        #expect(lua.stack.top == 0)
        // The state is usable afterwards, under a fresh budget.
        try lua.load("return ('hello world'):gsub('o', '0')", chunkName: "=after")
        try lua.call(arguments: 0, results: 2)
        #expect(lua.stack.string(at: -2) == "hell0 w0rld")
        #expect(lua.stack.integer(at: -1) == 2)
        lua.stack.pop(2)
    }

    /// Scripts that catch the budget error with pcall and try to go on.
    static let swallowing = [
        "while true do pcall(string.find, s, p) end",
        "local ok, e = pcall(string.find, s, p)\nreturn ok, e",
        "for i = 1, 1e9 do pcall(function() return s:gsub(p, '') end) end",
        "local ok = pcall(function() for m in s:gmatch(p) do end end)\nwhile true do end",
        "while true do pcall(coroutine.wrap(function() return s:match(p) end)) end",
    ]

    @Test(arguments: swallowing)
    func budgetErrorsCannotBeSwallowed(_ body: String) throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        lua.timeLimit = Self.backstop
        try lua.load("local s, p = string.rep(\"a\", 200), \".-.-.-.-.-b\"\n\(body)", chunkName: "@swallow.lua")
        // Stopped by the budget it could not swallow, not by the time backstop.
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            guard let message = (error as? LuaError)?.message else { return false }
            return message.contains("instruction budget exceeded (1000000 instructions)") && !message.contains("time limit")
        }
    }

    @Test func patternWorkCountsAgainstTheBudget() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        // About 6,000 Lua instructions, but some 1,500 matcher steps per call: 1,000 calls exceed
        // the budget.
        try lua.load(
            """
            local s = string.rep("a", 30)
            for i = 1, 1000 do s:find("a*b") end
            """, chunkName: "@steps.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            (error as? LuaError)?.location == "steps.lua:2"
        }
        // Ordinary matching fits easily.
        try lua.load(
            """
            local n = 0
            for i = 1, 1000 do if ("key = value"):match("^(%w+)%s*=%s*(%w+)$") then n = n + 1 end end
            return n
            """, chunkName: "=cheap")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 1000)
        lua.stack.pop()
    }

    // MARK: Without a budget

    /// Ordinary pattern work, summarised as one string.
    static let ordinary = #"""
        local out = {}
        local function add(...) out[#out + 1] = table.concat(table.pack(...), " ", 1, select("#", ...)) end
        add(("hello world"):find("o w"))
        add(("hello world"):find("(%a+)", 7))
        add(("a.b"):find(".", 1, true))
        add(("key = value"):match("^(%w+)%s*=%s*(%w+)$"))
        add(("  trim  "):match("^%s*(.-)%s*$"))
        add(("f(a(b)c)"):match("%b()"))
        add(("THE (quick) fox"):gsub("%f[%a]%a+", string.lower))
        add(("abc"):gsub("%w*", "x"))
        add(("hello"):gsub("", "-"))
        add(("$name is $age"):gsub("%$(%w+)", {name = "Ana", age = 7}))
        local words = {}
        for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do words[#words + 1] = k .. v end
        add(table.concat(words, ","))
        local it = ("x y z"):gmatch("%a")
        local co = coroutine.wrap(function() return it() .. it() end)
        add(co() .. it())
        return table.concat(out, "|")
        """#

    static let ordinaryResult = "5 7|7 11 world|2 2|key value|trim|(a(b)c)|the (quick) fox 3|x 1|-h-e-l-l-o- 6|Ana is 7 2|a1,b2|xyz"

    @Test func ordinaryPatternsWorkWithoutABudget() throws {
        let lua = try LuaState()
        #expect(lua.instructionBudget == 0)
        try lua.load(Self.ordinary, chunkName: "=ordinary")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.string(at: -1) == Self.ordinaryResult)
        lua.stack.pop()
        // A pathological pattern is merely slow without a budget: it still ends, with Lua's answer.
        try lua.load("return string.rep('a', 20):find('.-.-.-b')", chunkName: "=slow")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.type(at: -1) == .nil)
        lua.stack.pop()
    }

    @Test func patternsWorkWithoutABudgetAfterOneRanOut() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        try lua.load("return string.rep('a', 60):find('.-.-.-.-.-b')", chunkName: "=out")
        #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
        lua.instructionBudget = 0
        try lua.load(Self.ordinary, chunkName: "=ordinary")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.string(at: -1) == Self.ordinaryResult)
        lua.stack.pop()
    }
}
