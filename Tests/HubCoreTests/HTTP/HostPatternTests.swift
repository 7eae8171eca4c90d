import Testing

@testable import HubCore

/// The `hosts` allow-list: the patterns a feature may write, what each lets through, and a
/// policy's checks against them.
@Suite struct HostPatternTests {
    /// The pattern `text` says, which must be one.
    private func pattern(_ text: String) throws -> HostPattern {
        try #require(HostPattern(text), "'\(text)' is a pattern")
    }

    /// A policy allowing `hosts`.
    private func policy(_ hosts: String...) throws -> HTTPPolicy {
        var policy = HTTPPolicy()
        policy.hosts = try hosts.map(pattern)
        return policy
    }

    // MARK: Parsing

    @Test func aHostAloneIsOnItsSchemesDefaultPort() throws {
        let host = try pattern("api.example.com")
        #expect(host.host == "api.example.com")
        #expect(!host.matchesSubdomains)
        #expect(host.port == .standard)
        #expect(host.description == "api.example.com")
    }

    @Test func aHostWithAPortOrAnyPort() throws {
        let numbered = try pattern("127.0.0.1:8099")
        #expect(numbered.host == "127.0.0.1")
        #expect(!numbered.matchesSubdomains)
        #expect(numbered.port == .number(8099))

        let any = try pattern("127.0.0.1:*")
        #expect(any.host == "127.0.0.1")
        #expect(any.port == .any)

        #expect(try pattern("localhost:1").port == .number(1))
        #expect(try pattern("localhost:65535").port == .number(65_535))
    }

    @Test func subdomainPatterns() throws {
        let subdomains = try pattern("*.example.org")
        #expect(subdomains.host == "example.org")
        #expect(subdomains.matchesSubdomains)
        #expect(subdomains.port == .standard)
        #expect(subdomains.description == "*.example.org")

        let anyPort = try pattern("*.example.org:*")
        #expect(anyPort.host == "example.org")
        #expect(anyPort.matchesSubdomains)
        #expect(anyPort.port == .any)

        let numbered = try pattern("*.example.org:8443")
        #expect(numbered.matchesSubdomains)
        #expect(numbered.port == .number(8443))
    }

    @Test func ipv6AddressesAreBracketed() throws {
        let withPort = try pattern("[::1]:8080")
        #expect(withPort.host == "::1")
        #expect(!withPort.matchesSubdomains)
        #expect(withPort.port == .number(8080))
        #expect(withPort.description == "[::1]:8080")

        let bare = try pattern("[FE80::1]")
        #expect(bare.host == "fe80::1")
        #expect(bare.port == .standard)

        #expect(try pattern("[::1]:*").port == .any)
    }

    @Test func upperCaseIsLoweredButDescribedAsWritten() throws {
        let upper = try pattern("API.Example.COM:8080")
        #expect(upper.host == "api.example.com")
        #expect(upper.port == .number(8080))
        #expect(upper.description == "API.Example.COM:8080")
        #expect(try pattern("*.Example.ORG").host == "example.org")
    }

    @Test(arguments: [
        "", "http://x", "https://api.example.com", "x/path", "x:0", "x:70000", "x:65536", "x:abc", "x:", "x:-1",
        "*", "*.", "a.*.b", "*.*.example.org", "*example.org", "user@host", "user:pass@host", "a host",
        "::1", "[::1", "[::1]8080", "[::1]:", "[]", "[::1]:0",
    ])
    func notAPattern(text: String) {
        #expect(HostPattern(text) == nil, "'\(text)' is not a pattern")
    }

    // MARK: Matching

    @Test func aBareHostMatchesOnlyTheDefaultPort() throws {
        let host = try pattern("api.example.com")
        #expect(host.matches(host: "api.example.com", port: nil))
        #expect(!host.matches(host: "api.example.com", port: 8080))
        #expect(!host.matches(host: "api.example.com", port: 443), "443 spelled out is not nil: the fetcher passes nil for the default")
        #expect(!host.matches(host: "example.com", port: nil))
        #expect(!host.matches(host: "www.api.example.com", port: nil))
        #expect(!host.matches(host: "api.example.com.evil.net", port: nil))
        #expect(!host.matches(host: "api.example.co", port: nil))
    }

    @Test func aNumberedPortMatchesOnlyThatPort() throws {
        let numbered = try pattern("127.0.0.1:8099")
        #expect(numbered.matches(host: "127.0.0.1", port: 8099))
        #expect(!numbered.matches(host: "127.0.0.1", port: nil))
        #expect(!numbered.matches(host: "127.0.0.1", port: 8098))
        #expect(!numbered.matches(host: "127.0.0.2", port: 8099))
    }

