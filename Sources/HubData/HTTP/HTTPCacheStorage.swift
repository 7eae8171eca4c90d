import HubCore

/// The entries of an ``HTTPCache``, at most `capacity` bytes of them, in order of use: the least
/// recently used make room for new ones. Every operation costs O(1), times the number of
/// variants of one URL where it looks among them.
struct HTTPCacheStorage: Sendable {
    /// A place for an entry in `slots`, linked to its neighbours in order of use (-1: none).
    private struct Slot: Sendable {
        var entry: HTTPCacheEntry?
        var older = -1
        var newer = -1
    }

    /// The most bytes the entries may take together.
    let capacity: Int
    /// The bytes the entries take together.
    private(set) var byteCount = 0
    /// How many entries there are.
    private(set) var count = 0
    /// The entries; a free slot's entry is nil, and its index is in `freeSlots`.
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    /// The slots of the most and of the least recently used entries (-1: none).
    private var newest = -1
    private var oldest = -1
    /// The slots of the entries of each key, the most recently stored last.
    private var variants: [HTTPCacheEntry.Key: [Int]] = [:]

    /// No entries, at most `capacity` bytes of them.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The slot of the most recently stored entry that answers `request` of `partition`; nil: none.
    func slot(answering request: HubHTTPRequest, partition: String) -> Int? {
        variants[HTTPCacheEntry.key(request, partition: partition)]?.last { slots[$0].entry?.selects(request) == true }
    }

    /// The entry in `slot`, which holds one.
    subscript(slot: Int) -> HTTPCacheEntry {
        guard let entry = slots[slot].entry else { preconditionFailure("HTTPCacheStorage: slot \(slot) is free") }
        return entry
    }

    /// Makes the entry in `slot` the most recently used.
    mutating func use(_ slot: Int) {
        unlink(slot)
        linkAsNewest(slot)
    }

    /// Removes the entries answering `request` of `partition`, then adds `entry` (nil: none)
    /// when it fits in `capacity`, removing the least recently used entries until it does.
    mutating func replace(entriesAnswering request: HubHTTPRequest, partition: String, with entry: HTTPCacheEntry?) {
        let key = HTTPCacheEntry.key(request, partition: partition)
        for slot in variants[key] ?? [] where self[slot].selects(request) {
            remove(slot)
        }
        guard let entry, entry.size <= capacity else { return }
        while byteCount > capacity - entry.size, oldest >= 0 {
            remove(oldest)
        }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].entry = entry
        } else {
            slot = slots.count
            slots.append(Slot(entry: entry))
        }
        linkAsNewest(slot)
        variants[entry.key, default: []].append(slot)
        byteCount += entry.size
        count += 1
    }

    /// Removes the entries of `key`.
    mutating func remove(key: HTTPCacheEntry.Key) {
        for slot in variants[key] ?? [] {
            remove(slot)
        }
    }

    /// Removes the entry in `slot`.
    mutating func remove(_ slot: Int) {
        let entry = self[slot]
        unlink(slot)
        slots[slot].entry = nil
        freeSlots.append(slot)
        byteCount -= entry.size
        count -= 1
        variants[entry.key]?.removeAll { $0 == slot }
        if variants[entry.key]?.isEmpty == true {
            variants[entry.key] = nil
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = HTTPCacheStorage(capacity: capacity)
    }

    /// Takes `slot` out of the order of use.
    private mutating func unlink(_ slot: Int) {
        let (older, newer) = (slots[slot].older, slots[slot].newer)
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        slots[slot].older = -1
        slots[slot].newer = -1
    }

    /// Puts `slot`, out of the order of use, at its most recent end.
    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
