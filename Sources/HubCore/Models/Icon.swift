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
