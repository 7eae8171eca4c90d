/// A grid of character cells that components draw into, turned into lines of text at the end.
public final class TextSurface {
    enum Cell: Equatable {
        case blank
        case character(Character, wide: Bool)
        /// The right half of a wide character.
        case continuation
    }

    /// Columns wide.
    public let width: Int
    /// Rows high.
    public let height: Int
    /// How lines and boxes are drawn.
    public let boxCharacters: BoxCharacters
    private var cells: [Cell]
    private var styles: [TextStyle]

    /// A blank surface of `width` columns and `height` rows (negative sizes count as zero).
    public init(width: Int, height: Int, boxCharacters: BoxCharacters = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.boxCharacters = boxCharacters
        cells = Array(repeating: .blank, count: self.width * self.height)
        styles = Array(repeating: .plain, count: self.width * self.height)
    }

    /// A canvas covering the whole surface.
    public var canvas: TextCanvas {
        TextCanvas(surface: self, frame: Rect(x: 0, y: 0, width: width, height: height), clip: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// Puts `character` at (`x`, `y`) unless it would cross `clip`; repairs wide characters it overwrites.
    func put(_ character: Character, columns: Int, x: Int, y: Int, style: TextStyle, clip: Rect) {
        guard columns > 0, y >= clip.y, y < clip.maxY, x >= clip.x, x < clip.maxX, columns <= clip.maxX - x else { return }
        let index = y * width + x
        clearWide(at: index, row: y)
        if columns == 2 {
            clearWide(at: index + 1, row: y)
            cells[index] = .character(character, wide: true)
            cells[index + 1] = .continuation
            styles[index + 1] = style
        } else {
            cells[index] = .character(character, wide: false)
        }
        styles[index] = style
    }

    private func clearWide(at index: Int, row: Int) {
        switch cells[index] {
        case .continuation:
            if index - 1 >= row * width { cells[index - 1] = .blank }
        case .character(_, wide: true):
            if index + 1 < (row + 1) * width { cells[index + 1] = .blank }
        default:
            break
        }
        cells[index] = .blank
    }

    private func isBlank(_ cell: Cell) -> Bool {
        cell == .blank || cell == .character(" ", wide: false)
    }

    /// The surface as lines, trailing blanks removed; ANSI styles when `color` is true.
    public func lines(color: Bool) -> [String] {
        (0..<height).map { line(at: $0, color: color) }
    }

    private func line(at row: Int, color: Bool) -> String {
        var end = (row + 1) * width
        let start = row * width
        while end > start, isBlank(cells[end - 1]), !color || styles[end - 1] == .plain { end -= 1 }
        var text = ""
        var current = TextStyle.plain
        for index in start..<end {
            if color && styles[index] != current {
                if current != .plain { text += "\u{1B}[0m" }
                text += styles[index].ansi
                current = styles[index]
            }
            switch cells[index] {
            case .blank: text.append(" ")
            case .character(let character, _): text.append(character)
            case .continuation: break
            }
        }
        if color && current != .plain { text += "\u{1B}[0m" }
        return text
    }
}

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
        var column = x
        var row = y
        for character in string {
            if character == "\n" {
                row = row.saturatingAdding(1)
                column = x
                continue
            }
            let columns = DisplayWidth.of(character)
            surface.put(
                character, columns: columns, x: frame.x.saturatingAdding(column), y: frame.y.saturatingAdding(row), style: style,
                clip: clip)
            column = column.saturatingAdding(columns)
        }
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
        for row in visible.y..<visible.maxY {
            for column in stride(from: first, through: visible.maxX - columns, by: columns) {
                surface.put(character, columns: columns, x: column, y: row, style: style, clip: clip)
            }
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
