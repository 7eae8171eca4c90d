import Synchronization

/// The observers of one store, which its backend tells of each change.
public final class StoreObservers: Sendable {
    private let observers = Mutex<(next: Int, all: [Int: @Sendable (StoreChange) -> Void])>((0, [:]))

    public init() {}

    /// Adds `observer` until the returned observation is cancelled or released.
    public func add(_ observer: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
        let number = observers.withLock { state in
            state.next += 1
            state.all[state.next] = observer
            return state.next
        }
        return StoreObservation { [weak self] in
            _ = self?.observers.withLock { $0.all.removeValue(forKey: number) }
        }
    }

    /// Tells every observer of `change` (outside the lock: an observer may observe again).
    public func notify(_ change: StoreChange) {
        let all = observers.withLock { Array($0.all.values) }
        for observer in all { observer(change) }
    }

    /// How many observers there are.
    public var count: Int { observers.withLock { $0.all.count } }
}

/// An observation of a store's changes: it lasts until ``cancel()`` or until it is released.
public final class StoreObservation: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the observation (once; later calls do nothing).
    public func cancel() {
        onCancel.withLock { action in
            defer { action = nil }
            return action
        }?()
    }

    deinit { cancel() }
}
