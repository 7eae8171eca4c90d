/// Which layer of a view a component model belongs to; children share their parent's type.
public enum ComponentType: String, Sendable {
    case header
    case body
    case overlay
}

/// The category names Hub Framework defines; categories are open strings.
public enum ComponentCategory {
    /// A view's header.
    public static let header = "header"
    /// A full-width row.
    public static let row = "row"
    /// A compact card.
    public static let card = "card"
    /// A carousel: child components side by side.
    public static let carousel = "carousel"
    /// A banner, typically an image.
    public static let banner = "banner"
}

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
