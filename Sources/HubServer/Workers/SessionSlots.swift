import Synchronization

/// The live sessions a worker may hold, counted where any thread can read and take them: a
/// slot is taken for an update stream before its session opens on the worker, and given back
/// once the stream ends, whichever side ends it.
final class SessionSlots: Sendable {
    /// The most slots taken at once.
    let capacity: Int
    private let taken = Mutex(0)

    /// Slots for at most `capacity` sessions (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many slots are taken: sessions open, or opening.
    var count: Int {
        taken.withLock { $0 }
    }

    /// Takes a slot unless all are taken; whether it did.
    func take() -> Bool {
        taken.withLock { taken in
            guard taken < capacity else { return false }
            taken += 1
            return true
        }
    }

    /// Gives back a slot that ``take()`` took.
    func giveBack() {
        taken.withLock { $0 = max(0, $0 - 1) }
    }
}
