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
private struct JSONWriter {
    let pretty: Bool
    var output: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): append(String(int))
        case .double(let double): append(double.isFinite ? String(double) : "null")
        case .string(let string): write(string)
        case .array(let elements):
            writeContainer(open: "[", close: "]", elements, depth: depth) { writer, element in
                writer.write(element, depth: depth + 1)
            }
        case .object(let dictionary):
            let keys = dictionary.keys.sorted()
            writeContainer(open: "{", close: "}", keys, depth: depth) { writer, key in
                writer.write(key)
                writer.append(writer.pretty ? ": " : ":")
                writer.write(dictionary[key] ?? .null, depth: depth + 1)
            }
        }
    }

    /// Writes `items` between `open` and `close`, comma-separated, one per line when pretty.
    private mutating func writeContainer<Items: Collection>(
        open: String, close: String, _ items: Items, depth: Int, writeItem: (inout JSONWriter, Items.Element) -> Void
    ) {
        append(open)
        guard !items.isEmpty else {
            append(close)
            return
        }
        for (offset, item) in items.enumerated() {
            if offset > 0 { append(",") }
            newline(depth: depth + 1)
            writeItem(&self, item)
        }
        newline(depth: depth)
        append(close)
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private mutating func write(_ string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }
}
