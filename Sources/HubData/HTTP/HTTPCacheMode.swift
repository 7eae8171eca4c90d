/// How one request uses the ``HTTPCache``, as Fetch's `cache` option says.
public enum HTTPCacheMode: String, Sendable, CaseIterable {
    /// As RFC 9111 says: a fresh stored response answers, a stale one is validated first.
    case `default`
    /// The cache is neither read nor written: the request goes as it is, its response is not stored.
    case noStore = "no-store"
    /// The cache is not read, but the response is stored.
    case reload
    /// A stored response, fresh or stale, is validated before it answers.
    case noCache = "no-cache"
    /// A stored response answers, however stale; without one, the request goes and its response is stored.
    case forceCache = "force-cache"
    /// A stored response answers, however stale; without one, a 504 answers and nothing is sent.
    case onlyIfCached = "only-if-cached"

    /// The header fields Fetch adds to a request of this mode that goes to the network, unless
    /// the request has its own (Fetch's HTTP-network-or-cache fetch): `no-store` and `reload`
    /// ask caches on the way for a new response, `no-cache` for a validated one.
    var networkFields: [(name: String, value: String)] {
        switch self {
        case .noStore, .reload: [("cache-control", "no-cache"), ("pragma", "no-cache")]
        case .noCache: [("cache-control", "max-age=0")]
        case .default, .forceCache, .onlyIfCached: []
        }
    }
}
