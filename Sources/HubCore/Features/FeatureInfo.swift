/// The identity of a feature, handed to content operations and action contexts.
public struct FeatureInfo: Equatable, Sendable {
    /// The feature's identifier, e.g. `cities`.
    public var identifier: String
    /// The feature's title, e.g. `Cities`.
    public var title: String

    /// Feature info from an identifier and a title.
    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }
}
