import Foundation
import HubCore
import HubPostgres
import HubTestPostgres
import Synchronization
import Testing

extension PostgresTests {
    /// Several stores (standing for several processes) on one database at once.
    @Suite struct Concurrency {
        @Test func twoStoresIncrementingOneCounterLoseNothing() throws {
            let stores = [try SharedServer.store(), try SharedServer.store()]
            defer { for store in stores { store.close() } }
            let ns = uniqueNamespace("counter")
            let failures = Mutex<[String]>([])

            onThreads(2) { index in
                let store = stores[index]
                var done = 0
                while done < 1_000 {
                    guard case .success(let current)? = store.getNow(ns, "counter") else {
                        failures.withLock { $0.append("get failed") }
                        return
                    }
                    let next = (current.flatMap { Int($0.json) } ?? 0) + 1
                    switch store.writeNow(ns, "counter", String(next), condition: .version(current?.version)) {
                    case .success(.changed)?: done += 1
                    case .success(.conflict)?: continue  // the other thread wrote first: read again
                    case let other:
                        failures.withLock { $0.append("write: \(String(describing: other))") }
                        return
                    }
                }
            }

            #expect(failures.withLock { $0 } == [])
            #expect(stores[0].getNow(ns, "counter") == .success(StoredValue(json: "2000", version: 2_000)))
        }

        @Test func maxKeysHoldsUnderConcurrentAdds() throws {
            let stores = [try SharedServer.store(), try SharedServer.store()]
            defer { for store in stores { store.close() } }
            let ns = uniqueNamespace("limit")
            let outcomes = Mutex<[String: Int]>([:])

            onThreads(4) { index in
                for key in 0..<10 {
                    let outcome = stores[index % 2].writeNow(ns, "t\(index)-k\(key)", "1", maxKeys: 7)
                    let label: String
                    switch outcome {
                    case .success(let outcome)?: label = "\(outcome)"
                    case .failure(let failure)?: label = "\(failure.kind)"
                    case nil: label = "no answer"
                    }
                    outcomes.withLock { $0[label, default: 0] += 1 }
                }
            }

            #expect(outcomes.withLock { $0 } == ["changed": 7, "tooManyKeys": 33])
            #expect(try stores[0].listNow(ns)?.get().count == 7)
        }

        @Test func storesOpeningAFreshDatabaseTogetherMakeTheSchemaOnce() throws {
            let server = try SharedServer.get()
            for round in 0..<2 {
                let url = try SharedServer.freshDatabase("schema\(round)")
                let database = String(url.split(separator: "/").last ?? "")
                let stores = try (0..<3).map { _ in try PostgresStore(url: url) }
                defer { for store in stores { store.close() } }
                let outcomes = Mutex<[Int: String]>([:])

                onThreads(3) { index in
                    let outcome = stores[index].writeNow("ns", "k\(index)", "\(index)")
                    outcomes.withLock { $0[index] = String(describing: outcome) }
                }

                let expected = String(describing: Optional(Result<StoreWriteOutcome, StoreFailure>.success(.changed)))
                #expect(outcomes.withLock { $0 } == [0: expected, 1: expected, 2: expected])
                #expect(try server.psql("SELECT count(*), max(version) FROM hub_store_schema", database: database) == "1|2")
                #expect(try server.psql("SELECT name, json, version FROM hub_store ORDER BY name", database: database) == "k0|0|1\nk1|1|1\nk2|2|1")
                #expect(try server.psql("SELECT namespace, keys FROM hub_store_keys", database: database) == "ns|3")
            }
        }
    }
}
