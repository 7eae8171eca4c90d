/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and other zero-width characters none, everything else one.
public enum DisplayWidth {
    /// The columns one character (grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return of(first)
    }

    /// The columns a string takes.
    public static func of(_ string: some StringProtocol) -> Int {
        // ASCII text is measured a byte at a time, without breaking it into characters.
        if let width = string.utf8.withContiguousStorageIfAvailable(asciiWidth), let width { return width }
        var width = 0
        for character in string { width += of(character) }
        return width
    }

    /// The columns one scalar takes.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }

    /// The longest prefix of `string` that fits in `columns`, never splitting a wide character.
    public static func prefix(of string: String, fitting columns: Int) -> String {
        // ASCII text that fits, as most does, is returned as is without a walk by character.
        if let width = string.utf8.withContiguousStorageIfAvailable(asciiWidth), let width, width <= columns { return string }
        var width = 0
        var end = string.startIndex
        for index in string.indices {
            let characterWidth = of(string[index])
            if width + characterWidth > columns { break }
            width += characterWidth
            end = string.index(after: index)
        }
        return String(string[..<end])
    }

    /// The columns of ASCII `bytes` (printable characters take one, control characters none);
    /// nil when they are not all ASCII.
    private static func asciiWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var width = 0
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte >= 0x20 && byte < 0x7F { width += 1 }
        }
        return width
    }
}
