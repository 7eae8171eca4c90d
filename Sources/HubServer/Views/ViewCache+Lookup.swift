// The cache step of a view's GET, which the route and ``ViewAnswering`` both take.

extension ViewCache {
    /// What the cache has for a view a GET asks for.
    enum Lookup {
        /// A `max_age` view young enough: the answer, with no worker.
        case fresh(Entry)
        /// A view kept by a `reload_policy` function, which a worker asks whether it still is.
        case ask(Entry)
        /// Nothing to answer with: the view is loaded on a worker.
        case missing
    }

    /// What the cache has for the view `uri` now.
    func lookUp(_ uri: String) -> Lookup {
        guard let entry = entry(for: uri) else { return .missing }
        if entry.isFresh(at: clock()) { return .fresh(entry) }
        return entry.policy == .ask ? .ask(entry) : .missing
    }

    /// The answer of `entry`, a view kept, now, to a request whose `If-None-Match` is
    /// `ifNoneMatch`, counted in `metrics` as a view answered from what was kept.
    func answer(_ entry: Entry, ifNoneMatch: String?, metrics: ServerMetrics) -> ViewAnswer {
        metrics.answeredFromCache(feature: entry.feature)
        return ViewAnswer(kept: entry, at: clock(), ifNoneMatch: ifNoneMatch)
    }
}
