import HubCore
import HubData
import HubPostgres
import Testing

extension PostgresTests {
    /// The same script against MemoryStore (the reference) and PostgresStore.
    @Suite struct Parity {
        /// A deterministic script of writes, reads and listings over a few names (with the
        /// characters LIKE would treat specially, and non-ASCII), conditions right and wrong,
        /// deletes, and small key limits.
        static func transcript(of store: any Store, namespaces: [String]) -> [String] {
            var random = SplitMix(seed: 0x5EED)
            let names = ["a", "b", "a%", "a_", "a\\", "ä", "日本", "ab"]
            let values = ["1", "2", #""x""#, "null", "[1,{\"k\":\"é\"}]"]
            let prefixes = ["", "a", "a%", "a_", "a\\", "ä", "z"]
            var lines: [String] = []
            for step in 0..<400 {
                let ns = namespaces[random.next(namespaces.count)]
                let name = names[random.next(names.count)]
                let line: String
                switch random.next(10) {
                case 0, 1, 2:
                    let json = values[random.next(values.count)]
                    let maxKeys = [3, 5, 100][random.next(3)]
                    line = "set \(name)=\(json) max \(maxKeys): \(String(describing: store.writeNow(ns, name, json, maxKeys: maxKeys)))"
                case 3, 4:
                    let expected: Int64? = random.next(4) == 0 ? nil : Int64(random.next(6))
                    let json = random.next(4) == 0 ? nil : values[random.next(values.count)]
                    let maxKeys = [3, 5][random.next(2)]
                    let outcome = store.writeNow(ns, name, json, condition: .version(expected), maxKeys: maxKeys)
                    line = "update \(name)=\(json ?? "nil") if \(expected.map(String.init) ?? "absent") max \(maxKeys): \(String(describing: outcome))"
                case 5:
                    line = "delete \(name): \(String(describing: store.writeNow(ns, name, nil)))"
                case 6, 7:
                    line = "get \(name): \(String(describing: store.getNow(ns, name)))"
                default:
                    let prefix = prefixes[random.next(prefixes.count)]
                    let after = [nil, "a", "a%", "b", "ä"][random.next(5)]
                    let limit = random.next(5)
                    line = "list \(prefix) after \(after ?? "-") limit \(limit): \(String(describing: store.listNow(ns, prefix: prefix, after: after, limit: limit)))"
                }
                lines.append("\(step) \(ns == namespaces[0] ? "first" : "second") \(line)")
            }
            for ns in namespaces {
                lines.append("final: \(String(describing: store.listNow(ns, limit: 1000)))")
            }
            return lines
        }

        @Test func sameScriptSameResults() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let namespaces = [uniqueNamespace("parity"), uniqueNamespace("parity")]
            let expected = Self.transcript(of: MemoryStore(), namespaces: namespaces)
            let got = Self.transcript(of: store, namespaces: namespaces)
            #expect(got.count == expected.count)
            for (got, expected) in zip(got, expected) where got != expected {
                Issue.record("PostgreSQL: \(got)\nmemory:     \(expected)")
                break
            }
            // The script reaches every outcome.
            let text = expected.joined(separator: "\n")
            for outcome in ["StoreWriteOutcome.changed", "StoreWriteOutcome.unchanged", "StoreWriteOutcome.conflict", "keys, its most"] {
                #expect(text.contains(outcome))
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
