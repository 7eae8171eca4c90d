import Foundation
import Synchronization

/// What other threads hand an ``HubEventLoop``: numbered values its thread picks up and runs the
/// handlers of, and the wait of a loop with nothing else to do.
final class EventLoopMailbox: @unchecked Sendable {
    /// A delivery: the callback's number and its value (nil: dropped without a value).
    struct Letter {
        let number: Int
        let value: (any Sendable)?

        /// A letter for no callback (numbers start at 1): it only wakes the loop.
        static let nudge = Letter(number: 0, value: nil)
    }

    // Guarded by `condition`. A condition variable, not a `Mutex`: ``wait(milliseconds:)``
    // blocks the loop's thread until a letter is posted or the time is up, which a lock alone
    // cannot do; the class is unchecked because `condition` guards these fields.
    private let condition = NSCondition()
    private var letters: [Letter] = []
    private var wakeUp: (@Sendable () -> Void)?
    /// How many letters wait: read without the lock, so that a loop that fires timer after timer
    /// (a chain) looks at an empty mailbox for the price of one load. A letter posted just after
    /// a look that saw none is taken at the next look, or wakes ``wait(milliseconds:)``.
    private let count = Atomic(0)

    /// Adds `letter` and wakes the loop (and whoever ``setWakeUp(_:)`` named).
    func post(_ letter: Letter) {
        condition.lock()
        letters.append(letter)
        count.add(1, ordering: .releasing)
        let wakeUp = self.wakeUp
        condition.signal()
        condition.unlock()
        wakeUp?()
    }

    /// Takes every letter posted so far, in order.
    func take() -> [Letter] {
        guard count.load(ordering: .acquiring) > 0 else { return [] }
        condition.lock()
        defer { condition.unlock() }
        count.subtract(letters.count, ordering: .relaxed)
        defer { letters.removeAll(keepingCapacity: true) }
        return letters
    }

    /// Waits until a letter is posted, or `milliseconds` have passed (nil: no limit).
    func wait(milliseconds: Int?) {
        condition.lock()
        defer { condition.unlock() }
        guard letters.isEmpty else { return }
        if let milliseconds {
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(milliseconds) / 1_000))
        } else {
            condition.wait()
        }
    }

    /// Also calls `wakeUp` on each post: for a thread that waits on something else than the
    /// loop (a server's worker waiting for jobs).
    func setWakeUp(_ wakeUp: (@Sendable () -> Void)?) {
        condition.lock()
        self.wakeUp = wakeUp
        condition.unlock()
    }
}

/// A callback another thread calls to hand a result back to the ``HubEventLoop`` that made it
/// (``HubEventLoop/callback(_:)``). Only its first ``deliver(_:)`` counts; dropping it undelivered
/// tells the loop not to wait for it any more.
public final class LoopCallback<Value: Sendable>: Sendable {
    private let mailbox: EventLoopMailbox?
    /// The callback's number in its loop.
    let number: Int
    private let delivered = Mutex(false)
    /// Without a loop: the handler, run where ``deliver(_:)`` is called (a run of a loader made
    /// without a loop, which only a single-threaded test drives).
    nonisolated(unsafe) private let direct: ((Value) -> Void)?

    init(mailbox: EventLoopMailbox, number: Int) {
        self.mailbox = mailbox
        self.number = number
        direct = nil
    }

    /// A callback with no loop: ``deliver(_:)`` runs `handler` on the thread that calls it.
    init(calling handler: @escaping (Value) -> Void) {
        mailbox = nil
        number = 0
        direct = handler
    }

    /// Runs the loop-side handler with `value` on the loop's thread (once: later calls do nothing).
    public func deliver(_ value: Value) {
        guard delivered.withLock({ done in defer { done = true }; return !done }) else { return }
        if let direct { return direct(value) }
        mailbox?.post(.init(number: number, value: value))
    }

    deinit {
        if !delivered.withLock({ $0 }) { mailbox?.post(.init(number: number, value: nil)) }
    }
}

/// What another thread calls, any number of times, to hand values to the ``HubEventLoop`` that
/// made it (``HubEventLoop/subscribe(_:)``).
public final class LoopSubscription<Value: Sendable>: Sendable {
    private let mailbox: EventLoopMailbox
    /// The subscription's number in its loop.
    let number: Int

    init(mailbox: EventLoopMailbox, number: Int) {
        self.mailbox = mailbox
        self.number = number
    }

    /// Runs the loop-side handler with `value` on the loop's thread, at its next turn.
    public func deliver(_ value: Value) {
        mailbox.post(.init(number: number, value: value))
    }
}

extension HubEventLoop {
    /// Calls `wakeUp` whenever another thread delivers to this loop: for a thread that waits
    /// on something else between turns of the loop (nil: nobody).
    public func setWakeUp(_ wakeUp: (@Sendable () -> Void)?) {
        mailbox.setWakeUp(wakeUp)
    }
}
