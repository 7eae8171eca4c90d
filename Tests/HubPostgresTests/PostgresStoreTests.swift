import HubCore
import HubData
import HubPostgres
import HubTestPostgres
import Testing

extension PostgresTests {
    @Suite struct Basics {
        @Test func getSetDeleteWithVersions() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let ns = uniqueNamespace()

            #expect(store.getNow(ns, "a") == .success(nil))
            #expect(store.writeNow(ns, "a", "1") == .success(.changed))
            #expect(store.getNow(ns, "a") == .success(StoredValue(json: "1", version: 1)))
            #expect(store.writeNow(ns, "a", "1") == .success(.unchanged))
            #expect(store.getNow(ns, "a") == .success(StoredValue(json: "1", version: 1)))
            #expect(store.writeNow(ns, "a", #"{"x":[1,"é"]}"#) == .success(.changed))
            #expect(store.getNow(ns, "a") == .success(StoredValue(json: #"{"x":[1,"é"]}"#, version: 2)))

            // Conditional writes: the version read, or absence.
            #expect(store.writeNow(ns, "a", "3", condition: .version(1)) == .success(.conflict))
            #expect(store.writeNow(ns, "a", "3", condition: .version(nil)) == .success(.conflict))
            #expect(store.writeNow(ns, "a", "3", condition: .version(2)) == .success(.changed))
            #expect(store.getNow(ns, "a") == .success(StoredValue(json: "3", version: 3)))
            #expect(store.writeNow(ns, "b", "1", condition: .version(7)) == .success(.conflict))
            #expect(store.writeNow(ns, "b", "1", condition: .version(nil)) == .success(.changed))
            #expect(store.getNow(ns, "b") == .success(StoredValue(json: "1", version: 1)))

            // A delete keeps counting: versions never repeat.
            #expect(store.writeNow(ns, "a", nil) == .success(.changed))
            #expect(store.getNow(ns, "a") == .success(nil))
            #expect(store.writeNow(ns, "a", nil) == .success(.unchanged))
            #expect(store.writeNow(ns, "a", nil, condition: .version(3)) == .success(.conflict))
            #expect(store.writeNow(ns, "a", "5", condition: .version(nil)) == .success(.changed))
            #expect(store.getNow(ns, "a") == .success(StoredValue(json: "5", version: 5)))
            #expect(store.writeNow(ns, "never", nil) == .success(.unchanged))
            #expect(store.listNow(ns) == .success(["a", "b"]))
        }

        @Test func listsInByteOrderWithExactPrefixes() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let ns = uniqueNamespace()
            let names = ["ab", "a%", "a_b", "a\\c", "a", "Z", "z", "é", "e\u{301}", "日本", "😀", "a\u{10FFFF}", "a\u{10FFFF}b", "b", "%"]
            for name in names { #expect(store.writeNow(ns, name, "true") == .success(.changed)) }
            #expect(store.writeNow(ns, "deleted", "1") == .success(.changed))
            #expect(store.writeNow(ns, "deleted", nil) == .success(.changed))

            let byteOrder = names.sorted(by: MemoryStore.sortsBefore)
            #expect(byteOrder == ["%", "Z", "a", "a%", "a\\c", "a_b", "ab", "a\u{10FFFF}", "a\u{10FFFF}b", "b", "e\u{301}", "z", "é", "日本", "😀"])
            #expect(store.listNow(ns) == .success(byteOrder))
            #expect(store.listNow(ns, prefix: "a%") == .success(["a%"]))
            #expect(store.listNow(ns, prefix: "a_") == .success(["a_b"]))
            #expect(store.listNow(ns, prefix: "a\\") == .success(["a\\c"]))
            #expect(store.listNow(ns, prefix: "%") == .success(["%"]))
            #expect(store.listNow(ns, prefix: "a") == .success(["a", "a%", "a\\c", "a_b", "ab", "a\u{10FFFF}", "a\u{10FFFF}b"]))
            #expect(store.listNow(ns, prefix: "a\u{10FFFF}") == .success(["a\u{10FFFF}", "a\u{10FFFF}b"]))
            #expect(store.listNow(ns, prefix: "é") == .success(["é"]))
            #expect(store.listNow(ns, prefix: "e") == .success(["e\u{301}"]))
            #expect(store.listNow(ns, prefix: "日") == .success(["日本"]))
            #expect(store.listNow(ns, prefix: "q") == .success([]))
            #expect(store.listNow(ns, prefix: "dele") == .success([]))
            #expect(store.listNow(ns, prefix: "a\u{0}") == .success([]))

            // Pages: after the last name of the previous page.
            var pages: [[String]] = []
            var after: String?
            while true {
                let page = try #require(try store.listNow(ns, after: after, limit: 4)?.get())
                if page.isEmpty { break }
                pages.append(page)
                after = page.last
            }
            let expectedPages: [[String]] = stride(from: 0, to: byteOrder.count, by: 4).map { start in
                Array(byteOrder[start..<min(start + 4, byteOrder.count)])
            }
            #expect(pages == expectedPages)
            #expect(store.listNow(ns, prefix: "a", after: "a\\c", limit: 2) == .success(["a_b", "ab"]))
            #expect(store.listNow(ns, after: "a\u{0}x", limit: 2) == .success(["a%", "a\\c"]))
            #expect(store.listNow(ns, limit: 0) == .success([]))
            #expect(store.listNow(ns, limit: -3) == .success([]))
        }

