import Testing
@testable import LuaBridge

/// Lua strings read into Swift: every byte kept (a NUL included), short and long, ASCII or not,
/// and bytes that are not UTF-8 replaced with U+FFFD as `String(decoding:as:)` does.
@Suite struct LuaStackStringTests {
    /// The strings the Lua expression `source` returns, read with `LuaStack.string(at:)`.
    private func strings(_ source: String, count: Int32) throws -> [String?] {
        let lua = try LuaState()
        let stack = lua.stack
        try lua.load("return " + source, chunkName: "=strings")
        try lua.call(arguments: 0, results: count)
        defer { stack.pop(count) }
        return (0..<count).map { stack.string(at: -count + $0) }
    }

    @Test func shortAndLongStringsKeepEveryByte() throws {
        let long = String(repeating: "row ", count: 40)
        #expect(try strings(#""", "row-1", "fifteen bytes!!", "sixteen bytes!!!", "a\0b", "# + "\"\(long)\"", count: 6) == [
            "", "row-1", "fifteen bytes!!", "sixteen bytes!!!", "a\0b", long,
        ])
    }

    @Test func unicodeIsReadAsItsUTF8() throws {
        #expect(try strings(#""é", "Grüße aus Köln, 東京 🎵", "e\u{301}""#, count: 3) == ["é", "Grüße aus Köln, 東京 🎵", "e\u{301}"])
    }

    @Test func bytesThatAreNotUTF8AreReplaced() throws {
        #expect(try strings(#""\xff", "ok\xc3", "\xe2\x82 long enough to be stored apart: \xff""#, count: 3) == [
            "\u{FFFD}", "ok\u{FFFD}", "\u{FFFD} long enough to be stored apart: \u{FFFD}",
        ])
    }

    @Test func numbersAreNotStrings() throws {
        #expect(try strings("42, nil, {}", count: 3) == [nil, nil, nil])
    }
}
