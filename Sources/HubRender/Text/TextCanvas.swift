/// A clipped view of a text surface for one component's frame; coordinates are relative to
/// the frame's top-left corner and nothing is drawn outside the frame. Any `Int` is a valid
/// coordinate or size (offsets saturate, as ``Rect``'s edges do), and drawing clips to the
/// canvas before it loops, so it costs at most the canvas's cells however large the request.
public final class TextCanvas {
    private let surface: TextSurface
    /// The canvas's frame on the surface.
    public let frame: Rect
    private let clip: Rect

    init(surface: TextSurface, frame: Rect, clip: Rect) {
        self.surface = surface
        self.frame = frame
        self.clip = clip.intersection(frame)
    }

    /// Columns available.
    public var width: Int { frame.width }
    /// Rows available.
    public var height: Int { frame.height }
    /// The characters lines and boxes are drawn with.
    public var boxCharacters: BoxCharacters { surface.boxCharacters }

    /// A canvas for `rect` (relative to this one), clipped to this canvas.
    public func canvas(for rect: Rect) -> TextCanvas {
        TextCanvas(
            surface: surface,
            frame: Rect(
                x: frame.x.saturatingAdding(rect.x), y: frame.y.saturatingAdding(rect.y), width: rect.width, height: rect.height),
            clip: clip)
    }

    /// Writes `string` from column `x` of row `y`; a newline continues at column `x` of the next row.
    public func text(_ x: Int, _ y: Int, _ string: String, style: TextStyle = .plain) {
        let style = surface.styleNumber(style)
        let left = frame.x.saturatingAdding(x)
        // One line (nearly all text) is drawn whole after one pass over its bytes.
        var contiguous = string
        let (oneLine, ascii) = contiguous.withUTF8 { ($0.firstIndex(of: UInt8(ascii: "\n")) == nil, !$0.contains { $0 >= 0x80 }) }
        guard oneLine else { return lines(left, y, string, style: style) }
        surface.text(string[...], ascii: ascii, x: left, y: frame.y.saturatingAdding(y), style: style, clip: clip)
    }

    /// ``text(_:_:_:style:)`` of text with line breaks, from surface column `left`. Lines are
    /// found in the UTF-8 bytes: a newline byte is never part of another character's, and is
    /// a character of its own unless it follows a carriage return (CR LF is one character,
    /// not a line break). ASCII lines are then drawn without breaking them into characters.
    private func lines(_ left: Int, _ y: Int, _ string: String, style: UInt16) {
        var row = y
        var start = string.utf8.startIndex
        var previous: UInt8 = 0
        var ascii = true
        for index in string.utf8.indices {
            let byte = string.utf8[index]
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                surface.text(string[start..<index], ascii: ascii, x: left, y: frame.y.saturatingAdding(row), style: style, clip: clip)
                row = row.saturatingAdding(1)
                start = string.utf8.index(after: index)
                ascii = true
            } else if byte >= 0x80 {
                ascii = false
            }
            previous = byte
        }
        surface.text(string[start...], ascii: ascii, x: left, y: frame.y.saturatingAdding(row), style: style, clip: clip)
    }

    /// Fills a rectangle with `character` (a space by default), repeated from its left edge.
    public func fill(_ x: Int, _ y: Int, _ width: Int, _ height: Int, character: Character = " ", style: TextStyle = .plain) {
        let columns = max(1, DisplayWidth.of(character))
        let area = Rect(x: frame.x.saturatingAdding(x), y: frame.y.saturatingAdding(y), width: width, height: height)
        let visible = area.intersection(clip)
        guard visible.width > 0, visible.height > 0 else { return }
        // The first visible column a character starts at: a whole number of characters from
        // the area's left edge (exact here: an area that reaches the surface has not saturated).
        let first = visible.x + ((area.x % columns - visible.x % columns) % columns + columns) % columns
        let count = first > visible.maxX - columns ? 0 : (visible.maxX - columns - first) / columns + 1
        guard count > 0 else { return }
        let style = surface.styleNumber(style)
        for row in visible.y..<visible.maxY {
            surface.fill(character, columns: columns, count: count, x: first, y: row, style: style, clip: clip)
        }
    }

    /// Draws a horizontal line `length` columns long.
    public func hline(_ x: Int, _ y: Int, _ length: Int, style: TextStyle = .plain) {
        fill(x, y, length, 1, character: boxCharacters.horizontal, style: style)
    }

    /// Draws a vertical line `length` rows long.
    public func vline(_ x: Int, _ y: Int, _ length: Int, style: TextStyle = .plain) {
        fill(x, y, 1, length, character: boxCharacters.vertical, style: style)
    }

    /// Draws the outline of a rectangle.
    public func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int, style: TextStyle = .plain) {
        guard width >= 2, height >= 2 else {
            if height == 1 { hline(x, y, width, style: style) } else if width == 1 { vline(x, y, height, style: style) }
            return
        }
        let chars = boxCharacters
        let (right, bottom) = (x.saturatingAdding(width - 1), y.saturatingAdding(height - 1))
        hline(x.saturatingAdding(1), y, width - 2, style: style)
        hline(x.saturatingAdding(1), bottom, width - 2, style: style)
        vline(x, y.saturatingAdding(1), height - 2, style: style)
        vline(right, y.saturatingAdding(1), height - 2, style: style)
        text(x, y, String(chars.topLeft), style: style)
        text(right, y, String(chars.topRight), style: style)
        text(x, bottom, String(chars.bottomLeft), style: style)
        text(right, bottom, String(chars.bottomRight), style: style)
    }
}