        @Test func tooManyKeysCountsOnlyKeysAdded() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let ns = uniqueNamespace()
            #expect(store.writeNow(ns, "k1", "1", maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(ns, "k2", "2", maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(ns, "k3", "3", maxKeys: 2) == .failure(StoreFailure(.tooManyKeys, "\(ns)/k3: the namespace holds 2 keys, its most")))
            #expect(store.writeNow(ns, "k1", "10", maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(ns, "k1", nil, maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(ns, "k3", "3", maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(ns, "k1", "1", maxKeys: 2) == .failure(StoreFailure(.tooManyKeys, "\(ns)/k1: the namespace holds 2 keys, its most")))
            // The checks before the count: a conflict, or nothing to change.
            #expect(store.writeNow(ns, "k1", "1", condition: .version(5), maxKeys: 2) == .success(.conflict))
            #expect(store.writeNow(ns, "k1", nil, maxKeys: 2) == .success(.unchanged))
            #expect(store.writeNow(ns, "k9", "1", maxKeys: 0) == .failure(StoreFailure(.tooManyKeys, "\(ns)/k9: the namespace holds 0 keys, its most")))
            #expect(store.listNow(ns) == .success(["k2", "k3"]))
        }

        @Test func namespacesAreIsolated() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let one = uniqueNamespace("one")
            let two = uniqueNamespace("two")
            #expect(store.writeNow(one, "k", "1") == .success(.changed))
            #expect(store.writeNow(two, "k", "2") == .success(.changed))
            #expect(store.writeNow(two, "k", "3") == .success(.changed))
            #expect(store.writeNow(one, "only-one", "1", maxKeys: 2) == .success(.changed))
            #expect(store.writeNow(two, "x", "1", maxKeys: 2) == .success(.changed))
            #expect(store.getNow(one, "k") == .success(StoredValue(json: "1", version: 1)))
            #expect(store.getNow(two, "k") == .success(StoredValue(json: "3", version: 2)))
            #expect(store.listNow(one) == .success(["k", "only-one"]))
            #expect(store.listNow(two) == .success(["k", "x"]))
            #expect(store.listNow(uniqueNamespace("three")) == .success([]))
        }

        @Test func nulBytesNeverReachTheServer() throws {
            let store = try SharedServer.store()
            defer { store.close() }
            let ns = uniqueNamespace()
            #expect(store.getNow(ns, "a\u{0}b") == .success(nil))
            #expect(store.writeNow(ns, "a\u{0}b", "1") == .failure(StoreFailure(.invalidKey, "\(ns)/a\u{0}b: a key may not contain a NUL byte")))
            #expect(store.writeNow(ns, "a", "\"\u{0}\"") == .failure(StoreFailure(.invalidValue, "\(ns)/a: the value's JSON holds a NUL byte")))
            #expect(store.listNow(ns) == .success([]))
        }

        @Test func describesItselfWithoutThePassword() throws {
            let store = try PostgresStore(url: "postgres://hub:s3cret@127.0.0.1:5999/hub")
            #expect(store.description == "postgres://hub@127.0.0.1:5999/hub")
            let server = try SharedServer.get()
            #expect(server.url == "postgres://postgres@127.0.0.1:\(server.port)/hub")
        }

        @Test func aReadOnlyDatabaseRefusesWritesAndStillAnswersReads() throws {
            let server = try SharedServer.get()
            let url = try SharedServer.freshDatabase("readonly")
            let database = String(url.split(separator: "/").last ?? "")
            let writer = try PostgresStore(url: url)
            #expect(writer.writeNow("ns", "k", "1") == .success(.changed))
            writer.close()
            try server.psql("ALTER DATABASE \(database) SET default_transaction_read_only = on", database: "postgres")

            let store = try PostgresStore(url: url)
            defer { store.close() }
            let failure = try #require(store.writeNow("ns", "k", "2"))
            guard case .failure(let error) = failure else {
                Issue.record("expected a failure, got \(failure)")
                return
            }
            #expect(error.kind == .readOnly)
            #expect(error.message.hasPrefix("ns/k: PostgreSQL at 127.0.0.1:\(server.port) accepts no writes: cannot execute"))
            #expect(store.getNow("ns", "k") == .success(StoredValue(json: "1", version: 1)))
        }
    }
}
