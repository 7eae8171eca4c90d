/// A trait that tells the layout how a component wants to be placed; an open set of strings.
public struct LayoutTrait: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    /// Takes part of the width, with margins to the sides and to its neighbours.
    public static let compactWidth: LayoutTrait = "compact_width"
    /// Takes the full width: no side margins.
    public static let fullWidth: LayoutTrait = "full_width"
    /// No vertical margin between two stackable components, nor to the top and bottom edges.
    public static let stackable: LayoutTrait = "stackable"
    /// Rows of centered components are centered; centered and other components never share a row.
    public static let centered: LayoutTrait = "centered"
    /// No margin above it, whatever precedes it.
    public static let alwaysStackUpwards: LayoutTrait = "always_stack_upwards"
}
