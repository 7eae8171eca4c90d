/// The namespace, name and category every new component model builder starts with.
public struct ComponentDefaults: Sendable, Equatable {
    /// The namespace of the component new builders render with.
    public var namespace: String
    /// The name of the component new builders render with.
    public var name: String
    /// The category new builders start in.
    public var category: String

    /// Defaults from their three parts.
    public init(namespace: String, name: String, category: String) {
        self.namespace = namespace
        self.name = name
        self.category = category
    }

    /// `default:row` in the `row` category, as Hub Framework's default fallback handler.
    public static let standard = ComponentDefaults(namespace: "default", name: "row", category: ComponentCategory.row)
}
