/// The `Cache-Control` of each kind of answer that its route gives none, which each route of
/// ``ServerRoutes`` names: what a route sets itself stays (a view's, from its feature's reload
/// policy; an update stream's `no-cache`).
enum CachePolicy {
    /// The rest of the views' routes (actions' answers, failures): caches keep them but ask
    /// again each time, as for a view kept nowhere.
    static let views = ViewCache.noCache
    /// Metrics: counted anew at every scrape, never kept.
    static let metrics = "no-store"
    /// Everything else: the preview page and its files, which a new binary may change, and a
    /// path no route takes.
    static let other = "no-cache"

    /// The `Cache-Control` of an answer to a request for `path` (without its query): its
    /// route's.
    static func forPath(_ path: String) -> String {
        ServerRoutes.route(at: path)?.cacheControl ?? other
    }
}
