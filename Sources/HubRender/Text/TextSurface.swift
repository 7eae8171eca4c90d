/// A grid of character cells that components draw into, turned into lines of text at the end.
///
/// The surface records what is drawn on each row (a few dozen bytes a call) and replays a
/// row's drawing into one row of cells when it writes that line, so a tall view costs memory
/// for what its components draw, not for every cell of its whole height.
public final class TextSurface {
    /// Columns wide.
    public let width: Int
    /// Rows high.
    public let height: Int
    /// How lines and boxes are drawn.
    public let boxCharacters: BoxCharacters
    // Unchecked exclusivity: only the surface's own methods reach these, never re-entrantly, and
    // a runtime check on every drawing recorded and every row written costs more than the record.
    @exclusivity(unchecked) private var styleTable = TextStyleTable()
    @exclusivity(unchecked) private var drawings: TextDrawings
    private typealias Drawing = TextDrawings.Drawing

    /// A blank surface of `width` columns and `height` rows (negative sizes count as zero).
    public init(width: Int, height: Int, boxCharacters: BoxCharacters = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.boxCharacters = boxCharacters
        drawings = TextDrawings(height: self.height)
    }

    /// A canvas covering the whole surface.
    public var canvas: TextCanvas {
        TextCanvas(surface: self, frame: Rect(x: 0, y: 0, width: width, height: height), clip: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// How many drawing calls the surface recorded (one per row each call draws on).
    var drawingCount: Int { drawings.count }

    /// Makes room for `count` recorded drawings in all, as many as a similar surface took:
    /// growing the record by doubling copies it several times over.
    func reserveCapacity(drawings count: Int) {
        drawings.reserveCapacity(count)
    }

    /// The number drawings store for `style`.
    func styleNumber(_ style: TextStyle) -> UInt16 {
        styleTable.number(of: style)
    }

    /// Draws `segment` (text without line breaks; `ascii` when it is all ASCII) from column `x`
    /// of row `y`, within `clip`.
    func text(_ segment: Substring, ascii: Bool, x: Int, y: Int, style: UInt16, clip: Rect) {
        guard !segment.isEmpty else { return }
        record(Drawing(content: .text(segment, ascii: ascii), x: x, clip: clip.x..<clip.maxX, style: style), y: y, clip: clip)
    }

    /// Draws `character`, `columns` wide, `count` times from column `x` of row `y`, within `clip`.
    func fill(_ character: Character, columns: Int, count: Int, x: Int, y: Int, style: UInt16, clip: Rect) {
        record(Drawing(content: .fill(character, columns: columns, count: count), x: x, clip: clip.x..<clip.maxX, style: style), y: y, clip: clip)
    }

    /// Adds `drawing` to row `y`'s, unless the row is clipped or the drawing starts right of the
    /// clip (every character it draws would then be cut).
    private func record(_ drawing: Drawing, y: Int, clip: Rect) {
        guard y >= clip.y, y < clip.maxY, drawing.x < clip.maxX, clip.width > 0 else { return }
        drawings.append(drawing, row: y)
    }

    /// The surface as lines, trailing blanks removed; ANSI styles when `color` is true.
    public func lines(color: Bool) -> [String] {
        var row = TextRow(width: width, asciiOnly: boxCharacters.isASCII)
        var bytes: [UInt8] = []
        return (0..<height).map { y in
            bytes.removeAll(keepingCapacity: true)
            write(y, color: color, through: &row, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The surface as text: ``lines(color:)`` joined by newlines, with a final newline (a
    /// surface with no rows is one newline), written straight into one buffer (no `String`
    /// per line).
    public func text(color: Bool) -> String {
        text(color: color, expectedBytes: 0)
    }

    /// ``text(color:)``, with room made at once for `expectedBytes` (as many as a similar
    /// surface's text took): growing the text by doubling copies it several times over.
    func text(color: Bool, expectedBytes: Int) -> String {
        var row = TextRow(width: width, asciiOnly: boxCharacters.isASCII)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(drawings.count * 16 + height, expectedBytes))
        for y in 0..<height {
            if y > 0 { bytes.append(UInt8(ascii: "\n")) }
            write(y, color: color, through: &row, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes row `y` as UTF-8 by replaying its drawings into `row`.
    private func write(_ y: Int, color: Bool, through row: inout TextRow, to bytes: inout [UInt8]) {
        guard drawings.isDrawn(y) else { return }
        row.clear()
        drawings.forEach(inRow: y) { drawing in
            switch drawing.content {
            case .text(let segment, let ascii):
                row.text(segment, ascii: ascii, x: drawing.x, style: drawing.style, clip: drawing.clip)
            case .fill(let character, let columns, let count):
                row.fill(character, columns: columns, count: count, x: drawing.x, style: drawing.style, clip: drawing.clip)
            }
        }
        row.write(ansi: color ? styleTable.ansi : nil, to: &bytes)
    }
}
