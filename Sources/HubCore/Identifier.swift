/// A two-part `namespace:name` identifier, used for components and actions.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
    /// The part before the colon, e.g. `cities` in `cities:row`.
    public var namespace: String
    /// The part after the colon, e.g. `row` in `cities:row`.
    public var name: String

    /// An identifier from its two parts.
    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// Parses `namespace:name`; nil unless the string has exactly two `:`-separated parts.
    public init?(string: String) {
        let parts = string.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(namespace: String(parts[0]), name: String(parts[1]))
    }

    /// The `namespace:name` form.
    public var description: String { "\(namespace):\(name)" }
}

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

/// A view's connectivity as content operations see it.
public enum ConnectivityState: String, Sendable {
    case online
    case offline
}

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
