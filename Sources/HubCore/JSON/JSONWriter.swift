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
    /// Where the text goes: appending a run of bytes is a capacity check and one copy, where
    /// `Array.append(contentsOf:)` costs more per call than copying a short string does.
    private let bytes = ByteOutput()

    /// The text written so far.
    var output: [UInt8] { bytes.array }

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): write(int)
        case .double(let double):
            if double.isFinite { var text = String(double); text.withUTF8 { bytes.append($0) } } else { append("null") }
        case .string(let string): write(string)
        case .array(let elements):
            writeContainer(open: "[", close: "]", elements, depth: depth) { writer, element in
                writer.write(element, depth: depth + 1)
            }
        case .object(let dictionary):
            var object = openObject(depth: depth)
            // Sorting the members, not the keys, saves looking each key up again; one member
            // needs no sorting (nor the array it is sorted into).
            if dictionary.count == 1, let member = dictionary.first {
                writeKey(member.key, in: &object)
                write(member.value, depth: depth + 1)
            } else {
                for member in dictionary.sorted(by: { $0.key < $1.key }) {
                    writeKey(member.key, in: &object)
                    write(member.value, depth: depth + 1)
                }
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
        startMember(of: &object)
        write(key)
        append(pretty ? ": " : ":")
    }

    /// Starts the member of `object` whose key is `quotedKey` (``quoted(_:)``), up to its value.
    mutating func writeKey(quoted quotedKey: UnsafeBufferPointer<UInt8>, in object: inout OpenObject) {
        startMember(of: &object)
        bytes.append(quotedKey)
        append(pretty ? ": " : ":")
    }

    private mutating func startMember(of object: inout OpenObject) {
        if !object.isEmpty { bytes.append(UInt8(ascii: ",")) }
        object.isEmpty = false
        newline(depth: object.depth + 1)
    }

    /// `key` as a JSON string, quoted and escaped, for ``writeKey(quoted:in:)``.
    static func quoted(_ key: String) -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        writer.write(key)
        return writer.output
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
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            newline(depth: depth + 1)
            writeItem(&self, item)
        }
        newline(depth: depth)
        append(close)
    }

    mutating func newline(depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        // Copied from a run of spaces, which saves appending them one at a time.
        var indent = depth * 2
        while indent > 0 {
            let count = min(indent, JSONWriter.spaces.utf8CodeUnitCount)
            bytes.append(UnsafeBufferPointer(start: JSONWriter.spaces.utf8Start, count: count))
            indent -= count
        }
    }

    private static let spaces: StaticString = "                                "

    /// Writes the decimal digits straight into the output, with no `String` in between.
    private mutating func write(_ int: Int) {
        if int < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = int.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes.reverse(from: start)
    }

    mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        writeEscaped(string)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `identifier` as a JSON string, `"namespace:name"`, with no `String` made of it.
    mutating func write(_ identifier: Identifier) {
        bytes.append(UInt8(ascii: "\""))
        writeEscaped(identifier.namespace)
        bytes.append(UInt8(ascii: ":"))
        writeEscaped(identifier.name)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `string`'s characters as a JSON string's, escaped, without the quotes.
    private mutating func writeEscaped(_ string: String) {
        // The bytes in place when the string has them contiguous (native strings do, small ones
        // on the stack): copying the string to call `withUTF8` costs a retain and a release.
        let output = bytes
        if string.utf8.withContiguousStorageIfAvailable({ output.appendEscaped($0) }) == nil {
            var string = string
            string.withUTF8 { output.appendEscaped($0) }
        }
    }

    mutating func append(_ text: StaticString) {
        bytes.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// A growing buffer of bytes (see ``JSONWriter``).
final class ByteOutput {
    // Unchecked exclusivity: only this buffer's own methods reach these, never re-entrantly; the
    // runtime's access tracking cost more than many an append it guarded.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, as an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Appends `byte`.
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `run`.
    func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let source = run.baseAddress, !run.isEmpty else { return }
        if count + run.count > capacity { grow(toHold: count + run.count) }
        (base + count).initialize(from: source, count: run.count)
        count += run.count
    }

    /// Appends `text` as the characters of a JSON string: with `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
    /// `\t` and other control characters as `\u00XX`.
    func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        // Runs of characters that need no escape are copied whole; the scan is a plain loop
        // over the bytes (an enumerated sequence costs several times as much a byte).
        var runStart = 0
        var index = 0
        while index < text.count {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                appendEscape(byte)
                runStart = index + 1
            }
            index += 1
        }
        append(UnsafeBufferPointer(start: base + runStart, count: text.count - runStart))
    }

    /// Appends the escape of `byte`, a quote, a backslash or a control character.
    private func appendEscape(_ byte: UInt8) {
        let escaped: StaticString
        switch byte {
        case UInt8(ascii: "\""): escaped = "\\\""
        case UInt8(ascii: "\\"): escaped = "\\\\"
        case 0x08: escaped = "\\b"
        case 0x0C: escaped = "\\f"
        case 0x0A: escaped = "\\n"
        case 0x0D: escaped = "\\r"
        case 0x09: escaped = "\\t"
        default:
            let hex: StaticString = "0123456789abcdef"
            escaped = "\\u00"
            append(UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0x0F)])
            return
        }
        append(UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
    }

    /// Reverses the bytes from offset `start` to the end.
    func reverse(from start: Int) {
        var run = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        run.reverse()
    }

    /// Makes room for `needed` bytes, at least doubling.
    private func grow(toHold needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
