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
        if !object.isEmpty { bytes.append(UInt8(ascii: ",")) }
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
        var string = string
        string.withUTF8 { text in
            guard let base = text.baseAddress else { return }
            // Runs of characters that need no escape are copied whole; the scan is a plain loop
            // over the bytes (an enumerated sequence costs several times as much a byte).
            var runStart = 0
            var index = 0
            while index < text.count {
                let byte = base[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    bytes.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                    writeEscape(byte)
                    runStart = index + 1
                }
                index += 1
            }
            bytes.append(UnsafeBufferPointer(start: base + runStart, count: text.count - runStart))
        }
        bytes.append(UInt8(ascii: "\""))
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
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    mutating func append(_ text: StaticString) {
        bytes.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// A growing buffer of bytes (see ``JSONWriter``).
final class ByteOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

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
