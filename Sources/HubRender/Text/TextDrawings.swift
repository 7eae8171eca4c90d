/// What was drawn on a surface, by row and in order: one call's drawing on one row each, kept
/// until the row is written. One value, so that recording a drawing is one access to the
/// surface's storage.
struct TextDrawings {
    /// One call's drawing on one row, clipped to columns `clip`.
    struct Drawing {
        enum Content {
            /// Text without line breaks, from column `x`.
            case text(Substring, ascii: Bool)
            /// A character `columns` wide, `count` times from column `x`.
            case fill(Character, columns: Int, count: Int)
        }

        let content: Content
        let x: Int
        let clip: Range<Int>
        let style: UInt16
        /// The row's next drawing, or -1.
        var next = -1
    }

    private var drawings: [Drawing] = []
    /// Each row's first and last drawing, or -1 while nothing is drawn on it.
    private var rows: [(first: Int, last: Int)]

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
        let index = drawings.count
        drawings.append(drawing)
        if rows[row].last >= 0 {
            drawings[rows[row].last].next = index
            rows[row].last = index
        } else {
            rows[row] = (index, index)
        }
    }

    /// Whether anything is drawn on row `row`.
    func isDrawn(_ row: Int) -> Bool {
        rows[row].first >= 0
    }

    /// Calls `body` with row `row`'s drawings, in the order they were made.
    func forEach(inRow row: Int, _ body: (Drawing) -> Void) {
        var index = rows[row].first
        while index >= 0 {
            body(drawings[index])
            index = drawings[index].next
        }
    }
}
