/// A navigation bar's content: Hub Framework's navigation item, reduced to what text shows.
public struct NavigationItem: Equatable, Sendable {
    /// The title shown in the navigation bar.
    public var title: String?

    /// A navigation item with `title`.
    public init(title: String?) {
        self.title = title
    }
}
