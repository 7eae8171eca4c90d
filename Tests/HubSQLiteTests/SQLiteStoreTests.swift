import GRDB
import HubCore
import HubSQLite
import Testing

@Suite("SQLiteStore: the semantics of a store")
struct SQLiteStoreTests {
    let folder: TemporaryFolder
    let store: SQLiteStore

    init() throws {
        folder = try TemporaryFolder()
        store = try SQLiteStore(path: folder.file("nested/folder/store.sqlite"))
    }

    @Test func describesItselfByItsFile() {
        #expect(store.description == "sqlite \(folder.path)/nested/folder/store.sqlite")
    }

    @Test func setsGetsAndDeletesWithVersionsThatNeverRepeat() throws {
        #expect(try store.value(key("a")) == nil)
        #expect(try store.set(key("a"), #"{"n":1}"#) == .changed)
        #expect(try store.value(key("a")) == StoredValue(json: #"{"n":1}"#, version: 1))
        #expect(try store.set(key("a"), #"{"n":1}"#) == .unchanged)
        #expect(try store.value(key("a")) == StoredValue(json: #"{"n":1}"#, version: 1))
        #expect(try store.set(key("a"), #"{"n":2}"#) == .changed)
        #expect(try store.value(key("a")) == StoredValue(json: #"{"n":2}"#, version: 2))
        #expect(try store.set(key("a"), nil) == .changed)
        #expect(try store.value(key("a")) == nil)
        #expect(try store.set(key("a"), nil) == .unchanged)
        #expect(try store.set(key("never"), nil) == .unchanged)
        #expect(try store.set(key("a"), "3") == .changed)
        #expect(try store.value(key("a")) == StoredValue(json: "3", version: 4))
        #expect(try store.syncList() == .success(["a"]))
    }

    @Test func conditionalWritesCompareVersions() throws {
        #expect(try store.set(key("a"), "1", condition: .version(1)) == .conflict)
        #expect(try store.set(key("a"), "1", condition: .version(nil)) == .changed)
        #expect(try store.set(key("a"), "2", condition: .version(nil)) == .conflict)
        #expect(try store.set(key("a"), "2", condition: .version(2)) == .conflict)
        #expect(try store.set(key("a"), "2", condition: .version(1)) == .changed)
        #expect(try store.set(key("a"), "2", condition: .version(2)) == .unchanged)
        #expect(try store.set(key("a"), nil, condition: .version(1)) == .conflict)
        #expect(try store.set(key("a"), nil, condition: .version(2)) == .changed)
        #expect(try store.set(key("a"), nil, condition: .version(nil)) == .unchanged)
        #expect(try store.set(key("a"), "3", condition: .version(2)) == .conflict)
        #expect(try store.set(key("a"), "3", condition: .version(nil)) == .changed)
        #expect(try store.value(key("a")) == StoredValue(json: "3", version: 4))
    }

    @Test func listsInByteOrderWithExactPrefixes() throws {
        let names = ["a", "a%", "a%b", "a_", "a_b", "ab", "aé", "a\u{10FFFF}", "b", "é", "日本", "Z", "aa", "a b", "a%%"]
        for name in names { try store.set(key(name), "true") }
        try store.set(key("gone"), "1")
        try store.set(key("gone"), nil)
        let all = ["Z", "a", "a b", "a%", "a%%", "a%b", "a_", "a_b", "aa", "ab", "aé", "a\u{10FFFF}", "b", "é", "日本"]
        #expect(try store.syncList() == .success(all))
        #expect(try store.syncList(prefix: "a%") == .success(["a%", "a%%", "a%b"]))
        #expect(try store.syncList(prefix: "a_") == .success(["a_", "a_b"]))
        #expect(try store.syncList(prefix: "%") == .success([]))
        #expect(try store.syncList(prefix: "_") == .success([]))
        #expect(try store.syncList(prefix: "é") == .success(["é"]))
        #expect(try store.syncList(prefix: "日") == .success(["日本"]))
        #expect(try store.syncList(prefix: "a\u{10FFFF}") == .success(["a\u{10FFFF}"]))
        #expect(try store.syncList(prefix: "A") == .success([]))
        #expect(try store.syncList(prefix: "a", after: "a_b", limit: 3) == .success(["aa", "ab", "aé"]))
        #expect(try store.syncList(prefix: "a", after: "zzz") == .success([]))
        #expect(try store.syncList(limit: 0) == .success([]))
        #expect(try store.syncList(limit: -1) == .success([]))
    }

