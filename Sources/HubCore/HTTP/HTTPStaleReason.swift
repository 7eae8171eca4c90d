/// Why the cache answered with a stale response.
public enum HTTPStaleReason: String, Sendable {
    /// Within its `stale-while-revalidate`: it is revalidated meanwhile (RFC 5861 §3).
    case whileRevalidate = "while-revalidate"
    /// Within its `stale-if-error`: the server failed or answered with a server error (RFC 5861 §4).
    case ifError = "if-error"
    /// The request accepts it: its `max-stale` (RFC 9111 §5.2.1.2), or cache mode `force-cache`.
    case maxStale = "max-stale"
    /// The request's cache mode is `only-if-cached`.
    case onlyIfCached = "only-if-cached"
}
