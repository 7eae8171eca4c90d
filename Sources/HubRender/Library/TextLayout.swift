/// Fitting text into cells: truncation with an ellipsis, word wrapping, alignment.
public enum TextLayout {
    /// `text` cut to `columns` display columns, ending in `…` when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard DisplayWidth.of(text) > columns else { return text }
        return DisplayWidth.prefix(of: text, fitting: columns - 1) + "…"
    }

    /// `text` wrapped at spaces into lines of at most `columns` columns; words longer than a line
    /// are cut. With `maxLines`, the last line ends in `…` when text remains.
    public static func wrap(_ text: String, to columns: Int, maxLines: Int? = nil) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if DisplayWidth.of(candidate) <= columns {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = DisplayWidth.of(word) <= columns ? word : truncate(word, to: columns)
        }
        if !current.isEmpty { lines.append(current) }
        guard let maxLines, lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        if let last = kept.popLast() {
            kept.append(truncate(last + " " + lines[maxLines], to: columns))
        }
        return kept
    }

    /// The column at which `text` starts when centred in `columns`.
    public static func centered(_ text: String, in columns: Int) -> Int {
        max(0, (columns - DisplayWidth.of(text)) / 2)
    }
}
