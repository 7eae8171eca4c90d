import Foundation
import HubCore
import Testing
@testable import HubServer

/// Bad input gets a status and RFC 9457 problem details that say what and where (in development:
/// ProblemDetailTests has what they say otherwise), and the server goes on answering: unknown
/// views, malformed bodies, oversized bodies, bad URIs, failing and runaway operations.
@Suite struct BadRequestTests {
    /// The problem details of `response`: its status member and detail.
    private func problem(_ response: WireResponse) throws -> (status: Int?, detail: String?) {
        #expect(response.headers["content-type"] == "application/problem+json")
        let object = try JSONParser.parse(bytes: response.body).objectValue
        return (object?["status"]?.intValue, object?["detail"]?.stringValue)
    }

    @Test func everyBadRequestIsAnsweredAndTheServerGoesOn() async throws {
        try await withServer([ServerPaths.fixture("Live"), ServerPaths.examples], configure: { $0.maxBodyBytes = 1_024; $0.isDevelopment = true }) { server in
            let unknown = try await server.get("/views/nowhere:view")
            #expect(unknown.status == 404)
            #expect(try problem(unknown) == (404, "no feature handles the view URI 'nowhere:view'"))

            let malformed = try await server.post("/views/songs:list/actions", #"{"component": "song-1""#)
            #expect(malformed.status == 400)
            #expect(try problem(malformed).detail?.hasPrefix("the body is not JSON: line 1, column 23") == true)
            #expect(try await server.post("/views/songs:list/actions", "[1, 2]").status == 400)
            #expect(try problem(await server.post("/views/songs:list/actions", #"{"id": "no-colon", "component": "a"}"#)).detail
                == #""id" must be an action identifier 'namespace:name'"#)
            #expect(try problem(await server.post("/views/songs:list/actions", #"{"custom": {}}"#)).detail
                == #"the body must name a component: "component" (its identifier) or "path" (its index path)"#)
            let wrongMethod = try await server.post("/views/songs:list", "{}")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD")

            let oversized = try await server.post("/views/songs:list/actions", #"{"component": ""# + String(repeating: "x", count: 2_000) + #""}"#)
            #expect(oversized.status == 413)

            #expect(try await server.get("/views/echo%3Aa%20space").status == 400)
            #expect(try await server.get("/views/echo:a%01control").status == 400)
            #expect(try await server.get("/views/" + String(repeating: "e", count: 2_100)).status == 400)
            #expect(try await server.get("/views/echo%E0%A4").status == 400)

            // Errors name scripts by their path from the current directory, as Hub shows them.
            let script = ServerPaths.fixture("Live/feature.lua")
                .replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
            let failed = try await server.get("/views/broken:view")
            #expect(failed.status == 500)
            #expect(try problem(failed) == (500, "the backend is down — feature 'broken', operation 'fails', \(script):40"))

            let runaway = try await server.get("/views/runaway:view")
            #expect(runaway.status == 500)
            #expect(try problem(runaway).detail
                == "instruction budget exceeded (1000000 instructions) — feature 'runaway', operation 'forever', \(script):49")

            #expect(try await server.get("/views/cities:overview").status == 200)
            #expect(try await server.get("/views/echo:still-here").text.contains("echo:still-here"))
        }
    }

    @Test func metricsCountRequestsViewsAndErrorsPerFeature() async throws {
        try await withServer([ServerPaths.fixture("Live"), ServerPaths.examples]) { server in
            for _ in 0..<3 { _ = try await server.get("/views/cities:overview") }
            _ = try await server.get("/views/broken:view")
            _ = try await server.get("/views/nowhere:view")
            let metrics = try await server.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.headers["content-type"] == "text/plain; version=0.0.4")
            let lines = Set(metrics.text.split(separator: "\n").map(String.init))
            #expect(lines.contains(#"hub_view_requests_total{feature="cities"} 3"#))
            #expect(lines.contains(#"hub_view_requests_total{feature="broken"} 1"#))
            #expect(lines.contains(#"hub_view_errors_total{feature="broken"} 1"#))
            #expect(lines.contains(#"hub_view_errors_total{feature="-"} 1"#))
            #expect(lines.contains(#"hub_chain_duration_seconds_count{feature="cities"} 3"#))
            #expect(lines.contains(#"hub_http_requests_total{method="GET",status="200"} 3"#))
            #expect(lines.contains(#"hub_http_requests_total{method="GET",status="500"} 1"#))
            #expect(lines.contains(#"hub_http_requests_total{method="GET",status="404"} 1"#))
        }
    }
}
