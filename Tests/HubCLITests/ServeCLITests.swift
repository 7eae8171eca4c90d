import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `hub serve` as a person types it: it says where it listens, answers, logs each request with
/// its status, and stops cleanly on SIGTERM.
@Suite struct ServeCLITests {
    @Test func serveListensAnswersLogsAndStopsOnSIGTERM() async throws {
        let serve = try LiveProcess(["serve", "--features", "Examples", "--port", "0", "--workers", "1"])
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") })
        let port = try #require(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/)?.1)
        let session = URLSession(configuration: .ephemeral)
        let (data, response) = try await session.data(from: try #require(URL(string: "http://127.0.0.1:\(port)/views/cities:overview")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"body":[{"component":{"category":"row","id":"cities:row"},"id":"city-Madrid""#))
        #expect(serve.wait { _, errors in errors.contains("GET /views/cities:overview 200 ") })
        serve.send(SIGTERM)
        #expect(try serve.finish() == 0)
    }

    @Test func serveEndsItsUpdateStreamsAndStopsOnSIGTERM() async throws {
        // The server waits for open responses before it stops, and an update stream never ends
        // on its own: SIGTERM must end the streams first.
        let serve = try LiveProcess(["serve", "--features", "Examples", "--port", "0", "--workers", "1"])
        #expect(serve.wait { _, errors in errors.contains("hub: serving on http://127.0.0.1:") })
        let port = try #require(serve.errorText.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+) with 1 worker\n/)?.1)
        let updates = try #require(URL(string: "http://127.0.0.1:\(port)/views/cities:overview/updates"))
        // A session of its own: no connection kept from another test's server (whose port this
        // one may have been given) is reused.
        let session = URLSession(configuration: .ephemeral)
        let stream = Task { try await session.data(from: updates) }
        #expect(serve.wait { _, errors in errors.contains("GET /views/cities:overview/updates 200 ") }, "\(serve.errorText)")
        serve.send(SIGTERM)
        let status = serve.exitStatus(within: 20)
        #expect(status == 0, "hub serve still running 20 s after SIGTERM")
        if status == nil { serve.send(SIGKILL) }
        let (events, _) = try await stream.value
        #expect(String(decoding: events, as: UTF8.self).hasPrefix("event: model\ndata: {\"body\":[{"))
    }

    @Test func serveRefusesBadOptionsAndFoldersWithoutFeatures() throws {
        let workers = try HubProcess.run(["serve", "--workers", "0"])
        #expect(workers.status != 0)
        #expect(workers.errors.contains("--workers must be at least 1"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hub-serve-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = try HubProcess.run(["serve", "--features", empty.path, "--port", "0"])
        #expect(nothing.status == 1)
        #expect(nothing.errors.hasPrefix("hub: "))
    }
}
