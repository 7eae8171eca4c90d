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
