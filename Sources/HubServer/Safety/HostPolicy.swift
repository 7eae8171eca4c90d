/// The names a server answers to, against DNS rebinding: a page whose own name an attacker's
/// DNS turned to this server's address sends that name as its `Host`, which is not one of these.
///
/// They are the address the server binds, the loopback names (`localhost`, `127.0.0.1`,
/// `[::1]`), and the allowed hosts (``HubServerConfiguration/allowedHosts``); a name without a
/// port stands for every port.
struct HostPolicy: Sendable {
    /// The names any port of which is allowed.
    private let hosts: Set<String>
    /// The allowed hosts (not the bound address nor loopback), which writes may also come from.
    private let trusted: [Authority]

    /// The policy of a server bound to `boundAddress` that also answers to `allowedHosts`;
    /// throws for the first of those that names no host.
    init(boundAddress: String, allowedHosts: [String]) throws(InvalidHost) {
        var trusted: [Authority] = []
        for entry in allowedHosts {
            guard let authority = Authority(entry) else { throw InvalidHost(entry: entry) }
            trusted.append(authority)
        }
        self.trusted = trusted
        hosts = Authority.loopbackHosts.union(Authority(boundAddress: boundAddress).map { [$0.host] } ?? [])
    }

    /// Whether a request sent to `authority` (its `Host`) is for this server.
    func allows(_ authority: Authority) -> Bool {
        hosts.contains(authority.host) || trusts(authority)
    }

    /// Whether `authority` is one of the allowed hosts (its port too, when the entry names one).
    func trusts(_ authority: Authority) -> Bool {
        trusted.contains { $0.host == authority.host && ($0.port == nil || $0.port == authority.port) }
    }

    /// An allowed host that names no host.
    struct InvalidHost: Error, Equatable, CustomStringConvertible {
        let entry: String

        var description: String {
            "the allowed host '\(entry)' is not a host name or address with an optional port (e.g. hub.example.com, hub.example.com:8443, [::1])"
        }
    }
}
