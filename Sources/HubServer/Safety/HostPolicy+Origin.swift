import Foundation

extension HostPolicy {
    /// Whether a write whose `Origin` is `origin`, sent to `authority` (its `Host`), comes from
    /// one of this server's own pages: the same scheme (`http`), host and port as the request
    /// was sent to, or an allowed host (which a proxy in front may serve over `https`). An
    /// opaque origin (`null`: a sandboxed frame, a `data:` or `file:` page) never is.
    func isOwnOrigin(_ origin: String, sentTo authority: Authority) -> Bool {
        guard let separator = origin.range(of: "://") else { return false }
        let scheme = origin[..<separator.lowerBound].lowercased()
        guard ["http", "https"].contains(scheme), let source = Authority(origin[separator.upperBound...]) else { return false }
        if trusts(source) { return true }
        return scheme == "http" && source.host == authority.host && (source.port ?? 80) == (authority.port ?? 80)
    }
}
