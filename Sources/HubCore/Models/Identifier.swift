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
        // An ASCII string is split at its byte ':' (one pass over its bytes), which saves
        // breaking it into Characters: a few hundred instructions instead of thousands. Other
        // strings are split by Characters, where a mark combining with ':' makes it no colon.
        var colon: String.Index?
        for index in string.utf8.indices {
            let byte = string.utf8[index]
            guard byte < 0x80 else {
                guard let identifier = Self.splittingCharacters(string) else { return nil }
                self = identifier
                return
            }
            guard byte == UInt8(ascii: ":") else { continue }
            guard colon == nil else { return nil }
            colon = index
        }
        guard let colon else { return nil }
        self.init(namespace: String(string[..<colon]), name: String(string[string.utf8.index(after: colon)...]))
    }

    /// `string` split by Characters, as ``init(string:)`` splits a string that is not ASCII.
    private static func splittingCharacters(_ string: String) -> Identifier? {
        let parts = string.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return Identifier(namespace: String(parts[0]), name: String(parts[1]))
    }

    /// The `namespace:name` form.
    public var description: String { "\(namespace):\(name)" }
}
