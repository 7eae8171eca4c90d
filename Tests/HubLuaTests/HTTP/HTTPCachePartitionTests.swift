import Foundation
import HubCore
import HubRender
import HubTestBackend
import Testing
@testable import HubLua
import HubTools

/// The cache every screen shares is partitioned by feature: what one feature's requests stored
/// is never served to another's, and a response to a request with `Authorization` is stored only
/// when it says it may be.
@Suite struct HTTPCachePartitionTests {
    @Test func aFeatureIsNeverServedWhatAnotherFeatureFetched() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/shared", .respond(headers: [("Cache-Control", "public, max-age=600")], body: Array("shared".utf8)))
        backend.route("/profile", .respond(headers: [("Cache-Control", "private, max-age=600")], body: Array("owner's".utf8)))
        backend.route("/avatar", .respond(headers: [("Cache-Control", "public, max-age=600")], body: Array("avatar".utf8)))
        // Each feature fetches each URL twice, `owner` with its credentials: the titles say
        // whether each response came from the cache.
        let runtime = try makeHTTPRuntime(
            """
            local function fetched(path, headers)
              return tostring(hub.http.get("$BACKEND" .. path, { headers = headers }).from_cache)
            end
            for _, name in ipairs { "owner", "leaky" } do
              local credentials = name == "owner" and { Authorization = "Bearer owner-secret" } or nil
              hub.feature { id = name, uri = name .. ":view", hosts = { "$HOST" }, operations = { function(ctx)
                for _, path in ipairs { "/shared", "/profile", "/avatar" } do
                  local headers = path ~= "/shared" and credentials or nil
                  ctx.view:body(path).title = fetched(path, headers) .. " " .. fetched(path, headers)
                end
              end } }
            end
            """, backend: backend)
        let counts = { () -> [Int] in ["/shared", "/profile", "/avatar"].map { backend.requestCount($0) } }
        let owner = try runtime.open("owner:view")
        // `private` with Authorization: not stored, asked for again.
        #expect(titles(owner) == ["false true", "false false", "false true"])
        #expect(counts() == [1, 2, 1])

        let leaky = try runtime.open("leaky:view")
        #expect(titles(leaky) == ["false true", "false true", "false true"])
        #expect(counts() == [2, 3, 2])
        #expect(backend.requests.filter { $0.header("authorization") != nil }.map(\.uri) == ["/profile", "/profile", "/avatar"])

        // Code of the folder that belongs to no feature has the folder's own partition.
        let fromFolder = backend.substituted(#"return tostring(hub.http.get("$BACKEND/shared").from_cache)"#)
        #expect(try runtime.evaluate(fromFolder, inFolder: "Fixtures/Sandbox") == .string("false"))
        #expect(try runtime.evaluate(fromFolder, inFolder: "Fixtures/Sandbox") == .string("true"))
        #expect(backend.requestCount("/shared") == 3)
    }
}
