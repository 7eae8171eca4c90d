import HubCore

/// How a screen is opened: its size in cells, the layout margin, and whether it loads at once.
public struct ScreenOptions: Sendable, Equatable {
    /// Columns.
    public var width: Int
    /// Rows of the whole output, navigation bar included; nil shows all content.
    public var height: Int?
    /// The default layout manager's margin in cells.
    public var margin: Int
    /// Whether to load content (false: show the initial view model only).
    public var load: Bool

    /// Options for `HubDefaults/width` columns, all content, a margin of
    /// `HubDefaults/margin` and loading on, unless given.
    public init(width: Int = HubDefaults.width, height: Int? = nil, margin: Int = HubDefaults.margin, load: Bool = true) {
        self.width = width
        self.height = height
        self.margin = margin
        self.load = load
    }
}
