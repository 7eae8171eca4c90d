/// What was drawn on a surface, by row and in order: one call's drawing on one row each, kept
/// until the row is written. One value, so that recording a drawing is one access to the
/// surface's storage.
struct TextDrawings {
    /// One call's drawing on one row, clipped to columns `clip`. Columns and links are kept
    /// in 32 bits (a drawing takes 56 bytes, not 80): a tall view records thousands, and a
    /// first render pays for every page they fill.
    struct Drawing {
        enum Content {
            /// Text without line breaks, from column `x`.
            case text(Substring, ascii: Bool)
            /// A character `columns` wide, `count` times from column `x`.
            case fill(Character, columns: Int, count: Int)
        }

        let content: Content
        private let column: Int32
        private let clipStart: Int32
        private let clipEnd: Int32
        let style: UInt16
        /// The row's next drawing, or -1.
        fileprivate var next: Int32 = -1

        /// `content` from column `x`, clipped to columns `clip`. Columns past 32 bits are
        /// clamped: they lie outside any row, and stay there.
        init(content: Content, x: Int, clip: Range<Int>, style: UInt16) {
            self.content = content
            column = Int32(clamping: x)
            clipStart = Int32(clamping: clip.lowerBound)
            clipEnd = Int32(clamping: clip.upperBound)
            self.style = style
        }

        /// The column it starts at.
        var x: Int { Int(column) }
        /// The columns it may draw in.
        var clip: Range<Int> { Int(clipStart)..<Int(clipEnd) }
    }

    private var drawings: [Drawing] = []
    /// Each row's first and last drawing, or -1 while nothing is drawn on it.
    private var rows: [(first: Int32, last: Int32)]

    /// No drawings on `height` rows.
    init(height: Int) {
        rows = Array(repeating: (-1, -1), count: height)
    }

    /// How many drawings there are.
    var count: Int { drawings.count }

    /// Makes room for `count` drawings in all.
    mutating func reserveCapacity(_ count: Int) {
        drawings.reserveCapacity(count)
    }

    /// Adds `drawing` after row `row`'s others.
    mutating func append(_ drawing: Drawing, row: Int) {
        let index = Int32(drawings.count)
        drawings.append(drawing)
        if rows[row].last >= 0 {
            drawings[Int(rows[row].last)].next = index
            rows[row].last = index
        } else {
            rows[row] = (index, index)
        }
    }

    /// Whether anything is drawn on row `row`.
    func isDrawn(_ row: Int) -> Bool {
        rows[row].first >= 0
    }

    /// Calls `body` with row `row`'s drawings, in the order they were made, each where it is
    /// stored (lent, not copied: a copy retained its text).
    func forEach(inRow row: Int, _ body: (borrowing Drawing) -> Void) {
        drawings.withUnsafeBufferPointer { drawings in
            var index = Int(rows[row].first)
            while index >= 0 {
                body(drawings[index])
                index = Int(drawings[index].next)
            }
        }
    }
}
