import Foundation
import HubCore
import HubLua
import HubTools
import HubPostgres
import HubRender
import HubTestPostgres
import Testing

extension PostgresTests {
    /// `max_keys` on PostgreSQL as on SQLite: each namespace's count kept beside its keys, so
    /// that a namespace filled in one go is refused at its limit with the same store error, and
    /// a database an older Hub made (schema version 1, no counts) is counted when first opened.
    @Suite struct KeyLimit {
        /// An action that sets `fill/1`, `fill/2`, ... until the store refuses, and says where.
        /// The feature declares 500 keys at most: the limit is met as the default 10,000 is
        /// (`StoreLimits()`'s, which DefaultsTests checks), in a twentieth of the round trips.
        static let feature = """
            hub.feature { id = "fill", uri = "fill:view", store = { max_keys = 500 },
              operations = { function(ctx) ctx.view:body("a").title = "fill" end } }
            hub.action("fill:many", function()
              for i = 1, 100000 do hub.store.set("fill/" .. i, i) end
              return true
            end)
            """

        @Test func anActionSettingAHundredThousandKeysIsRefusedAtTheFirstPastMaxKeysWithTheStoresError() throws {
            let store = try PostgresStore(url: SharedServer.freshDatabase("key_limit"))
            defer { store.close() }
            // The virtual clock: five hundred round trips take what the machine takes, never
            // the action's time.
            let runtime = try HubRuntime(clock: .virtual)
            runtime.manager.store = store
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-pg-fill-\(UUID().uuidString)/fill")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.feature.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
            _ = try runtime.loadFeatures(at: folder.path)
            let result = try runtime.evaluate(
                """
                local s = hub.open("fill:view")
                local ok, e = pcall(s.perform, s, "fill:many")
                return { tostring(ok), e.domain, e.code, e.message, #hub.store.list("fill/", { limit = 1000 }) }
                """, inFolder: folder.path, chunkName: "@case.lua")
            #expect(result == .array([
                .string("false"), .string("store"), .int(StoreFailure.Kind.tooManyKeys.rawValue),
                .string("hub.store.set: fill/fill/501: the namespace holds 500 keys, its most"), .int(500),
            ]))
            #expect(try SharedServer.get().psql("SELECT keys FROM hub_store_keys WHERE namespace = 'fill'", database: store.url.database) == "500")
        }

        @Test func aDatabaseOfSchemaVersionOneIsCountedWhenFirstOpened() throws {
            let server = try SharedServer.get()
            let url = try SharedServer.freshDatabase("version_one")
            let database = String(url.split(separator: "/").last ?? "")
            // What version 1 made: the keys (one deleted), and its version.
            _ = try server.psql(
                """
                CREATE TABLE hub_store (namespace TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL, json TEXT NULL,
                    version BIGINT NOT NULL, PRIMARY KEY (namespace, name));
                INSERT INTO hub_store VALUES ('a', 'k1', '1', 1), ('a', 'k2', '2', 1), ('a', 'gone', NULL, 2), ('b', 'k1', '1', 1);
                CREATE TABLE hub_store_schema (version INTEGER NOT NULL);
                INSERT INTO hub_store_schema VALUES (1);
                """, database: database)
            let store = try PostgresStore(url: url)
            defer { store.close() }
            #expect(store.writeNow("a", "k3", "3", maxKeys: 3) == .success(.changed))
            #expect(store.writeNow("a", "k4", "4", maxKeys: 3)
                == .failure(StoreFailure(.tooManyKeys, "a/k4: the namespace holds 3 keys, its most")))
            #expect(store.writeNow("a", "k1", nil, maxKeys: 3) == .success(.changed))
            #expect(store.writeNow("a", "k4", "4", maxKeys: 3) == .success(.changed))
            #expect(try server.psql("SELECT version FROM hub_store_schema", database: database) == "2")
            #expect(try server.psql("SELECT namespace, keys FROM hub_store_keys ORDER BY namespace", database: database) == "a|3\nb|1")
        }
    }
}
