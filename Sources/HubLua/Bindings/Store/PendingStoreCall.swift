import Dispatch
import HubCore
internal import LuaBridge
import Synchronization

/// The outcome of a store call on its way from the backend's thread (or at once, from a store
/// in memory) to the runtime's thread.
final class PendingStoreCall<Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, StoreFailure>

    private struct State {
        var outcome: Outcome?
        var handler: (@Sendable (Outcome) -> Void)?
    }

    private let state = Mutex(State())

    /// What the backend calls with the outcome (only the first call counts).
    @Sendable func complete(_ outcome: Outcome) {
        let handler = state.withLock { state -> (@Sendable (Outcome) -> Void)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.handler = nil }
            return state.handler
        }
        handler?(outcome)
    }

    /// The outcome, if the backend gave it already.
    var outcome: Outcome? { state.withLock { $0.outcome } }

    /// Calls `handler` with the outcome: at once when it came already, or when it comes (one
    /// handler at most).
    func whenDone(_ handler: @escaping @Sendable (Outcome) -> Void) {
        let outcome = state.withLock { state -> Outcome? in
            if state.outcome == nil { state.handler = handler }
            return state.outcome
        }
        if let outcome { handler(outcome) }
    }

    /// Waits (blocking the calling thread, at most `milliseconds`) for the outcome; nil when
    /// none came, or Ctrl-C ended the wait (``LuaState/interruptible(waking:_:)``).
    func wait(milliseconds: Int) -> Outcome? {
        let semaphore = DispatchSemaphore(value: 0)
        whenDone { _ in semaphore.signal() }
        LuaState.wakingOnInterrupt({ semaphore.signal() }) {
            _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
        }
        return outcome
    }
}
