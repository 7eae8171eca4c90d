/// Where a JSON text went wrong: 1-based line and column (in characters), and the byte offset.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unterminated string`.
    public var message: String
    /// The 1-based line of the offending character.
    public var line: Int
    /// The 1-based column of the offending character, counted in Unicode scalars.
    public var column: Int
    /// The 0-based byte offset of the offending character.
    public var offset: Int

    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(message)"
    }

    /// This error as a content error. With a `source` (a file name, say) its location is
    /// `source:line:column` and its message `malformed JSON: message (byte offset)`; without one,
    /// the message says where: `malformed JSON at line L, column C (byte offset): message`.
    public func contentError(source: String?) -> ContentError {
        guard let source else {
            return ContentError(domain: JSONDomain.name, code: JSONDomain.invalidJSON, message: "malformed JSON at \(self)")
        }
        return ContentError(
            domain: JSONDomain.name, code: JSONDomain.invalidJSON, message: "malformed JSON: \(message) (byte \(offset))",
            location: "\(source):\(line):\(column)")
    }
}

/// A strict RFC 8259 JSON parser that reports errors with line, column and byte offset.
///
/// Nesting deeper than ``maximumDepth`` is an error, never a stack overflow.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses `text` as one JSON value.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(bytes: buffer) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 `bytes` as one JSON value.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        try parseDocument(bytes: bytes) { parser throws(JSONParseError) in try parser.parseValue(depth: 0) }
    }

    /// What `read` makes of the one JSON value in `bytes`, which it reads from its start, with
    /// nothing but whitespace around it.
    static func parseDocument<Result>(
        bytes: UnsafeBufferPointer<UInt8>, _ read: (inout JSONParser) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let result = try read(&parser)
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error("unexpected trailing characters after the JSON value")
        }
        return result
    }

    /// Parses the UTF-8 `data` as one JSON value.
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(bytes: buffer) }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The members of the objects being parsed, innermost last: one buffer shared by all
    /// nesting levels, so each object is built once at its exact size instead of growing (and
    /// rehashing) member by member.
    private var members: [(key: String, value: JSONValue)] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? position, bytes.count)
        let (line, column) = lineAndColumn(at: offset)
        return JSONParseError(message: message, line: line, column: column, offset: offset)
    }

    /// The 1-based line and column (in Unicode scalars) of the byte at `offset`.
    private func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// The 1-based line and column where the value at `pointer` starts in `text`, for messages
    /// about that value; nil when `text` holds no value there or does not parse up to it. With
    /// duplicate keys it is the last one's value, the one parsing keeps.
    public static func location(of pointer: JSONPointer, in text: String) -> (line: Int, column: Int)? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            parser.skipWhitespace()
            for step in pointer.steps {
                guard let start = try? parser.start(of: step) else { return nil }
                parser.position = start
            }
            return parser.lineAndColumn(at: parser.position)
        }
    }

    /// The offset where the value that `step` leads to, from the value at the current position,
    /// starts; nil when it has none.
    private mutating func start(of step: JSONPointer.Step) throws(JSONParseError) -> Int? {
        var found: Int?
        switch (step, current) {
        case (.key(let wanted), UInt8(ascii: "{")):
            position += 1
            skipWhitespace()
            while current == UInt8(ascii: "\"") {
                let key = try parseString()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return found }
                position += 1
                skipWhitespace()
                if key == wanted { found = position }
                _ = try parseValue(depth: 1)
                skipWhitespace()
                guard current == UInt8(ascii: ",") else { return found }
                position += 1
                skipWhitespace()
            }
        case (.index(let wanted), UInt8(ascii: "[")):
            position += 1
            for _ in 0..<wanted {
                skipWhitespace()
                _ = try parseValue(depth: 1)
                skipWhitespace()
                guard current == UInt8(ascii: ",") else { return nil }
                position += 1
            }
            skipWhitespace()
            return current == UInt8(ascii: "]") ? nil : position
        default:
            break
        }
        return found
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for index in 0..<count {
            guard position < bytes.count, bytes[position] == expected[index] else {
                throw error("invalid literal, expected '\(literal)'", at: start)
            }
            position += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        let base = members.count
        try parseMembers(depth: depth) { parser throws(JSONParseError) in try parser.parseString() } value: { parser, key throws(JSONParseError) in
            parser.members.append((key, try parser.parseValue(depth: depth)))
        }
        return .object(popObject(from: base))
    }

    /// Parses the object at the current position, whose nesting depth is `depth`: `readKey`
    /// reads each member's key (at its opening quote), `readValue` its value (at its first
    /// character; values in the object are parsed at `depth`).
    @inline(__always)
    mutating func parseMembers<Key>(
        depth: Int, key readKey: (inout JSONParser) throws(JSONParseError) -> Key,
        value readValue: (inout JSONParser, Key) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw current == nil ? error("unexpected end of input in an object") : error("expected a string key in an object")
            }
            let key = try readKey(&self)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw current == nil ? error("unexpected end of input in an object") : error("expected ':' after an object key")
            }
            position += 1
            skipWhitespace()
            try readValue(&self, key)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            case nil: throw error("unexpected end of input in an object")
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    /// The object of the members from `base` on, which leave the buffer; of duplicate keys the
    /// last one wins.
    private mutating func popObject(from base: Int) -> JSONDictionary {
        var object = JSONDictionary(minimumCapacity: members.count - base)
        for index in base..<members.count {
            object[members[index].key] = members[index].value
        }
        members.removeSubrange(base...)
        return object
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        var array: [JSONValue] = []
        try parseElements(depth: depth) { parser throws(JSONParseError) in array.append(try parser.parseValue(depth: depth)) }
        return .array(array)
    }

    /// Parses the array at the current position, whose nesting depth is `depth`: `readElement`
    /// reads each element (at its first character; elements are parsed at `depth`).
    @inline(__always)
    mutating func parseElements(depth: Int, _ readElement: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try readElement(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return
            case nil: throw error("unexpected end of input in an array")
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        let token = try scanString()
        return try decode(token)
    }

    /// A string's text between its quotes, before unescaping and validation.
    struct StringToken {
        /// The bytes between the quotes.
        let raw: UnsafeBufferPointer<UInt8>
        /// Where `raw` starts in the text.
        let start: Int
        /// Whether `raw` holds a backslash.
        let hasEscapes: Bool

        /// Whether `raw` is the string itself: no escapes, ASCII alone.
        var isPlainASCII: Bool {
            !hasEscapes && JSONParser.isASCII(raw)
        }
    }

    /// Moves past the string at the current position (at its opening quote).
    mutating func scanString() throws(JSONParseError) -> StringToken {
        let start = position
        position += 1
        let contentStart = position
        var hasEscapes = false
        while true {
            // Plain characters in a tight loop: most strings are nothing else.
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                bytes[position] >= 0x20 {
                position += 1
            }
            guard let byte = current else { throw error("unterminated string", at: start) }
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 2
                continue
            }
            // The tight loop stops only at these three, so this is a control character.
            throw error("control character in a string (escape it)")
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[contentStart..<position])
        position += 1
        return StringToken(raw: raw, start: contentStart, hasEscapes: hasEscapes)
    }

    /// The string `token` holds, unescaped and validated.
    func decode(_ token: StringToken) throws(JSONParseError) -> String {
        let raw = token.raw
        if !token.hasEscapes {
            // ASCII needs no validation, and `String(decoding:)` takes it without the generic
            // validating initialiser's cost (most of a string's parse time otherwise).
            if JSONParser.isASCII(raw) { return String(decoding: raw, as: UTF8.self) }
            guard let string = String(validating: raw, as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: token.start + invalidUTF8Offset(raw))
            }
            return string
        }
        return try unescape(raw, from: token.start)
    }

    private static func isASCII(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in raw { bits |= byte }
        return bits < 0x80
    }

    private func invalidUTF8Offset(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        var iterator = raw.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, from base: Int) throws(JSONParseError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < raw.count else { throw error("invalid escape at the end of a string", at: base + index) }
            let escape = raw[index + 1]
            switch escape {
            case UInt8(ascii: "\""): output.append(0x22)
            case UInt8(ascii: "\\"): output.append(0x5C)
            case UInt8(ascii: "/"): output.append(0x2F)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalarValue = try hexQuad(raw, at: index + 2, base: base)
                index += 6
                if (0xD800...0xDBFF).contains(scalarValue) {
                    guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a \\u escape", at: base + index - 6)
                    }
                    let low = try hexQuad(raw, at: index + 2, base: base)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("invalid low surrogate in a \\u escape", at: base + index)
                    }
                    scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalarValue) {
                    throw error("unpaired surrogate in a \\u escape", at: base + index - 6)
                }
                guard let scalar = Unicode.Scalar(scalarValue) else {
                    throw error("invalid \\u escape", at: base + index - 6)
                }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                continue
            default:
                throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))' in a string", at: base + index)
            }
            index += 2
        }
        guard let string = String(validating: output, as: UTF8.self) else {
            // Escapes decode to valid UTF-8, so the invalid byte is in the raw text.
            throw error("invalid UTF-8 in a string", at: base + invalidUTF8Offset(raw))
        }
        return string
    }

    private func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at index: Int, base: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= raw.count else { throw error("incomplete \\u escape", at: base + index - 2) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = raw[index + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape", at: base + index + offset)
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var isInteger = true
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("invalid number", at: start) }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let digit = current, isDigit(digit) else { throw error("expected a digit after '.' in a number") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else { throw error("expected a digit in a number's exponent") }
            skipDigits()
        }
        if isInteger, let value = integer(from: start) { return .int(value) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        // RFC 8259 lets a parser limit the range of numbers: one too large for a double would
        // read as infinity, which JSON cannot write back.
        guard value.isFinite else { throw error("number out of range", at: start) }
        return .double(value)
    }

    /// The integer written from `start` to the current position (an optional minus, then
    /// digits), read straight from the bytes rather than through a `String`; nil when it does
    /// not fit in an `Int`.
    private func integer(from start: Int) -> Int? {
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for index in (negative ? start + 1 : start)..<position {
            // Accumulated negatively so that `Int.min` fits.
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.subtractingReportingOverflow(Int(bytes[index] &- UInt8(ascii: "0")))
            if overflowA || overflowB { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }
}
