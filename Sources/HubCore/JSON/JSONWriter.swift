extension JSONValue {
    /// This value as RFC 8259 JSON text: object keys sorted (so equal values give equal text),
    /// strings escaped (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control characters as
    /// `\u00XX`), integers without a fraction, floating-point numbers in their shortest form
    /// that reads back to the same number (non-finite ones as `null`). `pretty` puts each
    /// member and element on its own line, indented by two spaces per level.
    public func serialized(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self, depth: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

/// Writes JSON text as UTF-8 bytes.
struct JSONWriter {
    let pretty: Bool
    var output: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): write(int)
        case .double(let double):
            if double.isFinite { output.append(contentsOf: String(double).utf8) } else { append("null") }
        case .string(let string): write(string)
        case .array(let elements):
            writeContainer(open: "[", close: "]", elements, depth: depth) { writer, element in
                writer.write(element, depth: depth + 1)
            }
        case .object(let dictionary):
            var object = openObject(depth: depth)
            // Sorting the members, not the keys, saves looking each key up again.
            for member in dictionary.sorted(by: { $0.key < $1.key }) {
                writeKey(member.key, in: &object)
                write(member.value, depth: depth + 1)
            }
            close(object)
        }
    }

    /// An object being written: its depth, and whether it has members yet.
    struct OpenObject {
        let depth: Int
        var isEmpty = true
    }

    /// Starts an object at `depth`; write its members with ``writeKey(_:in:)`` and a value each
    /// (at `depth + 1`), then ``close(_:)`` it.
    mutating func openObject(depth: Int) -> OpenObject {
        append("{")
        return OpenObject(depth: depth)
    }

    /// Starts the member `key` of `object`, up to its value.
    mutating func writeKey(_ key: String, in object: inout OpenObject) {
        if !object.isEmpty { output.append(UInt8(ascii: ",")) }
        object.isEmpty = false
        newline(depth: object.depth + 1)
        write(key)
        append(pretty ? ": " : ":")
    }

    /// Ends `object`.
    mutating func close(_ object: OpenObject) {
        if !object.isEmpty { newline(depth: object.depth) }
        append("}")
    }

    /// Writes `items` between `open` and `close`, comma-separated, one per line when pretty.
    mutating func writeContainer<Items: Collection>(
        open: StaticString, close: StaticString, _ items: Items, depth: Int, writeItem: (inout JSONWriter, Items.Element) -> Void
    ) {
        append(open)
        guard !items.isEmpty else {
            append(close)
            return
        }
        var first = true
        for item in items {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            newline(depth: depth + 1)
            writeItem(&self, item)
        }
        newline(depth: depth)
        append(close)
    }

    mutating func newline(depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        // Copied from a run of spaces, which saves appending them one at a time.
        var indent = depth * 2
        while indent > 0 {
            let count = min(indent, JSONWriter.spaces.utf8CodeUnitCount)
            output.append(contentsOf: UnsafeBufferPointer(start: JSONWriter.spaces.utf8Start, count: count))
            indent -= count
        }
    }

    private static let spaces: StaticString = "                                "

    /// Writes the decimal digits straight into the output, with no `String` in between.
    private mutating func write(_ int: Int) {
        if int < 0 { output.append(UInt8(ascii: "-")) }
        let start = output.count
        var rest = int.magnitude
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        output[start...].reverse()
    }

    mutating func write(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Runs of characters that need no escape are copied whole.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(byte)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes the escape of `byte`, a quote, a backslash or a control character.
    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            output.append(hex.utf8Start[Int(byte >> 4)])
            output.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    mutating func append(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
