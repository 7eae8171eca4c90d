/// A change a script asks of a store: set a key to a value, or delete it, possibly only if the
/// key is still at the version the script read.
public struct StoreWrite: Sendable, Equatable {
    /// When the write applies.
    public enum Condition: Sendable, Equatable {
        /// Whatever the key holds.
        case always
        /// Only while the key is at this version (nil: only while it is absent): the
        /// compare-and-set `hub.store.update` is made of.
        case version(Int64?)
    }

    public var key: StoreKey
    /// The new value as compact JSON text; nil deletes the key.
    public var json: String?
    public var condition: Condition
    /// The most keys the key's namespace may hold after a write that adds a key.
    public var maxKeys: Int
    /// Who writes, handed back in the ``StoreChange`` it causes (nil: nobody in particular).
    public var origin: UInt64?

    public init(key: StoreKey, json: String?, condition: Condition = .always, maxKeys: Int = HubDefaults.Store.maxKeys, origin: UInt64? = nil) {
        self.key = key
        self.json = json
        self.condition = condition
        self.maxKeys = maxKeys
        self.origin = origin
    }
}

/// What a write did.
public enum StoreWriteOutcome: Sendable, Equatable {
    /// The key changed (observers are told).
    case changed
    /// The key already held that value, or a deleted key was absent: nothing changed and
    /// nobody is told.
    case unchanged
    /// The write's condition did not hold: the key is not at the version it expected.
    case conflict
}
