import Glibc

/// How many files (and connections: each takes one) the process may have open at once.
enum OpenFileLimit {
    /// Raises the process's soft limit to its hard limit, as far as the system lets it; the
    /// soft limit then in force (nil when it cannot be read).
    @discardableResult
    static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// `RLIMIT_NOFILE` as the functions take it (Glibc imports it as an enum case).
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
}
