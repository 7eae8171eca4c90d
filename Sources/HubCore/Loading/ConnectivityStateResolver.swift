/// Told when a connectivity state resolver's state may have changed.
public protocol ConnectivityStateResolverObserver: AnyObject {
    /// Called when `resolver`'s state may have changed; ask it for the current state.
    func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver)
}

/// Resolves whether the device is online, and notifies observers of changes.
public protocol ConnectivityStateResolver: AnyObject {
    /// The current connectivity state.
    func resolveConnectivityState() -> ConnectivityState
    /// Adds a weakly held observer.
    func addObserver(_ observer: any ConnectivityStateResolverObserver)
    /// Removes `observer`; it is not notified any more.
    func removeObserver(_ observer: any ConnectivityStateResolverObserver)
}

/// A connectivity state resolver whose state is set by hand (default: online).
///
/// Setting ``state`` does not notify observers; ``notifyObservers()`` does, as a platform
/// resolver would after a change.
public final class ManualConnectivityStateResolver: ConnectivityStateResolver {
    private struct WeakObserver {
        weak var observer: (any ConnectivityStateResolverObserver)?
    }

    /// The state the next resolve returns.
    public var state: ConnectivityState
    private var observers: [WeakObserver] = []

    /// A resolver in `state` (online by default).
    public init(state: ConnectivityState = .online) {
        self.state = state
    }

    public func resolveConnectivityState() -> ConnectivityState { state }

    public func addObserver(_ observer: any ConnectivityStateResolverObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        observers.append(WeakObserver(observer: observer))
    }

    public func removeObserver(_ observer: any ConnectivityStateResolverObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Tells every live observer that the state may have changed.
    public func notifyObservers() {
        for entry in observers {
            entry.observer?.connectivityStateResolverStateDidChange(self)
        }
    }

    /// Sets the state and notifies observers.
    public func update(_ newState: ConnectivityState) {
        state = newState
        notifyObservers()
    }
}
