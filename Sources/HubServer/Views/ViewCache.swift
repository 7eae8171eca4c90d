import Foundation
import HubCore
import NIOCore
import Synchronization

/// The last settled model of each view whose feature keeps its content a while (its
/// `reload_policy`), by view URI with its query: a GET within the policy is answered from here,
/// its `If-None-Match` compared before any chain runs. Emptied whenever the store changes or a
/// feature reloads; holds at most ``capacity`` views taking at most ``maxBytes`` (the oldest go
/// first, and a view bigger than that is not kept).
final class ViewCache: Sendable {
    /// How long a view's content is kept.
    enum Policy: Sendable, Equatable {
        /// For a fixed time, in milliseconds (`reload_policy = { max_age = ms }`): answered
        /// from here until then, by the server alone.
        case maxAge(Int)
        /// As the feature's `reload_policy(uri, current)` function says, asked on a worker
        /// (still no chain runs when it keeps the content).
        case ask
    }

    /// A kept view.
    struct Entry: Sendable {
        let feature: String
        let model: ViewModel
        /// Its default-schema JSON, answered as it is (every response shares the buffer).
        let json: ByteBuffer
        let tag: String
        let policy: Policy
        /// When it settled (a reading of its cache's ``ViewCache/clock``).
        let storedAt: UInt64
        /// The `Cache-Control` a client gets with it: as long as the server keeps it.
        let cacheControl: String
        /// What it takes, roughly: its JSON, and as much again for its model.
        let bytes: Int

        init(feature: String, model: ViewModel, json: ByteBuffer, tag: String, policy: Policy, storedAt: UInt64) {
            (self.feature, self.model, self.json, self.tag, self.policy, self.storedAt) = (feature, model, json, tag, policy, storedAt)
            bytes = json.readableBytes * 2
            if case .maxAge(let milliseconds) = policy {
                cacheControl = "max-age=\(milliseconds / 1_000)"
            } else {
                cacheControl = ViewCache.noCache
            }
        }

        /// Whether a `.maxAge` entry is still young enough to answer with at `now` (a reading
        /// of its cache's clock).
        func isFresh(at now: UInt64) -> Bool {
            guard case .maxAge(let milliseconds) = policy else { return false }
            // A script may keep content for longer than nanoseconds can count: then for ever.
            let (lifetime, overflow) = UInt64(milliseconds).multipliedReportingOverflow(by: 1_000_000)
            return overflow || nanoseconds(since: storedAt, at: now) < lifetime
        }

        /// Its `Age` at `now` (a reading of its cache's clock): whole seconds since it settled,
        /// so that a cache downstream counts its `max-age` from then rather than from when it
        /// got the answer.
        func age(at now: UInt64) -> String {
            String(nanoseconds(since: storedAt, at: now) / 1_000_000_000)
        }

        /// Nanoseconds from `start` to `now`; 0 for a start not yet reached.
        private func nanoseconds(since start: UInt64, at now: UInt64) -> UInt64 {
            now >= start ? now - start : 0
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// What the entries take, by their ``Entry/bytes``.
        var bytes = 0
        /// Bumped by each ``invalidate()``: a load that began before it is not kept.
        var generation = 0

        /// Forgets the entry for `uri`, if any, and what it took.
        mutating func remove(_ uri: String) {
            guard let removed = entries.removeValue(forKey: uri) else { return }
            bytes -= removed.bytes
        }
    }

    /// The `Cache-Control` of views kept nowhere: clients ask again each time.
    static let noCache = "no-cache"

    /// The most views kept.
    let capacity: Int
    /// The most bytes the views kept take, by their ``Entry/bytes``.
    let maxBytes: Int
    /// Nanoseconds now, by which the views kept age: ``MonotonicTime/now`` unless a test
    /// moves time itself.
    let clock: @Sendable () -> UInt64
    private let state = Mutex(State())

    init(
        capacity: Int = HubDefaults.Server.viewCacheCapacity, maxBytes: Int = HubDefaults.Server.viewCacheBytes,
        clock: @escaping @Sendable () -> UInt64 = { MonotonicTime.now }
    ) {
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.clock = clock
    }

    /// What the views kept take, by their ``Entry/bytes``.
    var bytes: Int {
        state.withLock { $0.bytes }
    }

    /// The view kept for `uri`, if any.
    func entry(for uri: String) -> Entry? {
        state.withLock { $0.entries[uri] }
    }

    /// A mark to hand ``keep(_:for:since:)`` with what a load started now settles to.
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Keeps `entry` for `uri` in place of what was kept for it, unless the cache was emptied
    /// since `generation` (the store changed while the view loaded, so what it settled to may be
    /// stale already). The views kept longest go until it fits both bounds; an entry bigger than
    /// ``maxBytes`` is not kept (and what was kept for `uri` is forgotten all the same).
    func keep(_ entry: Entry, for uri: String, since generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.remove(uri)
            guard entry.bytes <= maxBytes else { return }
            while state.entries.count >= capacity || state.bytes + entry.bytes > maxBytes,
                let oldest = state.entries.min(by: { $0.value.storedAt < $1.value.storedAt })?.key
            {
                state.remove(oldest)
            }
            state.entries[uri] = entry
            state.bytes += entry.bytes
        }
    }

    /// Forgets the view kept for `uri` (its policy says to load it again).
    func forget(_ uri: String) {
        state.withLock { $0.remove(uri) }
    }

    /// Forgets every view: the store changed, or features reloaded.
    func invalidate() {
        state.withLock { state in
            state.entries.removeAll()
            state.bytes = 0
            state.generation += 1
        }
    }
}
