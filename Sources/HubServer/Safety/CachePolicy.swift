/// The `Cache-Control` of each kind of answer, in one place: what a route sets itself (an update
/// stream's `no-cache`) stays.
enum CachePolicy {
    /// View models (and actions' answers, and their failures): caches keep them but ask again
    /// each time (an `ETag` makes that cheap), since no feature says yet how long one holds.
    static let views = "no-cache"
    /// Metrics: counted anew at every scrape, never kept.
    static let metrics = "no-store"
    /// Everything else: the preview page and its files, which a new binary may change.
    static let other = "no-cache"

    /// The `Cache-Control` of an answer to a request for `path`.
    static func forPath(_ path: String) -> String {
        if path.hasPrefix("/views/") { return views }
        if path == "/metrics" { return metrics }
        return other
    }
}
