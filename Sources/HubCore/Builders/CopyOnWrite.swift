/// A value with copy-on-write storage: copying it is O(1); the first mutation of a shared copy
/// copies only this one value (not what it references).
///
/// Builder state is a tree of these, so a snapshot of a whole view is O(1) and a mutation copies
/// only the nodes on the path it touches.
struct CopyOnWrite<Value> {
    private final class Storage {
        // Unchecked exclusivity: only this value's accessors reach it, never re-entrantly.
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) {
        storage = Storage(value)
    }

    var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.value)
            }
            yield &storage.value
        }
    }

    /// Mutates the value in place (usable through optional chaining).
    mutating func mutate(_ body: (inout Value) -> Void) {
        body(&value)
    }
}
