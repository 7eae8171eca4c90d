/// A hash table from identifiers to positions that keeps each identifier's hash beside it:
/// growing moves the entries without hashing their strings again. With `[String: Int]`,
/// rehashing on growth was a third of adding a component to a list one at a time.
///
/// Open addressing with linear probing over a power-of-two number of slots, at most three
/// quarters used (removed entries included, until the table is made again).
struct PositionTable {
    private struct Slot {
        var hash = 0
        /// nil: a free slot, or a removed entry's when `position` is ``removedMark``.
        var identifier: String?
        var position = 0
    }

    /// The position a removed entry's slot keeps, so that probes go on past it.
    private static let removedMark = Int.min
    private static let smallest = 16

    private var slots: [Slot]
    /// How many entries there are.
    private(set) var count = 0
    /// Slots holding an entry or a removed entry's mark.
    private var used = 0

    /// An empty table.
    init() {
        slots = Array(repeating: Slot(), count: Self.smallest)
    }

    /// Makes room for `capacity` entries in all (removed ones dropped), so that adding that many
    /// makes the table again at most this once.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = slots.count
        while size * 3 / 4 < capacity { size *= 2 }
        if size > slots.count { remake(size: size) }
    }

    /// The position of `identifier`; nil when it has none.
    subscript(identifier: String) -> Int? {
        let hash = identifier.hashValue
        if case .found(let slot) = probe(identifier, hash: hash) { return slots[slot].position }
        return nil
    }

    /// The position of `identifier`; when it has none, gives it `position` and returns nil.
    mutating func claim(_ identifier: String, at position: Int) -> Int? {
        let hash = identifier.hashValue
        switch probe(identifier, hash: hash) {
        case .found(let slot):
            return slots[slot].position
        case .free(let slot):
            insert(identifier, hash: hash, position: position, at: slot)
            return nil
        }
    }

    /// Sets the position of `identifier` (adding it when it has none).
    mutating func set(_ identifier: String, to position: Int) {
        let hash = identifier.hashValue
        switch probe(identifier, hash: hash) {
        case .found(let slot): slots[slot].position = position
        case .free(let slot): insert(identifier, hash: hash, position: position, at: slot)
        }
    }

    /// Removes `identifier`; the position it had, nil when it had none.
    @discardableResult
    mutating func remove(_ identifier: String) -> Int? {
        guard case .found(let slot) = probe(identifier, hash: identifier.hashValue) else { return nil }
        let position = slots[slot].position
        slots[slot] = Slot(hash: 0, identifier: nil, position: Self.removedMark)
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

    private func probe(_ identifier: String, hash: Int) -> Probe {
        // Slots are read in place: copying one out would retain its identifier.
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = hash & mask
            var firstRemoved: Int?
            while true {
                if slots[index].identifier == nil {
                    if slots[index].position != Self.removedMark { return .free(firstRemoved ?? index) }
                    if firstRemoved == nil { firstRemoved = index }
                } else if slots[index].hash == hash, slots[index].identifier == identifier {
                    return .found(index)
                }
                index = (index + 1) & mask
            }
        }
    }

    private mutating func insert(_ identifier: String, hash: Int, position: Int, at slot: Int) {
        if slots[slot].position != Self.removedMark { used += 1 }
        slots[slot] = Slot(hash: hash, identifier: identifier, position: position)
        count += 1
        // Four times as many slots when mostly full: each remake moves every entry, so growing
        // by more moves each fewer times.
        if used > slots.count * 3 / 4 { remake(size: count > slots.count / 2 ? slots.count * 4 : slots.count) }
    }

    /// Makes the slots again, `size` of them, without removed entries.
    private mutating func remake(size: Int) {
        var remade = Array(repeating: Slot(), count: size)
        let mask = size - 1
        for slot in slots where slot.identifier != nil {
            var index = slot.hash & mask
            while remade[index].identifier != nil { index = (index + 1) & mask }
            remade[index] = slot
        }
        slots = remade
        used = count
    }
}
