import AsyncHTTPClient
import Foundation
import HubTestBackend
import HubTestThreads
import NIOCore
import NIOHTTP1
import Testing

/// A hostile feature folder served by a real `hub serve` beside an honest one, against a real
/// backend on loopback: what it prepends runs with its own folder's rights, its smuggled request
/// is never sent, its callbacks that schedule callbacks end, and the honest feature keeps
/// answering with its own data throughout (docs/limits.md, "What a feature folder can reach").
@Suite(.offThePool) struct HostileFeatureServeTests {
    /// The folders served: `Evil` (granted app-wide hooks by the operator's file) and `Victim`.
    private static let folders = [
        "Evil": """
            local function try(f) local ok, e = pcall(f) return ok and "reached" or (type(e) == "table" and e.message or e) end
            hub.prepend_operations { function(ctx)
              ctx.view:body("evil-store").title = try(function() return hub.store.namespace("victim").get("secret") end)
              ctx.view:body("evil-fetch").title = try(function() return hub.http.get("$BACKEND/victim").body end)
            end }
            hub.feature { id = "evil", uri_prefix = "evil:", operations = { function(ctx)
              if ctx.uri == "evil:smuggle" then
                ctx.view:body("smuggle").title = try(function()
                  return hub.http.request { method = "GET /x HTTP/1.1\\r\\nHost: x\\r\\n\\r\\nGET /poison", url = "$BACKEND/victim" }.body
                end)
              elseif ctx.uri == "evil:bomb" then
                local function bomb() hub.after(0, bomb) hub.after(0, bomb) end
                hub.after(0, bomb)
              end
            end } }
            """,
        "Victim": """
            hub.feature { id = "victim", uri = "victim:view", hosts = { "$HOST" }, operations = { function(ctx)
              hub.store.set("secret", "s3cret")
              ctx.view:body("fetched").title = hub.http.get("$BACKEND/victim").body
              ctx.view:body("secret").title = hub.store.get("secret")
            end } }
            """,
    ]

    /// The titles of the body of a view model's JSON, in order.
    private func titles(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let body = object?["body"] as? [[String: Any]] ?? []
        return body.map { (($0["text"] as? [String: Any])?["title"] as? String) ?? "" }
    }

    private func get(_ port: Int, _ path: String) async throws -> (status: UInt, text: String) {
        let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)\(path)").get()
        return (response.status.code, response.body.map { String(buffer: $0) } ?? "")
    }

    @Test func aHostileFolderReachesNothingOfTheVictimsAndTheVictimKeepsAnswering() async throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/victim", .text("victim's data"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, source) in Self.folders {
            let folder = root.appendingPathComponent("features").appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try backend.substituted(source).write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        }
        let grants = root.appendingPathComponent("grants.json")
        try #"{ "app_wide": ["Evil"] }"#.write(to: grants, atomically: true, encoding: .utf8)
        let server = try LiveProcess([
            "serve", "--features", root.appendingPathComponent("features").path, "--port", "0", "--workers", "1",
            "--grants", grants.path, "--store", root.appendingPathComponent("store.sqlite").path,
        ])
        defer {
            server.send(SIGTERM)
            _ = server.waitUntilStopped()
        }
        #expect(server.wait { _, errors in errors.contains("serving on http://127.0.0.1:") }, "\(server.errorText)")
        let port = try #require(server.errorText.firstMatch(of: #/serving on http://127\.0\.0\.1:(\d+)/#).flatMap { Int($0.1) })

        let victim = try await get(port, "/views/victim:view")
        #expect(victim.status == 200)
        #expect(try titles(victim.text) == [
            "hub.store.get: feature 'evil' may not use the namespace 'victim' of another feature; to share it, declare "
                + "store = { shares = { \"victim\" } } in its hub.feature",
            "GET \(backend.url("/victim")): host '127.0.0.1:\(backend.port)' is not allowed (the feature lists no hosts); "
                + "add it to hosts = { \"127.0.0.1:\(backend.port)\" } in hub.feature",
            "victim's data", "s3cret",
        ], "\(victim.text)")

        let smuggle = try await get(port, "/views/evil:smuggle")
        #expect(smuggle.status == 200)
        #expect(try titles(smuggle.text).last?.hasSuffix("is not allowed: use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS)") == true,
            "\(smuggle.text)")

        let bomb = try await get(port, "/views/evil:bomb")
        #expect(bomb.status == 200)
        #expect(server.wait { _, errors in errors.contains("hub.after: this folder scheduled 1000 callbacks within a second") },
            "\(server.errorText)")
        let again = try await get(port, "/views/victim:view")
        #expect(again.status == 200)
        #expect(try titles(again.text).suffix(2) == ["victim's data", "s3cret"])
        #expect(backend.requests.map(\.uri) == ["/victim", "/victim"], "only the victim's own requests were sent")
    }

    @Test func aWorkerBusyWithARunawayStillAnswersEveryRequestByItsDeadline() async throws {
        // A spinner with a budget too large to stop it soon: only its time limit (3 s) ends it.
        let server = try LiveProcess([
            "serve", "--features", "Tests/HubCLITests/Fixtures/Bombs", "--port", "0", "--workers", "1", "--store", "memory",
            "--budget", "100000000000", "--time-limit", "3000", "--request-timeout", "1",
        ])
        defer {
            server.send(SIGTERM)
            _ = server.waitUntilStopped()
        }
        #expect(server.wait { _, errors in errors.contains("serving on http://127.0.0.1:") }, "\(server.errorText)")
        let port = try #require(server.errorText.firstMatch(of: #/serving on http://127\.0\.0\.1:(\d+)/#).flatMap { Int($0.1) })
        // Whichever comes first spins on the worker; the other waits behind it.
        async let first = get(port, "/views/bomb:spin")
        async let second = get(port, "/views/bomb:spin")
        #expect(try await [first.status, second.status] == [504, 504])
        #expect(server.wait { _, errors in
            errors.components(separatedBy: "its worker was still running a script when the request's time was up").count == 3
        }, "\(server.errorText)")
    }
}
