import HubCore
import HubData
import Synchronization
import Testing

/// The store in memory, the reference the database backends are checked against, and the
/// prefix ranges they list by.
@Suite struct MemoryStoreTests {
    private static func key(_ name: String, in namespace: String = "notes") -> StoreKey {
        StoreKey(namespace: namespace, name: name)
    }

    /// What `write` did, answered at once.
    private static func apply(_ store: MemoryStore, _ write: StoreWrite) -> Result<StoreWriteOutcome, StoreFailure>? {
        let outcome = Mutex<Result<StoreWriteOutcome, StoreFailure>?>(nil)
        store.write(write) { result in outcome.withLock { $0 = result } }
        return outcome.withLock { $0 }
    }

    private static func value(_ store: MemoryStore, _ key: StoreKey) -> StoredValue? {
        let value = Mutex<StoredValue?>(nil)
        store.get(key) { result in value.withLock { $0 = try? result.get() } }
        return value.withLock { $0 }
    }

    @Test func versionsCountUpThroughDeletesAndConditionsDecideWrites() {
        let store = MemoryStore()
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "1")) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "1")) == .success(.unchanged))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: nil)) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: nil)) == .success(.unchanged))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "2", condition: .version(1))) == .success(.conflict))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "2", condition: .version(nil))) == .success(.changed))
        #expect(Self.value(store, Self.key("a")) == StoredValue(json: "2", version: 3))
        #expect(Self.value(store, Self.key("a", in: "other")) == nil)
    }

    @Test func aNamespaceHoldsAtMostItsKeysAndObserversHearEachChangeOnce() {
        let store = MemoryStore()
        let heard = Mutex<[StoreChange]>([])
        let observation = store.observe { change in heard.withLock { $0.append(change) } }
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "1", maxKeys: 1, origin: 7)) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("b"), json: "1", maxKeys: 1))
            == .failure(StoreFailure(.tooManyKeys, "notes/b: the namespace holds 1 keys, its most")))
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "1")) == .success(.unchanged))
        observation.cancel()
        #expect(Self.apply(store, StoreWrite(key: Self.key("a"), json: "2")) == .success(.changed))
        #expect(heard.withLock { $0 } == [StoreChange(key: Self.key("a"), origin: 7)])
    }

    /// The count of keys follows deletes and rewrites, and the default limit is reached by
    /// filling a namespace for real: each write costs the same whatever the namespace holds.
    @Test func aDeleteFreesItsKeysPlaceAndTheDefaultLimitIsTenThousandKeys() {
        let store = MemoryStore()
        let limit = StoreLimits().maxKeys
        #expect(limit == 10_000)
        for index in 0..<limit {
            #expect(Self.apply(store, StoreWrite(key: Self.key("k\(index)"), json: "1", maxKeys: limit)) == .success(.changed))
        }
        #expect(Self.apply(store, StoreWrite(key: Self.key("k0"), json: "2", maxKeys: limit)) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("extra"), json: "1", maxKeys: limit))
            == .failure(StoreFailure(.tooManyKeys, "notes/extra: the namespace holds 10000 keys, its most")))
        #expect(Self.apply(store, StoreWrite(key: Self.key("k1"), json: nil, maxKeys: limit)) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("k1"), json: nil, maxKeys: limit)) == .success(.unchanged))
        #expect(Self.apply(store, StoreWrite(key: Self.key("extra"), json: "1", maxKeys: limit)) == .success(.changed))
        #expect(Self.apply(store, StoreWrite(key: Self.key("k1"), json: "1", maxKeys: limit))
            == .failure(StoreFailure(.tooManyKeys, "notes/k1: the namespace holds 10000 keys, its most")))
        #expect(Self.apply(store, StoreWrite(key: Self.key("other"), json: "1", maxKeys: 1)) == .failure(
            StoreFailure(.tooManyKeys, "notes/other: the namespace holds 1 keys, its most")))
        #expect(Self.apply(store, StoreWrite(key: Self.key("first", in: "todo"), json: "1", maxKeys: 1)) == .success(.changed))
    }

    @Test func listingIsInByteOrderByPrefixAfterAKey() {
        let store = MemoryStore()
        for name in ["b/2", "b/10", "b/1", "é", "e\u{301}", "a"] { _ = Self.apply(store, StoreWrite(key: Self.key(name), json: "0")) }
        let listed = Mutex<[String]>([])
        store.list(namespace: "notes", prefix: "b/", after: "b/1", limit: 5) { result in listed.withLock { $0 = (try? result.get()) ?? [] } }
        #expect(listed.withLock { $0 } == ["b/10", "b/2"])
        store.list(namespace: "notes", prefix: "e", after: nil, limit: 5) { result in listed.withLock { $0 = (try? result.get()) ?? [] } }
        #expect(listed.withLock { $0 } == ["e\u{301}"])
    }

    @Test func aPrefixEndsWhereItsLastCharacterIsIncreased() {
        #expect(StoreKey.end(ofPrefix: "b/") == "b0")
        #expect(StoreKey.end(ofPrefix: "") == nil)
        #expect(StoreKey.end(ofPrefix: "a\u{D7FF}") == "a\u{E000}")
        #expect(StoreKey.end(ofPrefix: "z\u{10FFFF}") == "{")
        #expect(StoreKey.end(ofPrefix: "\u{10FFFF}") == nil)
    }
}
