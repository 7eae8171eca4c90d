import Foundation
import HubCore
import Logging
import Testing
@testable import HubServer

/// Outside development a failure's problem details name no feature, operation or `file:line`:
/// they give a generic message and the request's id, also sent as `X-Request-Id`, and the log
/// line with that id has the located error. In development (`--dev`, `--watch`) the details are
/// located. Refusals are logged at notice with the URI cut to 1 KiB.
@Suite struct ProblemDetailTests {
    /// Errors name scripts by their path from the current directory, as Hub shows them.
    static let script = ServerPaths.fixture("Live/feature.lua").replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
    static let located = "the backend is down — feature 'broken', operation 'fails', \(script):40"

    /// A folder whose feature fails to load (removed by the end of `body`), and the line its
    /// failure is told with.
    private func withBrokenFolder(_ body: (String, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-broken-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "hub.feature { id = \"gone\", uri = \"gone:view\", operations = { function() end } }\nerror(\"cannot load\")\n"
            .write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        try await body(folder.path, "cannot load — feature folder '\(folder.path)' did not load, feature.lua:2")
    }

    @Test func aFailureAnswersWithItsRequestIdAndTheLogLineWithThatIdLocatesIt() async throws {
        let log = CapturedLog()
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.logger = log.logger() }) { server in
            let failed = try await server.get("/views/broken:view")
            let id = try #require(failed.headers["x-request-id"])
            expectProblem(
                failed, status: 500, title: "The view failed to load",
                detail: "The server's log has the cause, under request id \(id).", instance: "/views/broken:view")
            #expect(!failed.text.contains("feature.lua"))
            let lines = log.lines(containing: "GET /views/broken:view 500 ")
            #expect(lines.count == 1)
            #expect(lines.first?.level == .error)
            #expect(lines.first?.requestID == id)
            #expect(lines.first?.message.hasSuffix(" ms: \(Self.located)") == true, "\(lines)")

            // Each request has its own id; an answer that did not fail has one too.
            let again = try await server.get("/views/broken:view")
            #expect(again.headers["x-request-id"] != id)
            let served = try await server.get("/views/echo:x")
            #expect(served.status == 200)
            let servedID = try #require(served.headers["x-request-id"])
            #expect(log.lines(containing: "GET /views/echo:x 200 ").map(\.requestID) == [servedID])
            #expect(log.lines(containing: "GET /views/echo:x 200 ").map(\.level) == [.info])
        }
    }

    @Test func inDevelopmentTheDetailsLocateTheFailure() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.isDevelopment = true }) { server in
            let failed = try await server.get("/views/broken:view")
            expectProblem(failed, status: 500, title: "The view failed to load", detail: Self.located, instance: "/views/broken:view")
        }
    }

    @Test func aMissingViewNamesTheFoldersThatFailedToLoadOnlyInDevelopment() async throws {
        try await withBrokenFolder { folder, failure in
            for isDevelopment in [false, true] {
                try await withServer([folder, ServerPaths.fixture("Live")], configure: { $0.isDevelopment = isDevelopment }) { server in
                    let missing = try await server.get("/views/gone:view")
                    expectProblem(
                        missing, status: 404, title: "Not found",
                        detail: isDevelopment ? "the feature for 'gone:view' did not load: \(failure)" : "no feature handles the view URI 'gone:view'",
                        instance: "/views/gone:view")
                }
            }
        }
    }

    @Test func whatNoRouteTakesAndOversizedBodiesAnswerProblemDetailsToo() async throws {
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.maxBodyBytes = 16 }) { server in
            expectProblem(
                try await server.get("/nowhere"), status: 404, title: "Not found",
                detail: "nothing is served at this path: the routes are /views/<uri>, /preview/<uri> and /metrics", instance: "/nowhere")
            expectProblem(
                try await server.post("/views/echo:x/actions", #"{"component": "uri", "custom": {}}"#), status: 413, title: "Content too large",
                detail: "the body is larger than the 16 bytes this server takes", instance: "/views/echo:x/actions")
            let metrics = try await server.get("/metrics")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="not_found"} 1"#), "\(metrics.text)")
            #expect(metrics.metricLines.contains(#"hub_rejected_requests_total{reason="body_too_large"} 1"#), "\(metrics.text)")
        }
    }

    @Test func aRequestTheParserRefusesIsAnswered400LoggedAndCounted() async throws {
        let log = CapturedLog()
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.logger = log.logger() }) { server in
            let refused = try await server.exchange("GET /views/echo:x HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n")
            #expect(refused.status == 400)
            // Answered below the router, with what every answer carries all the same.
            #expect(refused.headers["x-content-type-options"] == "nosniff", "\(refused.headers)")
            #expect(refused.headers["cache-control"] == "no-store", "\(refused.headers)")
            let lines = log.lines(containing: "refused (malformed): HTTP/1's parser says")
            #expect(lines.count == 1, "\(log.lines.map(\.message))")
            #expect(lines.first?.level == .notice)
            #expect(lines.first?.message.hasPrefix("a request from [IPv4]127.0.0.1/127.0.0.1:") == true, "\(lines)")
            let metrics = try await server.get("/metrics").text
            #expect(metrics.contains(#"hub_rejected_requests_total{reason="malformed"} 1"#), "\(metrics)")
            #expect(try await server.get("/views/echo:after").status == 200)
        }
    }

    @Test func aRefusalIsLoggedAtNoticeWithItsURICutTo1KiB() async throws {
        let log = CapturedLog()
        try await withServer([ServerPaths.fixture("Live")], configure: { $0.logger = log.logger() }) { server in
            let uri = "/views/echo:" + String(repeating: "a", count: 75_000)
            let refused = try await server.get(uri)
            #expect(refused.status == 400)
            let lines = log.lines(containing: "GET /views/echo:aaa")
            #expect(lines.count == 1)
            let line = try #require(lines.first)
            #expect(line.level == .notice)
            #expect(line.requestID == refused.headers["x-request-id"])
            let cut = String(uri.prefix(1_024)) + "… (75012 bytes)"
            #expect(line.message.hasPrefix("GET \(cut) 400 "), "\(line.message.prefix(1_100))")
            #expect(line.message.hasSuffix(" ms refused (bad_request): the view URI is longer than 2048 bytes"))
            #expect(line.message.utf8.count < 1_200)

            // A detail that echoes the request is cut too.
            let echoed = "/views/%E0" + String(repeating: "b", count: 5_000)
            #expect(try await server.get(echoed).status == 400)
            let detailLine = try #require(log.lines(containing: "GET /views/%E0bbb").first)
            #expect(detailLine.message.hasSuffix("… (\("the view URI '\(echoed.dropFirst(7))' is not valid percent-encoded UTF-8".utf8.count) bytes)"))
            #expect(detailLine.message.utf8.count < 2_200)
        }
    }

    @Test func textIsCutAtAWholeCharacter() {
        #expect(LoggedText.cut("short") == "short")
        let text = String(repeating: "a", count: 1_023) + "é" + "b"
        #expect(LoggedText.cut(text) == String(repeating: "a", count: 1_023) + "… (1026 bytes)")
    }
}
