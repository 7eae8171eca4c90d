import HubCore
import NIOCore
import Testing
@testable import HubServer

/// What the view cache holds is bounded twice: in views (1,024) and in bytes (64 MiB, each view
/// counted as its JSON twice, once more for its model); the views stored first go first until
/// both hold, and a view bigger than the byte bound is not kept at all.
@Suite struct ViewCacheBoundTests {
    /// A view whose JSON is `jsonBytes` long, settled at `storedAt`: ``ViewCache/Entry/bytes``
    /// counts it as twice that.
    private static func entry(jsonBytes: Int, storedAt: UInt64) -> ViewCache.Entry {
        ViewCache.Entry(
            feature: "kept", model: .empty, json: ByteBuffer(repeating: UInt8(ascii: " "), count: jsonBytes), tag: "\"\(storedAt)\"",
            policy: .maxAge(60_000), storedAt: storedAt)
    }

    /// Keeps a view of `jsonBytes` for each URI of `uris`, the first stored first.
    private static func keep(_ uris: [String], jsonBytes: Int, in cache: ViewCache, from start: UInt64 = 1) {
        for (offset, uri) in uris.enumerated() {
            cache.keep(entry(jsonBytes: jsonBytes, storedAt: start + UInt64(offset)), for: uri, since: cache.generation)
        }
    }

    /// Which of `uris` the cache keeps.
    private static func kept(_ uris: [String], in cache: ViewCache) -> [String] {
        uris.filter { cache.entry(for: $0) != nil }
    }

    private static let uris = (1...6).map { "kept:\($0)" }

    @Test func theBoundsAreHubDefaults() {
        let cache = ViewCache()
        #expect(cache.capacity == HubDefaults.Server.viewCacheCapacity && HubDefaults.Server.viewCacheCapacity == 1_024)
        #expect(cache.maxBytes == HubDefaults.Server.viewCacheBytes && HubDefaults.Server.viewCacheBytes == 64 << 20)
        #expect(Self.entry(jsonBytes: 250_000, storedAt: 1).bytes == 500_000)
    }

    @Test func theOldestViewsGoUntilWhatIsKeptFitsTheBytes() {
        let cache = ViewCache(capacity: 100, maxBytes: 1_000)
        Self.keep(Array(Self.uris.prefix(5)), jsonBytes: 100, in: cache)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:1", "kept:2", "kept:3", "kept:4", "kept:5"])
        #expect(cache.bytes == 1_000)
        // 300 bytes more: the two stored first make room.
        Self.keep(["kept:6"], jsonBytes: 150, in: cache, from: 6)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:3", "kept:4", "kept:5", "kept:6"])
        #expect(cache.bytes == 900)
    }

    @Test func aViewStoredAgainCountsOnce() {
        let cache = ViewCache(capacity: 100, maxBytes: 1_000)
        Self.keep(["kept:1", "kept:2"], jsonBytes: 200, in: cache)
        Self.keep(["kept:1"], jsonBytes: 250, in: cache, from: 3)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:1", "kept:2"])
        #expect(cache.bytes == 900)
    }

    @Test func aViewBiggerThanTheBytesIsNotKeptAndPushesNothingOut() {
        let cache = ViewCache(capacity: 100, maxBytes: 1_000)
        Self.keep(["kept:1", "kept:2"], jsonBytes: 100, in: cache)
        Self.keep(["kept:3"], jsonBytes: 501, in: cache, from: 3)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:1", "kept:2"])
        #expect(cache.bytes == 400)
        // Stored again too big, a view is forgotten: what was kept for it is older than it.
        Self.keep(["kept:1"], jsonBytes: 501, in: cache, from: 4)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:2"])
        #expect(cache.bytes == 200)
    }

    @Test func theCountStillBoundsSmallViews() {
        let cache = ViewCache(capacity: 3, maxBytes: 1_000)
        Self.keep(Self.uris, jsonBytes: 10, in: cache)
        #expect(Self.kept(Self.uris, in: cache) == ["kept:4", "kept:5", "kept:6"])
        #expect(cache.bytes == 60)
    }

    @Test func forgettingAndEmptyingGiveTheirBytesBack() {
        let cache = ViewCache(capacity: 100, maxBytes: 1_000)
        Self.keep(["kept:1", "kept:2"], jsonBytes: 100, in: cache)
        cache.forget("kept:1")
        #expect(Self.kept(Self.uris, in: cache) == ["kept:2"] && cache.bytes == 200)
        cache.invalidate()
        #expect(Self.kept(Self.uris, in: cache).isEmpty && cache.bytes == 0)
    }
}
