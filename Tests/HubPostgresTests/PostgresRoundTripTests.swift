import Foundation
import HubCore
import HubData
import HubLua
import HubTools
import HubPostgres
import HubRender
import Testing

extension PostgresTests {
    /// Bytes in, the same bytes out, on PostgreSQL: the round trip of generated Lua values and
    /// keys that HubLuaTests runs against memory and SQLite (Fixtures/StoreRoundTrip.lua), with
    /// the same transcript as the store in memory's.
    @Suite struct RoundTrip {
        static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HubLuaTests/Fixtures/StoreRoundTrip.lua").path

        /// The result of the round trip against `store`: its transcript and its problems.
        static func roundTrip(_ store: any Store) throws -> (transcript: String?, problems: String?) {
            let runtime = try HubRuntime(clock: .virtual)
            runtime.manager.store = store
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-pg-trip-\(UUID().uuidString)/trip")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #"hub.feature { id = "trip", uri = "trip:view", operations = { function() end } }"#
                .write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
            _ = try runtime.loadFeatures(at: folder.path)
            let source = try String(contentsOfFile: script, encoding: .utf8)
            _ = try runtime.evaluate("ROUND_TRIP_SEED, ROUND_TRIP_COUNT = 20261128, 600", inFolder: folder.path, chunkName: "@setup.lua")
            let result = try runtime.evaluate(source, inFolder: folder.path, chunkName: "@StoreRoundTrip.lua").objectValue
            return (result?["transcript"]?.stringValue, result?["problems"]?.stringValue)
        }

        @Test func everyGeneratedValueComesBackTheSameOrIsRefusedAsInMemory() throws {
            let store = try PostgresStore(url: SharedServer.freshDatabase("round_trip"))
            defer { store.close() }
            let postgres = try Self.roundTrip(store)
            let memory = try Self.roundTrip(MemoryStore())
            #expect(postgres.problems == "")
            #expect(memory.problems == "")
            #expect(postgres.transcript != nil && postgres.transcript == memory.transcript)
        }
    }
}