    @Test func pagesWithAfterAndLimit() throws {
        for number in 0..<25 { try store.set(key("k\(number)"), "\(number)") }
        var pages: [[String]] = []
        var after: String?
        repeat {
            let page = try store.syncList(prefix: "k", after: after, limit: 10).get()
            pages.append(page)
            after = page.last
        } while pages.last?.count == 10
        #expect(pages == [
            ["k0", "k1", "k10", "k11", "k12", "k13", "k14", "k15", "k16", "k17"],
            ["k18", "k19", "k2", "k20", "k21", "k22", "k23", "k24", "k3", "k4"],
            ["k5", "k6", "k7", "k8", "k9"],
        ])
    }

    @Test func refusesAKeyPastMaxKeys() throws {
        #expect(try store.set(key("a"), "1", maxKeys: 2) == .changed)
        #expect(try store.set(key("b"), "1", maxKeys: 2) == .changed)
        #expect(try store.syncWrite(StoreWrite(key: key("c"), json: "1", maxKeys: 2))
            == .failure(StoreFailure(.tooManyKeys, "notes/c: the namespace holds 2 keys, its most")))
        #expect(try store.set(key("a"), "2", maxKeys: 2) == .changed)
        #expect(try store.set(key("c"), nil, maxKeys: 2) == .unchanged)
        #expect(try store.set(key("c"), "1", condition: .version(5), maxKeys: 2) == .conflict)
        #expect(try store.set(key("c"), "1", maxKeys: 2, in: "other") == .changed)
        #expect(try store.set(key("b"), nil, maxKeys: 2) == .changed)
        #expect(try store.set(key("c"), "1", maxKeys: 2) == .changed)
        #expect(try store.syncList() == .success(["a", "c"]))
    }

    @Test func keepsNamespacesApart() throws {
        try store.set(key("a", in: "one"), #""first""#)
        try store.set(key("a", in: "one"), #""second""#)
        try store.set(key("a", in: "two"), #""other""#)
        try store.set(key("b", in: "two"), "2")
        #expect(try store.value(key("a", in: "one")) == StoredValue(json: #""second""#, version: 2))
        #expect(try store.value(key("a", in: "two")) == StoredValue(json: #""other""#, version: 1))
        #expect(try store.value(key("b", in: "one")) == nil)
        #expect(try store.syncList("one") == .success(["a"]))
        #expect(try store.syncList("two") == .success(["a", "b"]))
        #expect(try store.syncList("three") == .success([]))
        try store.set(key("a", in: "two"), nil)
        #expect(try store.value(key("a", in: "one")) == StoredValue(json: #""second""#, version: 2))
    }

    @Test func survivesReopening() throws {
        let path = folder.file("reopened.sqlite")
        do {
            let first = try SQLiteStore(path: path)
            try first.set(key("a"), #"{"x":[1,2]}"#)
            try first.set(key("a"), #"{"x":[1,2,3]}"#)
            try first.set(key("b"), "true")
            try first.set(key("b"), nil)
            try first.set(key("c", in: "other"), #""ü""#)
        }
        let second = try SQLiteStore(path: path)
        #expect(try second.value(key("a")) == StoredValue(json: #"{"x":[1,2,3]}"#, version: 2))
        #expect(try second.value(key("b")) == nil)
        #expect(try second.value(key("c", in: "other")) == StoredValue(json: #""ü""#, version: 1))
        #expect(try second.syncList() == .success(["a"]))
        #expect(try second.set(key("b"), "false") == .changed)
        #expect(try second.value(key("b")) == StoredValue(json: "false", version: 3))
    }

    @Test func leavesTheFileInWALModeForEveryConnectionThatOpensIt() throws {
        try store.set(key("a"), "1")
        // The journal mode is kept in the file: a plain connection of another program sees it.
        let other = try DatabaseQueue(path: folder.file("nested/folder/store.sqlite"))
        #expect(try other.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try other.read { try String.fetchOne($0, sql: "SELECT json FROM hub_store") } == "1")
    }
}

extension Store {
    /// Sets `key` renamed into `namespace`.
    fileprivate func set(_ key: StoreKey, _ json: String?, maxKeys: Int, in namespace: String) throws -> StoreWriteOutcome {
        try set(StoreKey(namespace: namespace, name: key.name), json, maxKeys: maxKeys)
    }
}
