import Foundation
import Testing
@testable import HubServer

/// Past `maxConnections` open connections, a new one is answered `503 Service Unavailable` with
/// `Retry-After` and `Connection: close` without being served, counted in /metrics; once one
/// closes, connections are served again.
@Suite struct ConnectionLimitTests {
    @Test func aConnectionPastTheLimitIsAnswered503AndClosed() async throws {
        try await withServer([ServerPaths.examples], configure: { $0.maxConnections = 2 }) { server in
            let port = server.port
            let (served, refused, closed, survivor, metrics, refusals) = try await offThePool {
                // Two connections served, and kept open.
                var first: LoopbackConnection? = try LoopbackConnection(port: port)
                let second = try LoopbackConnection(port: port)
                let served = [try first?.exchange("GET", "/views/cities:overview").status, try second.exchange("GET", "/views/cities:overview").status]
                let third = try LoopbackConnection(port: port)
                third.send("GET /views/cities:overview HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let (status, headers) = try third.readHead()
                let refused = WireResponse(status: status, headers: headers, body: third.read(count: headers["content-length"].flatMap(Int.init) ?? 0))
                let closed = third.closes(within: 10)
                let survivor = try second.exchange("GET", "/views/cities:overview").status
                // The first goes: a new connection is served once the server has seen it go (asked
                // every 50 ms, for up to a minute, reached only on a failure).
                first = nil
                var refusals = 1
                var metrics = try request("GET", "/metrics", port: port)
                for _ in 0..<1_200 where metrics.status == 503 {
                    refusals += 1
                    Thread.sleep(forTimeInterval: 0.05)
                    metrics = try request("GET", "/metrics", port: port)
                }
                return (served, refused, closed, survivor, metrics, refusals)
            }
            #expect(served == [200, 200])
            #expect(refused.status == 503)
            #expect(refused.headers == [
                "content-type": "application/problem+json", "content-length": "\(refused.body.count)", "retry-after": "1",
                "x-content-type-options": "nosniff", "cache-control": "no-store", "connection": "close",
            ])
            #expect(refused.text
                == #"{"detail":"too many connections are open (2); try again later","status":503,"title":"Service unavailable","type":"about:blank"}"#)
            #expect(closed, "the refused connection is closed")
            #expect(survivor == 200, "the connections served before go on")
            #expect(metrics.status == 200)
            let lines = Set(metrics.text.split(separator: "\n").map(String.init))
            #expect(lines.contains("hub_connections_refused_total \(refusals)"), "\(metrics.text)")
            #expect(lines.contains("hub_connections_open 2.0"), "the second connection and the one asking: \(metrics.text)")
        }
    }
}
