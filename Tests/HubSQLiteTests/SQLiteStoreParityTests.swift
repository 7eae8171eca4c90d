import HubCore
import HubData
import HubSQLite
import Testing

/// The same script of calls, run against a ``MemoryStore`` (the reference) and a
/// ``SQLiteStore``, gives the same results and tells observers the same changes.
@Suite("SQLiteStore: parity with MemoryStore")
struct SQLiteStoreParityTests {
    /// What one call gave.
    enum Step: Equatable, CustomStringConvertible {
        case get(StoreKey, Result<StoredValue?, StoreFailure>)
        case list(String, Result<[String], StoreFailure>)
        case write(StoreWrite, Result<StoreWriteOutcome, StoreFailure>)

        var description: String {
            switch self {
            case .get(let key, let result): "get \(key) → \(result)"
            case .list(let call, let result): "list \(call) → \(result)"
            case .write(let write, let result): "write \(write) → \(result)"
            }
        }
    }

    static let names = ["a", "a%", "a%b", "a_", "a_b", "ab", "aé", "a\u{10FFFF}", "b", "é", "日本", "Z", "%", "_"]
    static let prefixes = ["", "a", "a%", "a_", "%", "_", "é", "日", "Z", "b", "a\u{10FFFF}", "x"]
    static let afters: [String?] = [nil, "a", "a%", "a_", "ab", "é", "Z", ""]
    static let values: [String?] = ["1", "2", #""x""#, #"{"a":[1]}"#, nil, nil]

    @Test(arguments: [1, 2, 3] as [UInt64])
    func runsAScriptLikeMemoryStore(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let stores: [any Store] = [MemoryStore(), try SQLiteStore(path: folder.file())]
        let logs = [ChangeLog(), ChangeLog()]
        let observations = zip(stores, logs).map { store, log in store.observe(log.record) }
        defer { observations.forEach { $0.cancel() } }

        var random = SplitMix64(seed: seed)
        var transcripts: [[Step]] = [[], []]
        for _ in 0..<400 {
            let namespace = ["one", "two"].randomElement(using: &random) ?? "one"
            let key = StoreKey(namespace: namespace, name: Self.names.randomElement(using: &random) ?? "a")
            let reference = try stores[0].syncGet(key).get()
            switch random.next() % 5 {
            case 0:
                for (index, store) in stores.enumerated() { transcripts[index].append(.get(key, try store.syncGet(key))) }
            case 1:
                let prefix = Self.prefixes.randomElement(using: &random) ?? ""
                let after = Self.afters.randomElement(using: &random) ?? nil
                let limit = [0, 1, 3, 100].randomElement(using: &random) ?? 100
                let call = "\(namespace) \(prefix) \(after ?? "nil") \(limit)"
                for (index, store) in stores.enumerated() {
                    transcripts[index].append(
                        .list(call, try store.syncList(namespace, prefix: prefix, after: after, limit: limit)))
                }
            default:
                let condition: StoreWrite.Condition =
                    switch random.next() % 4 {
                    case 0: .version(reference?.version)
                    case 1: .version(nil)
                    case 2: .version(Int64(random.next() % 4) + 1)
                    default: .always
                    }
                let write = StoreWrite(
                    key: key, json: Self.values.randomElement(using: &random) ?? nil, condition: condition,
                    maxKeys: random.next() % 2 == 0 ? 5 : 100, origin: random.next() % 3 == 0 ? nil : random.next() % 100)
                for (index, store) in stores.enumerated() { transcripts[index].append(.write(write, try store.syncWrite(write))) }
            }
        }
        for (memory, sqlite) in zip(transcripts[0], transcripts[1]) where memory != sqlite {
            Issue.record("memory: \(memory)\nsqlite: \(sqlite)")
            break
        }
        #expect(transcripts[0] == transcripts[1])
        let outcomes = transcripts[0].compactMap { step -> String? in
            guard case .write(_, let result) = step else { return nil }
            return switch result {
            case .success(let outcome): "\(outcome)"
            case .failure(let failure): "\(failure.kind)"
            }
        }
        for outcome in ["changed", "unchanged", "conflict", "tooManyKeys"] {
            #expect(outcomes.count(where: { $0 == outcome }) >= 5, "the script makes few writes end as \(outcome)")
        }
        #expect(logs[1].all == logs[0].all)
        for namespace in ["one", "two"] {
            #expect(try stores[1].syncList(namespace, limit: 1_000) == stores[0].syncList(namespace, limit: 1_000))
        }
    }
}

/// A seeded generator, for scripts that are the same at each run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
