/// A stored key: the namespace it lives in (a feature's identifier, or one it shares) and its
/// name within it.
public struct StoreKey: Hashable, Sendable, CustomStringConvertible {
    /// The namespace: a feature's identifier.
    public var namespace: String
    /// The key's name within its namespace.
    public var name: String

    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// `namespace/name`, for messages.
    public var description: String { "\(namespace)/\(name)" }
}

/// A stored value: its JSON text and its version, which each change of the key increases.
public struct StoredValue: Sendable, Equatable {
    /// The value as compact JSON text.
    public var json: String
    /// Increases with each change of the key (a key deleted and set again keeps counting up
    /// from 1, which conditional writes only compare for equality).
    public var version: Int64

    public init(json: String, version: Int64) {
        self.json = json
        self.version = version
    }
}

/// A change of a stored key, as observers of a store see it once it is committed.
public struct StoreChange: Sendable, Equatable {
    /// The key that changed; nil: any key may have changed (a backend that lost touch with
    /// the other processes for a while and missed what they told).
    public var key: StoreKey?
    /// Who wrote it, as the writer named itself in ``StoreWrite/origin`` (only within the
    /// process that wrote it; nil for changes another process made).
    public var origin: UInt64?

    public init(key: StoreKey?, origin: UInt64? = nil) {
        self.key = key
        self.origin = origin
    }
}
