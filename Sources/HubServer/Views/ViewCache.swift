import Foundation
import HubCore
import NIOCore
import Synchronization

/// The last settled model of each view whose feature keeps its content a while (its
/// `reload_policy`), by view URI with its query: a GET within the policy is answered from here,
/// its `If-None-Match` compared before any chain runs. Emptied whenever the store changes or a
/// feature reloads; holds at most ``capacity`` views (the oldest go first).
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
        /// When it settled (a ``MonotonicTime`` reading).
        let storedAt: UInt64
        /// The `Cache-Control` a client gets with it: as long as the server keeps it.
        let cacheControl: String

        init(feature: String, model: ViewModel, json: ByteBuffer, tag: String, policy: Policy, storedAt: UInt64) {
            (self.feature, self.model, self.json, self.tag, self.policy, self.storedAt) = (feature, model, json, tag, policy, storedAt)
            if case .maxAge(let milliseconds) = policy {
                cacheControl = "max-age=\(milliseconds / 1_000)"
            } else {
                cacheControl = ViewCache.noCache
            }
        }

        /// Whether a `.maxAge` entry is still young enough to answer with.
        var isFresh: Bool {
            guard case .maxAge(let milliseconds) = policy else { return false }
            // A script may keep content for longer than nanoseconds can count: then for ever.
            let (lifetime, overflow) = UInt64(milliseconds).multipliedReportingOverflow(by: 1_000_000)
            return overflow || MonotonicTime.nanoseconds(since: storedAt) < lifetime
        }

        /// Its `Age`: whole seconds since it settled, so that a cache downstream counts its
        /// `max-age` from then rather than from when it got the answer.
        var age: String {
            String(MonotonicTime.nanoseconds(since: storedAt) / 1_000_000_000)
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Bumped by each ``invalidate()``: a load that began before it is not kept.
        var generation = 0
    }

    /// The `Cache-Control` of views kept nowhere: clients ask again each time.
    static let noCache = "no-cache"

    /// The most views kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    /// The view kept for `uri`, if any.
    func entry(for uri: String) -> Entry? {
        state.withLock { $0.entries[uri] }
    }

    /// A mark to hand ``keep(_:for:since:)`` with what a load started now settles to.
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Keeps `entry` for `uri`, unless the cache was emptied since `generation` (the store
    /// changed while the view loaded, so what it settled to may be stale already).
    func keep(_ entry: Entry, for uri: String, since generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries[uri] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.storedAt < $1.value.storedAt })?.key
            {
                state.entries[oldest] = nil
            }
            state.entries[uri] = entry
        }
    }

    /// Forgets the view kept for `uri` (its policy says to load it again).
    func forget(_ uri: String) {
        state.withLock { _ = $0.entries.removeValue(forKey: uri) }
    }

    /// Forgets every view: the store changed, or features reloaded.
    func invalidate() {
        state.withLock { state in
            state.entries.removeAll()
            state.generation += 1
        }
    }
}
