/// What a feature may keep in the store: its own namespace (its identifier), the namespaces it
/// shares, and how much it may hold (`store = { shares = { ... }, max_value = ..., max_keys = ... }`
/// in `hub.feature`).
public struct StorePolicy: Sendable, Equatable {
    /// Namespaces besides its own that the feature reads and writes.
    public var shares: [String] = []
    public var limits = StoreLimits()

    public init(shares: [String] = [], limits: StoreLimits = StoreLimits()) {
        self.shares = shares
        self.limits = limits
    }

    /// Whether a feature `feature` with this policy may use `namespace`.
    public func allows(_ namespace: String, feature: String) -> Bool {
        namespace == feature || shares.contains(namespace)
    }
}
