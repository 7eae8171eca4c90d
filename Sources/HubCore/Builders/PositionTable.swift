/// A hash table from identifiers to positions that keeps each identifier's hash beside it:
/// growing moves the entries without hashing their strings again. With `[String: Int]`,
/// rehashing on growth was a third of adding a component to a list one at a time.
///
/// Compact, as Python's dictionaries are: the entries lie in insertion order in one array, and
/// the hashed slots hold only their 32-bit numbers, so that growing writes 4 bytes a slot rather
/// than a whole entry (a long list's growth was a third of making its components from Lua).
/// Open addressing with linear probing over a power-of-two number of slots, at most three
/// quarters used (removed entries included, until the table is made again).
struct PositionTable {
    private struct Entry {
        let hash: Int
        /// nil once removed.
        var identifier: String?
        var position: Int
    }

    /// A slot that was never used (probes stop there).
    private static let free: Int32 = 0
    /// A removed entry's slot (probes go on past it).
    private static let removed: Int32 = -1
    private static let smallest = 16

    /// Entries in the order they were added, removed ones among them until the table is remade.
    private var entries: [Entry] = []
    /// Each slot: ``free``, ``removed``, or the number of its entry (its index + 1).
    private var slots: [Int32]
    /// How many entries there are.
    private(set) var count = 0
    /// Slots holding an entry or a removed entry's mark.
    private var used = 0
    /// Entries held, removed ones not yet dropped included: what the table's memory grows with.
    var heldEntries: Int { entries.count }

    /// An empty table.
    init() {
        slots = Array(repeating: Self.free, count: Self.smallest)
    }

    /// Makes room for `capacity` entries in all (removed ones dropped), so that adding that many
    /// makes the table again at most this once.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = slots.count
        while size * 3 / 4 < capacity { size *= 2 }
        if size > slots.count { remake(size: size) }
        entries.reserveCapacity(capacity)
    }

    /// The position of `identifier`; nil when it has none.
    subscript(identifier: String) -> Int? {
        if case .found(let slot) = probe(identifier, hash: identifier.hashValue) { return entries[entry(in: slot)].position }
        return nil
    }

    /// The position of `identifier`; when it has none, gives it `position` and returns nil.
    mutating func claim(_ identifier: String, at position: Int) -> Int? {
        let hash = identifier.hashValue
        switch probe(identifier, hash: hash) {
        case .found(let slot):
            return entries[entry(in: slot)].position
        case .free(let slot):
            insert(identifier, hash: hash, position: position, at: slot)
            return nil
        }
    }

    /// Sets the position of `identifier` (adding it when it has none).
    mutating func set(_ identifier: String, to position: Int) {
        let hash = identifier.hashValue
        switch probe(identifier, hash: hash) {
        case .found(let slot): entries[entry(in: slot)].position = position
        case .free(let slot): insert(identifier, hash: hash, position: position, at: slot)
        }
    }

    /// Removes `identifier`; the position it had, nil when it had none.
    @discardableResult
    mutating func remove(_ identifier: String) -> Int? {
        guard case .found(let slot) = probe(identifier, hash: identifier.hashValue) else { return nil }
        let index = entry(in: slot)
        let position = entries[index].position
        entries[index].identifier = nil
        slots[slot] = Self.removed
        count -= 1
        return position
    }

    // MARK: Probing

    private enum Probe {
        case found(Int)
        /// Where `identifier` would go: the first removed entry's slot on the way, else the
        /// free slot that ended the probe.
        case free(Int)
    }

    /// The index in ``entries`` of the entry in `slot`.
    private func entry(in slot: Int) -> Int {
        Int(slots[slot]) - 1
    }

    private func probe(_ identifier: String, hash: Int) -> Probe {
        // Entries are read in place: copying one out would retain its identifier.
        entries.withUnsafeBufferPointer { entries in
            slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var index = hash & mask
                var firstRemoved: Int?
                while true {
                    let number = slots[index]
                    if number == Self.free { return .free(firstRemoved ?? index) }
                    if number == Self.removed {
                        if firstRemoved == nil { firstRemoved = index }
                    } else if entries[Int(number) - 1].hash == hash, entries[Int(number) - 1].identifier == identifier {
                        return .found(index)
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    private mutating func insert(_ identifier: String, hash: Int, position: Int, at slot: Int) {
        if slots[slot] == Self.free { used += 1 }
        entries.append(Entry(hash: hash, identifier: identifier, position: position))
        slots[slot] = Int32(entries.count)
        count += 1
        // Four times as many slots when mostly full: each remake moves every entry, so growing
        // by more moves each fewer times.
        if used > slots.count * 3 / 4 {
            remake(size: count > slots.count / 2 ? slots.count * 4 : slots.count)
        } else if entries.count > 2 * count + Self.smallest {
            // An identifier added again after its removal takes its old slot but a new entry:
            // without this, adding and removing one identifier over and over would keep every
            // removed entry. Remade once removed ones outnumber live ones: O(1) an insert, spread.
            remake(size: slots.count)
        }
    }

    /// Makes the slots again, `size` of them, without removed entries.
    private mutating func remake(size: Int) {
        if count < entries.count { entries.removeAll { $0.identifier == nil } }
        // As many entries as the slots take before the next remake: grown here, once, rather
        // than doubled (and copied) twice on the way.
        entries.reserveCapacity(size * 3 / 4 + 1)
        var remade = Array(repeating: Self.free, count: size)
        let mask = size - 1
        for (number, entry) in entries.enumerated() {
            var index = entry.hash & mask
            while remade[index] != Self.free { index = (index + 1) & mask }
            remade[index] = Int32(number + 1)
        }
        slots = remade
        used = count
    }
}