    @Test func anyPortMatchesEveryPortAndTheDefault() throws {
        let any = try pattern("127.0.0.1:*")
        #expect(any.matches(host: "127.0.0.1", port: nil))
        #expect(any.matches(host: "127.0.0.1", port: 1))
        #expect(any.matches(host: "127.0.0.1", port: 65_535))
        #expect(!any.matches(host: "127.0.0.10", port: 1))
    }

    @Test func aSubdomainPatternExcludesTheApex() throws {
        let subdomains = try pattern("*.example.org")
        #expect(subdomains.matches(host: "a.example.org", port: nil))
        #expect(subdomains.matches(host: "a.b.example.org", port: nil))
        #expect(!subdomains.matches(host: "example.org", port: nil))
        #expect(!subdomains.matches(host: "badexample.org", port: nil))
        #expect(!subdomains.matches(host: "a.example.org.evil.net", port: nil))
        #expect(!subdomains.matches(host: "a.example.org", port: 8080))

        let anyPort = try pattern("*.example.org:*")
        #expect(anyPort.matches(host: "a.example.org", port: 8080))
        #expect(anyPort.matches(host: "a.example.org", port: nil))
        #expect(!anyPort.matches(host: "example.org", port: 8080))
    }

    @Test func matchingIgnoresCase() throws {
        #expect(try pattern("API.Example.com").matches(host: "api.EXAMPLE.com", port: nil))
        #expect(try pattern("*.Example.org").matches(host: "WWW.example.ORG", port: nil))
        #expect(try pattern("[FE80::AB]:8080").matches(host: "fe80::ab", port: 8080))
        #expect(try pattern("[fe80::ab]:8080").matches(host: "FE80::AB", port: 8080))
    }

    @Test func anIPv6PatternMatchesTheAddressWithoutBrackets() throws {
        let loopback = try pattern("[::1]:8080")
        #expect(loopback.matches(host: "::1", port: 8080))
        #expect(!loopback.matches(host: "::1", port: nil))
        #expect(!loopback.matches(host: "::2", port: 8080))
    }

    // MARK: Policies

    @Test func aPolicyWithoutHostsAllowsNothing() {
        let policy = HTTPPolicy()
        #expect(policy.hosts == [])
        #expect(!policy.allows(host: "localhost", port: nil))
        #expect(!policy.allows(host: "127.0.0.1", port: 8080))
    }

    @Test func aPolicyAllowsWhatAnyOfItsHostsMatches() throws {
        let policy = try self.policy("api.example.com", "*.cdn.example.net:*", "127.0.0.1:8099")
        #expect(policy.allows(host: "api.example.com", port: nil))
        #expect(policy.allows(host: "API.example.com", port: nil))
        #expect(!policy.allows(host: "api.example.com", port: 8099))
        #expect(policy.allows(host: "img.cdn.example.net", port: 8443))
        #expect(!policy.allows(host: "cdn.example.net", port: nil))
        #expect(policy.allows(host: "127.0.0.1", port: 8099))
        #expect(!policy.allows(host: "127.0.0.1", port: nil))
        #expect(!policy.allows(host: "example.com", port: nil))
    }

    @Test func aUnionAllowsWhatEitherAllowsWithTheLargerLimits() throws {
        var first = try self.policy("a.example.com", "b.example.com")
        first.maxResponseBytes = 100
        first.timeout = 5_000
        var second = try self.policy("b.example.com", "c.example.com:*")
        second.maxResponseBytes = 200
        second.timeout = 1_000

        let union = first.union(second)
        #expect(union.hosts.map(\.description) == ["a.example.com", "b.example.com", "c.example.com:*"])
        #expect(union.maxResponseBytes == 200)
        #expect(union.timeout == 5_000)
        #expect(union.allows(host: "a.example.com", port: nil))
        #expect(union.allows(host: "c.example.com", port: 9))
        #expect(!union.allows(host: "d.example.com", port: nil))

        let reversed = second.union(first)
        #expect(reversed.hosts.map(\.description) == ["b.example.com", "c.example.com:*", "a.example.com"])
        #expect(reversed.maxResponseBytes == 200)
        #expect(reversed.timeout == 5_000)

        #expect(HTTPPolicy().union(HTTPPolicy()) == HTTPPolicy())
        #expect(first.union(first) == first)
    }
}
