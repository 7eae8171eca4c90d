/// A navigation bar's content: Hub Framework's navigation item, reduced to what text shows.
public struct NavigationItem: Equatable, Sendable {
    /// The title shown in the navigation bar.
    public var title: String?

    /// A navigation item with `title`.
    public init(title: String?) {
        self.title = title
    }
}

/// An icon by identifier; how it looks is up to the icon resolver.
public struct Icon: Equatable, Sendable {
    /// The icon's identifier, e.g. `play`.
    public var identifier: String
    /// Whether this icon stands in for an image that is not loaded yet.
    public var isPlaceholder: Bool

    /// An icon with `identifier`, marked as a placeholder or not.
    public init(identifier: String, isPlaceholder: Bool) {
        self.identifier = identifier
        self.isPlaceholder = isPlaceholder
    }
}
