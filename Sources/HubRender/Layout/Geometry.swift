/// A size in character cells: columns wide, rows high.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Columns wide.
    public var width: Int
    /// Rows high.
    public var height: Int

    /// A size of `width` columns and `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No columns and no rows.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in character cells; `x` counts columns from the left, `y` rows from the top.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The leftmost column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns wide.
    public var width: Int
    /// Rows high.
    public var height: Int

    /// A rectangle at column `x` and row `y`, `width` columns wide and `height` rows high.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The first column to the right of the rectangle.
    public var maxX: Int { x + width }
    /// The first row below the rectangle.
    public var maxY: Int { y + height }
    /// The rectangle's width and height.
    public var size: Size { Size(width: width, height: height) }

    /// The overlap of two rectangles (zero-sized when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
