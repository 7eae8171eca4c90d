import HubCore

/// How to render a view as text.
public struct RenderOptions: Sendable, Equatable {
    /// Columns (default `HubDefaults/width`).
    public var width: Int
    /// Rows of the whole output, navigation bar included; nil shows all content.
    public var height: Int?
    /// Rows the body is scrolled by.
    public var scrollOffset: Int
    /// Plain ASCII lines and boxes instead of Unicode box drawing.
    public var ascii: Bool
    /// ANSI styles.
    public var color: Bool

    /// Options for `HubDefaults/width` columns, all content, no scrolling, Unicode and no
    /// colour by default.
    public init(width: Int = HubDefaults.width, height: Int? = nil, scrollOffset: Int = 0, ascii: Bool = false, color: Bool = false) {
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.ascii = ascii
        self.color = color
    }
}
