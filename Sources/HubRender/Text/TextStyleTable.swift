/// The styles drawn on one surface, each numbered once, so that a drawing stores a two-byte
/// number instead of a `TextStyle` (a colour `String` and five flags). Number 0 is plain.
struct TextStyleTable {
    /// Numbers of styles without a colour (nearly all), by their five flags: found without
    /// hashing. `unnumbered` where not numbered yet.
    private var uncolored = [UInt16](repeating: unnumbered, count: 32)
    private var colored: [TextStyle: UInt16] = [:]
    /// Each style's ANSI sequence as UTF-8, by number, worked out once per style.
    private(set) var ansi: [[UInt8]] = []

    /// The number of plain text.
    static let plain: UInt16 = 0
    private static let unnumbered = UInt16.max

    init() {
        _ = number(of: .plain)
    }

    /// The number of `style`, numbering it when new. A surface tells apart 65,535 styles (Lua
    /// scripts can name about 300); later new ones share the last number.
    mutating func number(of style: TextStyle) -> UInt16 {
        guard style.color == nil else {
            if let number = colored[style] { return number }
            let number = add(style)
            colored[style] = number
            return number
        }
        var flags = 0
        if style.bold { flags |= 1 }
        if style.dim { flags |= 2 }
        if style.italic { flags |= 4 }
        if style.underline { flags |= 8 }
        if style.inverse { flags |= 16 }
        if uncolored[flags] == Self.unnumbered { uncolored[flags] = add(style) }
        return uncolored[flags]
    }

    private mutating func add(_ style: TextStyle) -> UInt16 {
        guard ansi.count < Int(Self.unnumbered) else { return Self.unnumbered - 1 }
        ansi.append(Array(style.ansi.utf8))
        return UInt16(ansi.count - 1)
    }
}
