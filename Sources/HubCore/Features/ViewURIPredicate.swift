/// Decides which view URIs belong to a feature.
public struct ViewURIPredicate {
    private let evaluate: (String) -> Bool

    /// A predicate that calls `block`.
    public init(_ block: @escaping (String) -> Bool) {
        evaluate = block
    }

    /// Whether `viewURI` belongs to the feature.
    public func matches(_ viewURI: String) -> Bool {
        evaluate(viewURI)
    }

    /// Matches exactly `viewURI` (a `…:subview` URI does not match).
    public static func exact(_ viewURI: String) -> ViewURIPredicate {
        ViewURIPredicate { $0 == viewURI }
    }

    /// Matches every URI that starts with `root` as a plain string prefix, except `excluded` ones.
    public static func root(_ root: String, excluding excluded: Set<String> = []) -> ViewURIPredicate {
        ViewURIPredicate { !excluded.contains($0) && $0.hasPrefix(root) }
    }
}
