import Foundation
import Testing
@testable import HubServer

/// Against DNS rebinding, the server answers only requests sent to its own names: the address
/// it binds, the loopback names and the allowed hosts, with any port. Any other `Host` gets
/// 421; a missing (HTTP/1.1), repeated or malformed one 400; an HTTP/1.0 request may leave it
/// out. Sent over raw sockets, which send any `Host` a browser whose DNS was rebound would.
@Suite struct HostHeaderTests {
    /// `GET path` sent to `host` over HTTP/1.1, or with no `Host` at all when `host` is nil.
    private func get(_ path: String, host: String?, on server: RunningServer, version: String = "1.1") async throws -> WireResponse {
        try await server.exchange("GET \(path) HTTP/\(version)\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + "Connection: close\r\n")
    }

    @Test func theBoundAddressAndTheLoopbackNamesAreServedWithAnyPort() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let served = try await server.get("/views/echo:host")
            #expect(served.status == 200)
            #expect(served.text.contains(#""title":"echo:host""#))
            let port = server.port
            for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "localhost:\(port)", "LocalHost.:\(port)", "[::1]:\(port)", "127.0.0.1:1"] {
                let response = try await get("/views/echo:host", host: host, on: server)
                #expect(response.status == 200, "\(host)")
                #expect(response.body == served.body, "\(host)")
            }
        }
    }

    @Test func anyOtherNameIsMisdirectedAndCounted() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let port = server.port
            for host in ["evil.example:\(port)", "evil.example", "127.0.0.2:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)"] {
                let response = try await get("/views/echo:host", host: host, on: server)
                expectProblem(
                    response, status: 421, title: "Misdirected request",
                    detail: "this server does not answer to the name '\(host)' (hub serve --allowed-host \(host.split(separator: ":")[0]) lets it)",
                    instance: "/views/echo:host")
            }
            // Every route is refused, the preview and the metrics as much as the views.
            #expect(try await get("/preview/echo:host", host: "evil.example", on: server).status == 421)
            #expect(try await get("/metrics", host: "evil.example", on: server).status == 421)
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="host"} 7"#), "\(metrics.text)")
            #expect(metrics.metricLines.contains(#"hub_http_requests_total{method="GET",status="421"} 7"#))
        }
    }

    @Test func allowedHostsAreServedWithTheirPortOrAnyPort() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.allowedHosts = ["hub.example.com", "Proxy.Example:8443"] }) { server throws in
            for host in ["hub.example.com", "HUB.example.com:1234", "proxy.example:8443", "localhost"] {
                #expect(try await get("/views/echo:host", host: host, on: server).status == 200, "\(host)")
            }
            for host in ["proxy.example", "proxy.example:8080", "example.com", "www.hub.example.com"] {
                #expect(try await get("/views/echo:host", host: host, on: server).status == 421, "\(host)")
            }
        }
    }

    @Test func anAllowedHostThatNamesNoHostIsRefusedAtStart() throws {
        var configuration = HubServerConfiguration(featureFolders: [ServerPaths.fixture("Live")])
        configuration.allowedHosts = ["hub.example.com", "http://hub.example.com/"]
        #expect(throws: HostPolicy.InvalidHost(entry: "http://hub.example.com/")) { try HubServer(configuration: configuration) }
        #expect(
            HostPolicy.InvalidHost(entry: "a b").description
                == "the allowed host 'a b' is not a host name or address with an optional port (e.g. hub.example.com, hub.example.com:8443, [::1])")
    }

    @Test func http11WithoutHostIsABadRequestHTTP10MayLeaveItOut() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let served = try await server.get("/views/echo:host")
            let missing = try await get("/views/echo:host", host: nil, on: server)
            expectProblem(
                missing, status: 400, title: "Bad request",
                detail: "an HTTP/1.1 request must name the host it is sent to, in a Host header (RFC 9112, 3.2)", instance: "/views/echo:host")
            // HTTP/1.0 clients need not send Host: the request is taken as sent to the bound address.
            let old = try await get("/views/echo:host", host: nil, on: server, version: "1.0")
            #expect(old.status == 200)
            #expect(old.body == served.body)
            // With one, it is checked as any other.
            #expect(try await get("/views/echo:host", host: "evil.example", on: server, version: "1.0").status == 421)

            let twice = try await server.exchange("GET /views/echo:host HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n")
            expectProblem(
                twice, status: 400, title: "Bad request", detail: "a request may have one Host header, not more (RFC 9112, 3.2)",
                instance: "/views/echo:host")
            for host in ["127.0.0.1:99999", "user@127.0.0.1", "127.0.0.1/x", "[::1", "127.0.0.1:8o"] {
                expectProblem(
                    try await get("/views/echo:host", host: host, on: server), status: 400, title: "Bad request",
                    detail: "the Host header '\(host)' is not host[:port]", instance: "/views/echo:host")
            }
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="bad_request"} 7"#), "\(metrics.text)")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="host"} 1"#), "\(metrics.text)")
        }
    }

    @Test func hostsAreComparedAsNames() {
        #expect(Authority("LocalHost.:8080") == Authority("localhost:8080"))
        #expect(Authority("[::1]:8080").map { [$0.host, $0.port.map(String.init)] } == ["[::1]", "8080"])
        #expect(Authority("example.com:")?.port == nil)
        #expect(Authority(boundAddress: "::1") == Authority("[::1]"))
        for invalid in ["", ":80", "a b", "[::1]x", "[x]", "host:65536", "host:-1", "ex%41mple.com", "é.example"] {
            #expect(Authority(invalid) == nil, "\(invalid)")
        }
    }
}
