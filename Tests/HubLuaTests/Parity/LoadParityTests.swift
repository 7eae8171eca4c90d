import HubTestThreads
import Testing

/// `load` in a feature folder is Lua 5.4's for text chunks: modes, an environment given as nil,
/// reader functions, numbers as source and Lua's own messages. Binary chunks alone are refused.
@Suite(.offThePool) struct LoadParityTests {
    @Test func modesAreLuas() throws {
        try LuaParity.expectSame("""
            print(load("return 1", nil, "b"))
            print(load("return 1", nil, 5))
            print(type(load("return 1", nil, "t")), type(load("return 1", nil, "bt")))
            print(load("\\27Lua", nil, "t"))
            print(pcall(load, "return 1", nil, {}))
            """)
    }

    @Test func anEnvironmentGivenAsNilIsNone() throws {
        try LuaParity.expectSame("""
            x = 1
            print(pcall(load("return x", "=n", "t", nil)))
            print(load("return x", "=n", "t")())
            print(load("return x", "=n", "t", { x = 2 })())
            """)
    }

    @Test func readerFunctionsAndNumbersAreSource() throws {
        try LuaParity.expectSame("""
            local i = 0
            print(load(function() i = i + 1; if i == 1 then return "return " elseif i == 2 then return 42 end end)())
            print(load(function() return nil end) ~= nil)
            -- (lua.c's message handler adds a traceback to a reader's failure: the first line is Lua's.)
            local ok, message = load(function() return {} end)
            print(ok, (message:match("^[^\\n]*")))
            ok, message = load(function() error("reader broke") end)
            print(ok, (message:match("^[^\\n]*")))
            print(load(5))
            print(pcall(load))
            print(pcall(load, {}))
            print(load("x=", "=mine"))
            print(load("x="))
            """)
    }

    @Test func binaryChunksAreRefusedWhateverTheMode() throws {
        let printed = try LuaParity.printedBySandbox(#"print(load("\27Lua", nil, "b")) print(load("\27Lua"))"#)
        #expect(printed == [
            "nil\tbinary chunks are not available to feature scripts",
            "nil\tbinary chunks are not available to feature scripts",
        ])
    }
}
