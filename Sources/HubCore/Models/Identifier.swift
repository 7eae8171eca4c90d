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
        // An ASCII string is split at its byte ':' (one pass over its bytes, in place), which
        // saves breaking it into Characters: a hundred or two instructions instead of thousands.
        // Other strings are split by Characters, where a mark combining with ':' makes it no colon.
        let split = string.utf8.withContiguousStorageIfAvailable(Self.splittingASCII)
        guard let identifier = (split ?? nil) ?? Self.splittingCharacters(string) else { return nil }
        self = identifier
    }

    /// `bytes` split at their one `:`: the identifier, or nil inside when there is not exactly
    /// one; nil when they are not ASCII.
    private static func splittingASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Identifier?? {
        var colon: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            guard byte == UInt8(ascii: ":") else { continue }
            guard colon == nil else { return .some(nil) }
            colon = index
        }
        guard let colon else { return .some(nil) }
        return Identifier(
            namespace: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<colon]), as: UTF8.self),
            name: String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self))
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
