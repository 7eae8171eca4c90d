import Testing

@testable import HubCore

// JSONValue.serialized(pretty:): RFC 8259 text with sorted keys.

struct JSONWriterTests {
    @Test func scalars() {
        #expect(JSONValue.null.serialized() == "null")
        #expect(JSONValue.bool(true).serialized() == "true")
        #expect(JSONValue.bool(false).serialized() == "false")
        #expect(JSONValue.int(15).serialized() == "15")
        #expect(JSONValue.int(-15).serialized() == "-15")
        #expect(JSONValue.int(Int.max).serialized() == "9223372036854775807")
        #expect(JSONValue.string("hello").serialized() == #""hello""#)
    }

    @Test func doublesUseTheirShortestRoundTrippingForm() {
        #expect(JSONValue.double(1.5).serialized() == "1.5")
        #expect(JSONValue.double(2).serialized() == "2.0")
        #expect(JSONValue.double(0.1).serialized() == "0.1")
        #expect(JSONValue.double(-0.25).serialized() == "-0.25")
        #expect(JSONValue.double(1e20).serialized() == "1e+20")
        #expect(JSONValue.double(1e-7).serialized() == "1e-07")
        #expect(JSONValue.double(0.1 + 0.2).serialized() == "0.30000000000000004")
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(JSONValue.double(.nan).serialized() == "null")
    }

    @Test func textLongerThanTheFirstBufferComesOutWhole() {
        // The output buffer starts at 1 KiB and doubles: runs, escapes and numbers straddle it.
        let items: [JSONValue] = (0..<500).map { .array([.string("item \($0) \"quoted\"\n"), .int(-$0)]) }
        let expected = "[" + (0..<500).map { #"["item \#($0) \"quoted\"\n",\#(-$0)]"# }.joined(separator: ",") + "]"
        #expect(JSONValue.array(items).serialized() == expected)
        let long = String(repeating: "abcdefgh", count: 1_000) + "\u{1}"
        #expect(JSONValue.string(long).serialized() == "\"" + String(repeating: "abcdefgh", count: 1_000) + "\\u0001\"")
    }

    @Test func stringEscapes() {
        let string = "quote\" backslash\\ slash/ newline\n tab\t return\r backspace\u{8} formfeed\u{c} nul\u{0} unit\u{1f} del\u{7f}"
        #expect(JSONValue.string(string).serialized()
            == #""quote\" backslash\\ slash/ newline\n tab\t return\r backspace\b formfeed\f nul\u0000 unit\u001f del\#u{7f}""#)
    }

    @Test func nonASCIICharactersAreWrittenAsUTF8() {
        #expect(JSONValue.string("Smörgåsbord 😀 \u{2028}").serialized() == "\"Smörgåsbord 😀 \u{2028}\"")
    }

    @Test func objectKeysAreSorted() {
        let value = JSONValue.object(["b": .int(1), "a": .int(2), "B": .int(3), "ä": .int(4), "": .int(5)])
        #expect(value.serialized() == #"{"":5,"B":3,"a":2,"b":1,"ä":4}"#)
    }

    @Test func compactNesting() {
        let value = JSONValue.object([
            "array": .array([.int(1), .double(2.5), .string("three"), .null, .array([]), .object([:])]),
            "object": .object(["key": .bool(true)]),
        ])
        #expect(value.serialized() == #"{"array":[1,2.5,"three",null,[],{}],"object":{"key":true}}"#)
        #expect(value.serialized(pretty: false) == value.serialized())
    }

    @Test func prettyNesting() {
        let value = JSONValue.object([
            "array": .array([.int(1), .array([.string("nested")]), .array([]), .object([:])]),
            "object": .object(["b": .bool(true), "a": .null]),
            "scalar": .string("value"),
        ])
        #expect(value.serialized(pretty: true) == """
            {
              "array": [
                1,
                [
                  "nested"
                ],
                [],
                {}
              ],
              "object": {
                "a": null,
                "b": true
              },
              "scalar": "value"
            }
            """)
        #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
        #expect(JSONValue.int(1).serialized(pretty: true) == "1")
    }

    @Test func serializedTextParsesBackToTheSameValue() throws {
        let value = JSONValue.object([
            "doubles": .array([.double(0.1), .double(1e-300), .double(.leastNonzeroMagnitude), .double(1.7976931348623157e308), .double(-2)]),
            "ints": .array([.int(0), .int(Int.min), .int(Int.max)]),
            "strings": .array([.string(""), .string("\u{0}\u{1}\u{1f}\"\\/"), .string("é😀")]),
            "nested": .object(["a": .object(["b": .array([.null, .bool(false)])])]),
        ])
        for pretty in [false, true] {
            #expect(try JSONParser.parse(value.serialized(pretty: pretty)) == value)
        }
    }
}
