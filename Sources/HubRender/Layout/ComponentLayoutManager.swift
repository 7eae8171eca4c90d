/// An edge of the content area.
public enum ContentEdge: String, Sendable, CaseIterable {
    case top
    case right
    case bottom
    case left
}

/// Computes the margins between components, and between components and the content edges,
/// from their layout traits. All values are in cells.
public protocol ComponentLayoutManager {
    /// The margin between a component and a content edge.
    func margin(for traits: Set<LayoutTrait>, to edge: ContentEdge) -> Int
    /// The vertical margin between a first-row component and the header above it.
    func verticalMargin(for traits: Set<LayoutTrait>, toHeaderWith headerTraits: Set<LayoutTrait>) -> Int
    /// The horizontal margin to the preceding component on the row; a value at least the
    /// remaining width moves the component to a new row.
    func horizontalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int
    /// The vertical margin to a component of the row above.
    func verticalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int
    /// A horizontal shift applied to a finished row, given the traits of its components, the
    /// leading offset of its first component and the trailing space after its last one.
    func horizontalOffset(forRowWith traits: [Set<LayoutTrait>], firstLeading: Int, lastTrailing: Int) -> Int
}

/// Hub Framework's default layout manager, with one margin for everything.
public struct DefaultComponentLayoutManager: ComponentLayoutManager {
    /// The margin in cells.
    public var margin: Int

    /// A layout manager that uses `margin` cells wherever a margin applies.
    public init(margin: Int) {
        self.margin = margin
    }

    public func margin(for traits: Set<LayoutTrait>, to edge: ContentEdge) -> Int {
        switch edge {
        case .top, .bottom: return traits.contains(.stackable) ? 0 : margin
        case .left, .right: return traits.contains(.fullWidth) ? 0 : margin
        }
    }

    public func verticalMargin(for traits: Set<LayoutTrait>, toHeaderWith headerTraits: Set<LayoutTrait>) -> Int {
        verticalMargin(for: traits, preceding: headerTraits)
    }

    public func horizontalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        if traits.contains(.fullWidth) { return 0 }
        if traits.contains(.centered) != preceding.contains(.centered) { return Int.max }
        return margin
    }

    public func verticalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        if traits.contains(.alwaysStackUpwards) { return 0 }
        if traits.contains(.stackable) && preceding.contains(.stackable) { return 0 }
        return margin
    }

    public func horizontalOffset(forRowWith traits: [Set<LayoutTrait>], firstLeading: Int, lastTrailing: Int) -> Int {
        guard !traits.isEmpty, traits.allSatisfy({ $0.contains(.centered) }) else { return 0 }
        return Int(((Double(firstLeading) + Double(lastTrailing)) / 2 - Double(firstLeading)).rounded(.down))
    }
}
