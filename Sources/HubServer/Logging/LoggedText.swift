/// Text a client sent (a URI, a detail that echoes one) or a script made (what it prints, the
/// errors it raises) as a log line takes it: at most 1 KiB of a client's, so that no request,
/// however large, is logged whole, and no control character of anyone's, so that a record is
/// one line.
enum LoggedText {
    /// The most bytes of such text a log line takes.
    static let maxBytes = 1_024

    /// `text`, when longer than ``maxBytes`` in UTF-8, cut there (at a whole character) and
    /// followed by its length: `/views/aaa… (75012 bytes)`.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var kept = 0
        var end = text.unicodeScalars.startIndex
        for scalar in text.unicodeScalars {
            kept += UTF8.width(scalar)
            guard kept <= maxBytes else { break }
            end = text.unicodeScalars.index(after: end)
        }
        return String(text.unicodeScalars[..<end]) + "… (\(text.utf8.count) bytes)"
    }

    /// `text` with its control characters written out, so that what it holds (a script's
    /// `print`, an error's message, a URI) stays inside its log record and cannot end the line
    /// or start another: a line feed, carriage return and tab as `\n`, `\r` and `\t`; any other
    /// C0 control, DEL, a C1 control (U+0080–U+009F) and the line and paragraph separators
    /// (U+2028, U+2029) in Swift's notation, upper-case hex: `\u{1B}`, `\u{7F}`, `\u{2028}`.
    /// Everything else stays as it is, a backslash too. Text with none is returned as it is.
    static func escaped(_ text: String) -> String {
        guard mayNeedEscaping(text) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: escaped += "\\n"
            case 0x0D: escaped += "\\r"
            case 0x09: escaped += "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `text` has a byte that may begin a character ``escaped(_:)`` writes out: a C0
    /// control or DEL, or the first byte of a C1 control (0xC2) or of U+2028 and U+2029 (0xE2).
    /// Most lines have none, and are checked at the speed of a byte scan.
    private static func mayNeedEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 } }
    }

    /// A duration with one decimal, rounded half up: `12.3`, `0.0` (what `%.1f` writes but for
    /// exact halves). `String(format:)` cost more than answering a kept view.
    static func tenths(_ value: Double) -> String {
        guard value >= 0, let tenths = Int(exactly: (value * 10).rounded()) else { return "\(value)" }
        return "\(tenths / 10).\(tenths % 10)"
    }
}
