import Foundation
import HubCore
import HubLua
import HubRender
import HubTestBackend
import Logging
import Testing
@testable import HubServer

/// `hub serve` with features that download their content: the workers share one HTTP cache, and
/// a response that comes back after a view answered is pushed to its update stream.
@Suite struct HTTPServeTests {
    /// A temporary folder with a feature `news` (`news:view`) that shows a placeholder, finishes,
    /// then fetches `/news.json` from `backend` and reschedules itself with the headline; removed
    /// by `body`'s end.
    private func withNewsFeature(backend: TestBackend, _ body: (String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-news-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try backend.substituted(
            """
            hub.feature { id = "news", uri = "news:view", hosts = { "$HOST" }, operations = { function(ctx)
              if ctx.state.headline then ctx.view:body("headline").title = ctx.state.headline return end
              ctx.view:body("headline").title = "loading"
              ctx:finish()
              local response = hub.http.get("$BACKEND/news.json")
              ctx.state.headline = response:json().headline .. (response.from_cache and " (cached)" or "")
              ctx:reschedule()
            end } }
            """).write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        try await body(folder.path)
    }

    @Test func theWorkersShareOneCache() async throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/news.json", .json(#"{"headline": "Hub fetches"}"#, maxAge: 600))
        try await withNewsFeature(backend: backend) { folder in
            var configuration = HubServerConfiguration(featureFolders: [folder])
            configuration.workers = 2
            configuration.logger.logLevel = .critical
            let server = try HubServer(configuration: configuration)
            defer { server.pool.stop() }
            var headlines: [String] = []
            for worker in server.pool.workers {
                headlines.append(try await worker.perform { state in
                    let screen = try state.runtime.open("news:view")
                    state.runtime.loop.run(until: { screen.viewModel.body.first?.title != "loading" }, timeout: 5_000)
                    return screen.viewModel.body.first?.title ?? ""
                })
            }
            #expect(headlines == ["Hub fetches", "Hub fetches (cached)"])
            #expect(backend.requestCount("/news.json") == 1)
        }
    }

    @Test func aResponseThatComesAfterTheAnswerIsPushedToTheStream() async throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/news.json", .json(#"{"headline": "late news"}"#, after: 300))
        try await withNewsFeature(backend: backend) { folder in
            try await withServer([folder], configure: { $0.workers = 1 }) { server in
                let stream = try await server.events("/views/news:view/updates")
                let first = try #require(try await stream.next())
                #expect(first.data.contains(#""title":"loading""#))
                let second = try #require(try await stream.next())
                #expect(second.data.contains(#""title":"late news""#), "\(second.data)")
            }
        }
    }
}
