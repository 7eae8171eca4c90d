/// What a feature may keep in the store: its own namespace (its identifier), the namespaces it
/// shares, who it shares its own with, and how much it may hold (`store = { shares = { ... },
/// share_with = { ... }, max_value = ..., max_keys = ... }` in `hub.feature`).
public struct StorePolicy: Sendable, Equatable {
    /// Namespaces besides its own that the feature asks to read and write; each is granted by
    /// its owner (``shareWith``), by the owner being in the same folder, or by the operator.
    public var shares: [String] = []
    /// The features of other folders that may read and write the feature's own namespace.
    public var shareWith: [String] = []
    public var limits = StoreLimits()

    public init(shares: [String] = [], shareWith: [String] = [], limits: StoreLimits = StoreLimits()) {
        self.shares = shares
        self.shareWith = shareWith
        self.limits = limits
    }
}
