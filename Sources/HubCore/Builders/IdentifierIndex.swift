/// Each identifier's position in a component list: a map from identifier to position whose
/// copies are O(1) and whose first change after a copy costs in proportion to the changes since
/// it last merged, not to the number of identifiers.
///
/// Entries live in a base, which copies share and never change, plus the changes made since the
/// base was shared; the changes are merged into a new base once they pass a fraction of it.
struct IdentifierIndex {
    private final class Base {
        // Unchecked exclusivity: only this index's accessors reach these, never re-entrantly.
        @exclusivity(unchecked) var positions: PositionTable
        init(_ positions: PositionTable) { self.positions = positions }
    }

    /// A change's position for an identifier removed from the base.
    private static let removed = -1
    /// The changes are merged into a new base when there are more than the base's count over this.
    private static let mergeDivisor = 2

    /// The entries as of the last merge; nil when there were none.
    private var base: Base?
    /// Positions set (or ``removed``) since the base was shared; empty while it is not.
    private var changes: [String: Int] = [:]

    /// The position of `identifier`; nil when it has none.
    subscript(identifier: String) -> Int? {
        if !changes.isEmpty, let position = changes[identifier] {
            return position == Self.removed ? nil : position
        }
        return base?.positions[identifier]
    }

    /// The position of `identifier`; when it has none, gives it `position` and returns nil.
    mutating func claim(_ identifier: String, at position: Int) -> Int? {
        if let owned = ownedBase() {
            // One hashed lookup that inserts when missing, instead of a lookup and then an insert.
            return owned.positions.claim(identifier, at: position)
        }
        // A shared base: an identifier in it is checked against the changes (an ensure of an
        // existing one); a new one costs a lookup in the base and one hashed claim in the changes.
        if let existing = base?.positions[identifier] {
            guard let change = changes[identifier] else { return existing }
            guard change == Self.removed else { return change }
            self.change(identifier, to: position)
            return nil
        }
        guard let existing = Self.claim(&changes[identifier, default: Self.removed], position) else {
            mergeIfLarge()
            return nil
        }
        return existing
    }

    /// Sets the position of `identifier`, which has one, to `position`.
    mutating func update(_ identifier: String, to position: Int) {
        if let owned = ownedBase() {
            owned.positions.set(identifier, to: position)
        } else {
            change(identifier, to: position)
        }
    }

    /// Removes `identifier`; the position it had, nil when it had none.
    mutating func remove(_ identifier: String) -> Int? {
        if let owned = ownedBase() {
            return owned.positions.remove(identifier)
        }
        guard let position = self[identifier] else { return nil }
        change(identifier, to: Self.removed)
        return position
    }

    /// Sets `slot` to `position` when it is unclaimed (``removed``) and returns nil; the
    /// position it holds otherwise.
    private static func claim(_ slot: inout Int, _ position: Int) -> Int? {
        guard slot == removed else { return slot }
        slot = position
        return nil
    }

    /// The base, with the changes folded in, when no copy shares it (made when there is none);
    /// nil when it is shared.
    private mutating func ownedBase() -> Base? {
        if isKnownUniquelyReferenced(&base), let base {
            if !changes.isEmpty {
                Self.fold(changes, into: &base.positions)
                changes = [:]
            }
            return base
        }
        if base != nil { return nil }
        let created = Base(PositionTable())
        base = created
        return created
    }

    /// Records a change on a shared base.
    private mutating func change(_ identifier: String, to position: Int) {
        changes[identifier] = position
        mergeIfLarge()
    }

    /// Merges the changes into a new base of this index's own once they pass a fraction of the
    /// shared one, so that merging costs O(1) a change, amortized, and lookups stay one or two.
    private mutating func mergeIfLarge() {
        guard let shared = base, changes.count > shared.positions.count / Self.mergeDivisor else { return }
        var merged = shared.positions
        // Made again at its new size at once, rather than copied and then grown.
        merged.reserveCapacity(merged.count + changes.count)
        Self.fold(changes, into: &merged)
        base = Base(merged)
        changes = [:]
    }

    private static func fold(_ changes: [String: Int], into positions: inout PositionTable) {
        for (identifier, position) in changes {
            if position == removed {
                positions.remove(identifier)
            } else {
                positions.set(identifier, to: position)
            }
        }
    }
}
