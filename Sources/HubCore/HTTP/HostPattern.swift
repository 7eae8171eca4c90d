/// One entry of a feature's `hosts` allow-list: a host (`api.example.com`, on its scheme's
/// default port), a host and port (`127.0.0.1:8099`), any port of a host (`127.0.0.1:*`), or
/// any subdomain (`*.example.org`, not `example.org` itself; `*.example.org:*` on any port).
public struct HostPattern: Sendable, Equatable, CustomStringConvertible {
    /// The port a pattern allows.
    enum Port: Sendable, Equatable {
        /// The URL's scheme's default port (80 for http, 443 for https).
        case standard
        case number(Int)
        case any
    }

    /// The host in lower case, without the `*.` of a subdomain pattern or IPv6 brackets.
    let host: String
    let matchesSubdomains: Bool
    let port: Port
    public let description: String

    /// The pattern `text` says, or nil when it is not one (empty, a scheme or path in it, a bad port).
    public init?(_ text: String) {
        var rest = Substring(text.lowercased())
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@"), !rest.contains(" ") else { return nil }
        var port = Port.standard
        let hostPart: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
        } else if let colon = rest.lastIndex(of: ":") {
            hostPart = rest[..<colon]
            rest = rest[colon...]
        } else {
            hostPart = rest
            rest = ""
        }
        if rest.hasPrefix(":") {
            let number = rest.dropFirst()
            if number == "*" {
                port = .any
            } else if !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
                let value = Int(number), (1...65_535).contains(value) {
                port = .number(value)
            } else {
                return nil
            }
        }
        matchesSubdomains = hostPart.hasPrefix("*.")
        let name = matchesSubdomains ? hostPart.dropFirst(2) : hostPart
        guard !name.isEmpty, !name.contains("*"), !name.contains(":") || text.hasPrefix("[") else { return nil }
        if matchesSubdomains, !Self.isDomain(name) { return nil }
        host = String(name)
        self.port = port
        description = text
    }

    /// Whether it names one host and port, with no wildcard: what a feature may list that
    /// another feature's wildcard then no longer covers.
    public var isExact: Bool { !matchesSubdomains && port != .any }

    /// Whether `name` may have `*.` before it: a domain of two labels or more whose last one
    /// is not a number, so that no pattern covers a top-level domain (`*.com`) or the addresses
    /// of a network (`*.1`, `*.0.0.1`).
    private static func isDomain(_ name: Substring) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let last = labels.last else { return false }
        return !last.allSatisfy(\.isNumber)
    }

    /// Whether a request to `host` (any case, IPv6 without brackets) on `port` (nil: the
    /// scheme's default) may be made.
    public func matches(host requested: String, port requestedPort: Int?) -> Bool {
        let requested = requested.lowercased()
        let hostMatches = matchesSubdomains ? requested.hasSuffix("." + host) : requested == host
        guard hostMatches else { return false }
        switch port {
        case .any: return true
        case .standard: return requestedPort == nil
        case .number(let number): return requestedPort == number
        }
    }
}
