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

    /// The most columns or rows, either way, a size from a script may have when it reaches a
    /// component: more than any surface that fits in memory, and little enough that the
    /// component's own arithmetic on it (`width - 2`, `x + width + 1`) cannot overflow.
    public static let componentLimit = 1 << 31

    /// This size with its width and height each within ±``componentLimit``.
    public var clampedForComponents: Size {
        func clamp(_ value: Int) -> Int { min(max(value, -Self.componentLimit), Self.componentLimit) }
        return Size(width: clamp(width), height: clamp(height))
    }
}

/// A rectangle in character cells; `x` counts columns from the left, `y` rows from the top.
/// Any `Int` is a valid coordinate or size: edges past `Int`'s ends are taken as `Int.max` or
/// `Int.min`, which lie beyond every surface, so clipping such a rectangle is exact.
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

    /// The first column to the right of the rectangle (saturating at `Int`'s ends).
    public var maxX: Int { x.saturatingAdding(width) }
    /// The first row below the rectangle (saturating at `Int`'s ends).
    public var maxY: Int { y.saturatingAdding(height) }
    /// The rectangle's width and height.
    public var size: Size { Size(width: width, height: height) }

    /// The overlap of two rectangles (zero-sized when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(
            x: left, y: top, width: max(0, right.saturatingSubtracting(left)), height: max(0, bottom.saturatingSubtracting(top)))
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// Arithmetic that stops at `Int`'s ends instead of trapping, for positions, coordinates and
/// sizes that scripts choose. A cell coordinate that far out is beyond every surface that fits
/// in memory, so drawing and clipping with a saturated one give the same cells as the exact one.
extension Int {
    /// `self + other`, or `Int.max` or `Int.min` when the sum is out of range.
    package func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, or `Int.max` or `Int.min` when the difference is out of range.
    package func saturatingSubtracting(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
