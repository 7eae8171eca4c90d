/// Whoever was answered a stale response while the fetcher revalidates it in the background
/// (`stale-while-revalidate`, RFC 5861 §3), told on the loop's thread how that ended; and
/// whoever was answered one because its revalidation failed (`stale-if-error`, §4), told why.
public struct HTTPRevalidationWatch {
    /// Who watches: one revalidation keeps one watch of each.
    public let asker: ObjectIdentifier
    /// The server sent another status or body, which the cache now answers fresh: whoever
    /// showed the stale response can ask again.
    public let replaced: () -> Void
    /// The revalidation failed, as the text says (no answer in time, a transport failure, a
    /// server error, a redirect a background revalidation does not follow): the stale response
    /// stays, and answers within its `stale-while-revalidate` or `stale-if-error` still.
    public let failed: (String) -> Void

    /// A watch of `asker` (an operation, say) calling `replaced` or `failed`.
    public init(asker: ObjectIdentifier, replaced: @escaping () -> Void, failed: @escaping (String) -> Void) {
        self.asker = asker
        self.replaced = replaced
        self.failed = failed
    }
}
