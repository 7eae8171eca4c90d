/// What a feature's requests may do: which hosts they reach (none by default), how large a
/// response may be, how long a request may take, how many may be in flight at once per run,
/// how many redirects are followed.
public struct HTTPPolicy: Sendable, Equatable {
    /// The hosts requests may reach; empty: no network at all.
    public var hosts: [HostPattern] = []
    /// The largest response body taken, in bytes (8 MiB).
    public var maxResponseBytes = HubDefaults.HTTP.maxResponseBytes
    /// Milliseconds a request may take, redirects included, unless it asks for less (10 s).
    public var timeout = HubDefaults.HTTP.timeout
    /// Requests one run may have in flight; more wait their turn (16).
    public var maxInFlight = HubDefaults.HTTP.maxInFlight
    /// Redirects followed before a request fails (5).
    public var maxRedirects = HubDefaults.HTTP.maxRedirects

    /// The exact hosts other folders' features list (``HostPattern/isExact``): one of them is
    /// reached only when ``hosts`` lists it exactly too, never through a wildcard (`127.0.0.1:*`
    /// does not cover another feature's `127.0.0.1:8099`).
    public var claimedElsewhere: [HostPattern] = []

    /// No hosts, and the default limits.
    public init() {}

    /// Whether `host` on `port` (nil: the scheme's default) is listed in ``hosts``, exactly when
    /// another folder's feature claims it.
    public func allows(host: String, port: Int?) -> Bool {
        let isClaimed = claimedElsewhere.contains { $0.matches(host: host, port: port) }
        return hosts.contains { $0.matches(host: host, port: port) && (!isClaimed || $0.isExact) }
    }

    /// A policy allowing what this one or `other` allows, with the larger limits of the two:
    /// what code that belongs to a folder rather than to one of its features may do.
    public func union(_ other: HTTPPolicy) -> HTTPPolicy {
        var union = self
        union.hosts += other.hosts.filter { !hosts.contains($0) }
        union.maxResponseBytes = max(maxResponseBytes, other.maxResponseBytes)
        union.timeout = max(timeout, other.timeout)
        union.maxInFlight = max(maxInFlight, other.maxInFlight)
        union.maxRedirects = max(maxRedirects, other.maxRedirects)
        return union
    }
}
