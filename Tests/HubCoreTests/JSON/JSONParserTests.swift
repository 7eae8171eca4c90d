import Testing

@testable import HubCore

// The strict JSON parser: values of every type, escapes, and errors located by line, column (in
// Unicode scalars) and byte offset.

struct JSONParserTests {
    private func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    private func parseError(bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func located(_ message: String, line: Int, column: Int, offset: Int) -> JSONParseError {
        JSONParseError(message: message, line: line, column: column, offset: offset)
    }

    // MARK: Values

    @Test func valuesOfEveryType() throws {
        let value = try JSONParser.parse(
            """
            {
              "s": "str",
              "i": 42,
              "n": -7,
              "zero": 0,
              "d": 1.5,
              "e": 1e3,
              "E": -2.5E-1,
              "t": true,
              "f": false,
              "z": null,
              "a": [1, "two", [], {}],
              "o": {"nested": {"deep": [null]}},
              "big": 12345678901234567890
            }
            """)

        #expect(
            value
                == .object([
                    "s": .string("str"),
                    "i": .int(42),
                    "n": .int(-7),
                    "zero": .int(0),
                    "d": .double(1.5),
                    "e": .double(1000),
                    "E": .double(-0.25),
                    "t": .bool(true),
                    "f": .bool(false),
                    "z": .null,
                    "a": .array([.int(1), .string("two"), .array([]), .object([:])]),
                    "o": .object(["nested": .object(["deep": .array([.null])])]),
                    "big": .double(12_345_678_901_234_567_168),
                ]))
    }

    @Test func topLevelScalarsAndWhitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n true \n") == .bool(true))
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("\"text\"") == .string("text"))
        #expect(try JSONParser.parse("-12") == .int(-12))
        #expect(try JSONParser.parse("[ ]") == .array([]))
        #expect(try JSONParser.parse("{ }") == .object([:]))
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        #expect(try JSONParser.parse(#"{"k": 1, "k": 2}"#) == .object(["k": .int(2)]))
    }

    @Test func parsingBytesMatchesParsingText() throws {
        let text = #"{"title": "héllo 😀", "items": [1, 2.5, false]}"#
        #expect(try JSONParser.parse(bytes: Array(text.utf8)) == JSONParser.parse(text))
    }

    // MARK: Escapes

    @Test func simpleEscapes() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t"))
    }

    @Test func unicodeEscapes() throws {
        #expect(try JSONParser.parse(#""\u0041\u00e9\u20AC""#) == .string("Aé€"))
        #expect(try JSONParser.parse(#""nul\u0000byte""#) == .string("nul\u{0}byte"))
        #expect(try JSONParser.parse(#"{"k\u0065y": 1}"#) == .object(["key": .int(1)]))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONParser.parse(#""clef \uD834\uDD1E!""#) == .string("clef 𝄞!"))
        #expect(try JSONParser.parse(#""\ud83d\ude00\u00e9 mixed é 😀""#) == .string("😀é mixed é 😀"))
    }

    @Test func rawUTF8Strings() throws {
        #expect(try JSONParser.parse("\"héllo 😀 𝄞\"") == .string("héllo 😀 𝄞"))
    }

    // MARK: Truncated input

    @Test func truncatedArray() {
        #expect(parseError(#"{"a": [1, 2"#) == located("unexpected end of input in an array", line: 1, column: 12, offset: 11))
    }

    @Test func truncatedObject() {
        #expect(parseError(#"{"a": 1,"#) == located("unexpected end of input in an object", line: 1, column: 9, offset: 8))
    }

    @Test func truncatedLiteral() {
        #expect(parseError("[tru") == located("invalid literal, expected 'true'", line: 1, column: 2, offset: 1))
    }

    @Test func unterminatedStringOnSecondLine() {
        #expect(parseError("{\n  \"a\": \"abc") == located("unterminated string", line: 2, column: 8, offset: 9))
    }

    @Test func emptyInput() {
        #expect(parseError("") == located("unexpected end of input, expected a value", line: 1, column: 1, offset: 0))
        #expect(parseError("  \n ") == located("unexpected end of input, expected a value", line: 2, column: 2, offset: 4))
    }

    // MARK: Trailing garbage

    @Test func trailingGarbage() {
        let message = "unexpected trailing characters after the JSON value"
        #expect(parseError(#"{"a": 1} x"#) == located(message, line: 1, column: 10, offset: 9))
        #expect(parseError("[1]]") == located(message, line: 1, column: 4, offset: 3))
        #expect(parseError("[1]\n\n  x") == located(message, line: 3, column: 3, offset: 7))
    }

    @Test func columnsCountUnicodeScalars() {
        // "é" is 2 bytes and "😀" is 4 bytes, but one column each.
        #expect(parseError("[\"é😀\", x]") == located("unexpected character 'x', expected a value", line: 1, column: 8, offset: 11))
    }

    @Test func errorDescriptionSaysWhere() throws {
        let error = try #require(parseError(#"{"a": [1, 2"#))
        #expect(error.description == "line 1, column 12 (byte 11): unexpected end of input in an array")
    }

    // MARK: Bad escapes

    @Test func unknownEscape() {
        #expect(parseError(#""ab\qc""#) == located(#"invalid escape '\q' in a string"#, line: 1, column: 4, offset: 3))
    }

    @Test func invalidHexDigit() {
        #expect(parseError(#""\u12G4""#) == located(#"invalid hex digit in a \u escape"#, line: 1, column: 6, offset: 5))
    }

    @Test func incompleteUnicodeEscape() {
        #expect(parseError(#""\u12""#) == located(#"incomplete \u escape"#, line: 1, column: 2, offset: 1))
    }

    @Test func unpairedHighSurrogate() {
        #expect(parseError(#""\ud800x""#) == located(#"unpaired surrogate in a \u escape"#, line: 1, column: 2, offset: 1))
    }

    @Test func loneLowSurrogate() {
        #expect(parseError(#""\udc00""#) == located(#"unpaired surrogate in a \u escape"#, line: 1, column: 2, offset: 1))
    }

    @Test func invalidLowSurrogate() {
        #expect(parseError(#""\ud800\u0041""#) == located(#"invalid low surrogate in a \u escape"#, line: 1, column: 8, offset: 7))
    }

    @Test func unescapedControlCharacter() {
        #expect(parseError("\"a\tb\"") == located("control character in a string (escape it)", line: 1, column: 3, offset: 2))
    }

    // MARK: Invalid UTF-8

    @Test func invalidUTF8InString() {
        // "a<FF>b"
        #expect(parseError(bytes: [0x22, 0x61, 0xFF, 0x62, 0x22]) == located("invalid UTF-8 in a string", line: 1, column: 3, offset: 2))
    }

    @Test func invalidUTF8AfterMultiByteCharacter() {
        // "é<FF>"
        #expect(parseError(bytes: [0x22, 0xC3, 0xA9, 0xFF, 0x22]) == located("invalid UTF-8 in a string", line: 1, column: 3, offset: 3))
    }

    @Test func truncatedUTF8Sequence() {
        // "a<E2 82>" — a 3-byte sequence cut short by the closing quote.
        #expect(parseError(bytes: [0x22, 0x61, 0xE2, 0x82, 0x22]) == located("invalid UTF-8 in a string", line: 1, column: 3, offset: 2))
    }

    @Test func invalidUTF8InStringWithEscapes() {
        // "\n<FF>": the error points at the offending byte, as for strings without escapes.
        #expect(parseError(bytes: [0x22, 0x5C, 0x6E, 0xFF, 0x22]) == located("invalid UTF-8 in a string", line: 1, column: 4, offset: 3))
    }

    @Test func invalidUTF8OutsideStrings() {
        // [<FF>]
        #expect(parseError(bytes: [0x5B, 0xFF, 0x5D]) == located("unexpected character byte 0xFF, expected a value", line: 1, column: 2, offset: 1))
    }

    // MARK: Numbers

    @Test func malformedNumbers() {
        #expect(parseError("01") == located("leading zeros are not allowed in numbers", line: 1, column: 1, offset: 0))
        #expect(parseError("[1.]") == located("expected a digit after '.' in a number", line: 1, column: 4, offset: 3))
        #expect(parseError("-") == located("invalid number", line: 1, column: 1, offset: 0))
        #expect(parseError("1e") == located("expected a digit in a number's exponent", line: 1, column: 3, offset: 2))
    }

    @Test func numbersTooLargeForADoubleAreOutOfRange() throws {
        // Found by FuzzJSON: as infinity, they could not be written back.
        #expect(parseError("[1, 2.5e400]") == located("number out of range", line: 1, column: 5, offset: 4))
        #expect(parseError("-1e309") == located("number out of range", line: 1, column: 1, offset: 0))
        #expect(try JSONParser.parse("1e308") == .double(1e308))
        #expect(try JSONParser.parse("1e-400") == .double(0), "underflow reads as zero, which writes back")
        #expect(try JSONParser.parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
    }

    // MARK: Nesting

    @Test func nestingUpToMaximumDepthIsAccepted() throws {
        let depth = JSONParser.maximumDepth
        var value = try JSONParser.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var levels = 0
        while case .array(let items) = value {
            levels += 1
            guard let first = items.first else { break }
            value = first
        }
        #expect(levels == depth)
    }

    @Test func arraysNestedDeeperThanMaximumDepthAreAnError() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(parseError(text) == located("nesting deeper than 512 levels", line: 1, column: 513, offset: 512))
    }

    @Test func objectsNestedDeeperThanMaximumDepthAreAnError() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(parseError(text) == located("nesting deeper than 512 levels", line: 1, column: 2561, offset: 2560))
    }

    @Test func veryDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 200_000)
        #expect(parseError(text) == located("nesting deeper than 512 levels", line: 1, column: 513, offset: 512))
    }
}
