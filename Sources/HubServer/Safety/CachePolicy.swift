/// The `Cache-Control` of each kind of answer that its route gives none, in one place: what a
/// route sets itself stays (a view's, from its feature's reload policy; an update stream's
/// `no-cache`).
enum CachePolicy {
    /// The rest under `/views/` (actions' answers, failures): caches keep them but ask again
    /// each time, as for a view kept nowhere.
    static let views = ViewCache.noCache
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
