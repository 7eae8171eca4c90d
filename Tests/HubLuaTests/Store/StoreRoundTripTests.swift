import Foundation
import HubCore
import HubData
import HubSQLite
import Testing
@testable import HubLua

/// Bytes in, the same bytes out: generated Lua values and keys (Fixtures/StoreRoundTrip.lua)
/// come back from `hub.store` as the same Lua values, or are refused with the store's error for
/// what JSON or a key cannot hold, and the memory and SQLite stores agree case by case.
/// (HubPostgresTests runs the same script against PostgreSQL.)
@Suite struct StoreRoundTripTests {
    /// The seed and the number of cases every backend runs.
    static let seed = 20_261_128
    static let count = 600

    /// The transcript of the round trip against `store`, after checking it found no problem.
    static func transcript(of store: any Store, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let runtime = try makeStoreRuntime(#"hub.feature { id = "trip", uri = "trip:view", operations = { function() end } }"#, store: store)
        let script = try String(contentsOfFile: TestPaths.fixture("StoreRoundTrip.lua"), encoding: .utf8)
        _ = try runtime.run("ROUND_TRIP_SEED, ROUND_TRIP_COUNT = \(seed), \(count)")
        let result = try runtime.run(script)
        #expect(result.objectValue?["problems"] == .string(""), "\(store.description)", sourceLocation: sourceLocation)
        return try #require(result.objectValue?["transcript"]?.stringValue, sourceLocation: sourceLocation)
    }

    @Test func everyGeneratedValueComesBackTheSameOrIsRefusedAndMemoryAndSQLiteAgree() throws {
        let memory = try Self.transcript(of: MemoryStore())
        let sqlite = try Self.transcript(of: SQLiteStore(path: StoreSQLiteTests.file()))
        #expect(sqlite == memory)
        // The cases reach every outcome: stored, a key refused (code 8), a value refused (10).
        let outcomes = Set(memory.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") })
        #expect(outcomes.isSuperset(of: ["stored", "refused 8", "refused 10"]), "\(outcomes)")
    }
}
