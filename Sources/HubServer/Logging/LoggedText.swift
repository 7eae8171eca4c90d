/// Text a client sent (a URI, a detail that echoes one) as a log line takes it: at most 1 KiB,
/// so that no request, however large, is logged whole.
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

    /// A duration with one decimal, rounded half up: `12.3`, `0.0` (what `%.1f` writes but for
    /// exact halves). `String(format:)` cost more than answering a kept view.
    static func tenths(_ value: Double) -> String {
        guard value >= 0, let tenths = Int(exactly: (value * 10).rounded()) else { return "\(value)" }
        return "\(tenths / 10).\(tenths % 10)"
    }
}
