import Glibc

/// The process's limit on open files, which bounds the connections it can take: each is a file
/// descriptor, and so is much of what the rest of the server holds.
enum DescriptorLimit {
    /// Descriptors left for the rest of the server: its event loops, the store's files or
    /// connections, `hub.http`'s connections, the folders `--watch` watches, standard streams,
    /// and the ones held back from accepting (``AcceptPauseHandler/reserved``).
    static let reserved = 124

    /// The limit in force (the soft limit); nil when there is none (RLIM_INFINITY is all ones).
    static var current: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the process's soft limit to its hard limit, as far as the system lets it; the
    /// limit then in force (nil when there is none, or it cannot be read).
    @discardableResult
    static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &raised)
        }
        return current
    }

    /// `RLIMIT_NOFILE` as the functions take it (Glibc imports it as an enum case).
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    /// What to warn about when the limit leaves room for fewer than `maxConnections`
    /// connections besides ``reserved``; nil when it does not.
    static func warning(maxConnections: Int, limit: Int? = current) -> String? {
        guard let limit, limit < maxConnections + reserved else { return nil }
        return "the limit on open files (\(limit), ulimit -n) leaves room for fewer than the \(maxConnections) connections the server takes (--max-connections) "
            + "and the \(reserved) files it keeps for the rest: past its limit, accepting fails until some close; raise the limit, or lower --max-connections"
    }
}
