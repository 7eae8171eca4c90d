import HubTestThreads
import Testing

/// Source files are bytes, as Lua reads them: a string literal or comment may hold bytes that
/// are not UTF-8 (Latin-1 text), and the strings keep them.
@Suite(.offThePool) struct SourceBytesParityTests {
    @Test func aLatin1LiteralAndCommentLoadAsTheirBytes() throws {
        let source = LuaParity.latin1(
            """
            -- a comment in Latin-1: caf\u{E9}
            local s = "caf\u{E9}"
            print(#s, s:byte(1, -1))
            print(s == "caf\\233", s:sub(4) == "\\xE9", s:upper() == "CAF\\233")
            print(utf8.len(s))
            print(("%q"):format(s) == '"caf\\233"')
            local parts = {}
            for c in s:gmatch(".") do parts[#parts + 1] = c:byte() end
            print(table.concat(parts, ","), s:rep(2, "|"):len())

            """)
        try LuaParity.expectSame(file: source)
    }

    @Test func anErrorMessageWithBytesThatAreNotUTF8IsKept() throws {
        let source = LuaParity.latin1(
            """
            local ok, message = pcall(error, "caf\u{E9} broke")
            print(ok, #message, message:byte(-6, -1))
            print(select(2, pcall(function() local t = nil; return t.x end)):match(":%d+:"))

            """)
        try LuaParity.expectSame(file: source)
    }
}
