import Foundation
import HeapModule

/// A single-threaded event loop with timers, on a virtual or a real clock, and a mailbox through
/// which other threads hand back the results of work they did for it (``callback(_:)``).
///
/// A runtime lives on one loop: asynchronous work (sleeping operations, image loads, HTTP
/// responses) is scheduled here and runs on the same thread. With the virtual clock, time only
/// moves when the loop runs, so tests are instant and deterministic; work another thread does
/// (a real network exchange) is waited for in real time, before any watchdog fires.
public final class HubEventLoop {
    /// How the loop's time passes.
    public enum Clock: Sendable {
        /// Time jumps straight to the next timer.
        case virtual
        /// Time is the wall clock; the loop sleeps until the next timer.
        case real
    }

    /// A scheduled timer, to cancel it by.
    public struct TimerID: Hashable, Sendable {
        fileprivate let sequence: Int
    }

    private struct Timer {
        /// Whether the timer only watches for something that does not happen (a timeout).
        var isWatchdog: Bool
        var work: () -> Void
    }

    /// When a timer falls due; timers due at the same time fire in the order they were made.
    private struct Due: Comparable {
        let time: Int
        let sequence: Int

        static func < (lhs: Due, rhs: Due) -> Bool {
            (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
        }
    }

    /// How the loop's time passes.
    public let clock: Clock
    /// The timers by sequence number; a cancelled one is gone from here at once (and its work
    /// with it), and from `queue` when it comes first or when most of the queue is cancelled.
    private var timers: [Int: Timer] = [:]
    /// When each timer falls due, soonest first: finding the next costs O(log n), where a scan
    /// of every timer made a server that opens a screen per request slower the more it served.
    private var queue = Heap<Due>()
    /// How many timers are work, not watchdogs: what ``run(until:timeout:)`` waits for.
    private var workCount = 0
    private var sequence = 0
    private var virtualNow = 0
    private let start = MonotonicTime.now
    /// What other threads delivered, waiting to run here.
    let mailbox = EventLoopMailbox()
    /// The loop-side handlers of the callbacks not yet delivered, by number.
    private var awaiting: [Int: (any Sendable) -> Void] = [:]
    /// The loop-side handlers of subscriptions, by number: delivered to any number of times,
    /// and never work the loop waits for.
    private var subscribers: [Int: (any Sendable) -> Void] = [:]

    /// A loop with no timers whose time passes by `clock`.
    public init(clock: Clock) {
        self.clock = clock
    }

    /// Milliseconds since the loop was created.
    public var now: Int {
        switch clock {
        case .virtual: return virtualNow
        case .real: return Int(MonotonicTime.nanoseconds(since: start) / 1_000_000)
        }
    }

    /// Runs `work` after `milliseconds` (0 or less: on the next turn), after timers due earlier
    /// or at the same time and scheduled before it. A watchdog (a timeout) fires when time
    /// passes, but is not work that ``run(until:timeout:)`` waits for. ``cancel(_:)`` with the
    /// identifier returned drops it.
    @discardableResult
    public func schedule(after milliseconds: Int, isWatchdog: Bool = false, _ work: @escaping () -> Void) -> TimerID {
        sequence += 1
        timers[sequence] = Timer(isWatchdog: isWatchdog, work: work)
        // Real time is counted in whole milliseconds since the start: up to one has passed of
        // the one `now` is in, so a timer falls due one later, never before its time.
        let delay = clock == .real && milliseconds > 0 && milliseconds < Int.max ? milliseconds + 1 : milliseconds
        queue.insert(Due(time: Self.time(now, plus: delay), sequence: sequence))
        if !isWatchdog { workCount += 1 }
        return TimerID(sequence: sequence)
    }

    /// Drops the timer `id` unless it has fired (or was dropped) already.
    public func cancel(_ id: TimerID) {
        guard let timer = timers.removeValue(forKey: id.sequence) else { return }
        if !timer.isWatchdog { workCount -= 1 }
        // Cancelled entries are skipped when they come first; once they are most of the queue
        // (a timeout per request, each cancelled when its run ends), it is made again without them.
        if queue.count > 64, queue.count > 2 * timers.count {
            queue = Heap(queue.unordered.filter { timers[$0.sequence] != nil })
        }
    }

    /// `time` plus `milliseconds` (negative ones count as 0), or the end of time when that does
    /// not fit.
    private static func time(_ time: Int, plus milliseconds: Int) -> Int {
        let (sum, overflow) = time.addingReportingOverflow(max(0, milliseconds))
        return overflow ? Int.max : sum
    }

    /// Runs timers until `condition` holds. Returns false when nothing is left to run but
    /// watchdogs while the condition is still false (it could only change by timing out), or
    /// when `timeout` milliseconds have passed.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Int? = nil) -> Bool {
        let deadline = timeout.map { Self.time(now, plus: $0) }
        while !condition() {
            if deliverMail() { continue }
            guard workCount > 0 || !awaiting.isEmpty else { return false }
            let next = nextTimer()
            if let next, clock == .real ? next.time <= now : awaiting.isEmpty || !isWatchdog(next) {
                if let deadline, next.time > deadline {
                    wait(until: deadline)
                    return condition()
                }
                fire(next)
                continue
            }
            // Nothing can fire yet: wait for another thread's delivery (in real time, also on a
            // virtual clock, where a watchdog must not fire before real work had its chance), or
            // for the next timer on a real clock.
            if let deadline, now >= deadline { return condition() }
            if awaiting.isEmpty, next == nil { return false }
            let until = [clock == .real ? next?.time : nil, clock == .real ? deadline : nil].compactMap { $0 }.min()
            mailbox.wait(milliseconds: until.map { max(1, $0 - now) })
        }
        return true
    }

    /// Lets `milliseconds` pass, running every timer that falls due meanwhile; stops early,
    /// right after a timer or while it waits for the next (on a real clock), when
    /// `shouldContinue` says so (``nudge`` makes a waiting loop ask again).
    public func advance(by milliseconds: Int, while shouldContinue: () -> Bool = { true }) {
        let deadline = Self.time(now, plus: milliseconds)
        deliverMail()
        while true {
            let next = nextTimer().flatMap { $0.time <= deadline ? $0 : nil }
            guard wait(until: next?.time ?? deadline, while: shouldContinue) else { return }
            guard let next else {
                deliverMail()
                return
            }
            // What came meanwhile may have scheduled a timer due before it: that one goes first.
            guard nextTimer() == next else { continue }
            fire(next)
            deliverMail()
            guard shouldContinue() else { return }
        }
    }

    /// Makes the loop, when it waits, look again at once at what it waits for (a
    /// ``run(until:timeout:)`` condition, an ``advance(by:while:)`` `while`); any thread may
    /// call it: a signal's watcher, when what the loop waits on behalf of must stop.
    public var nudge: @Sendable () -> Void {
        { [mailbox] in mailbox.post(.nudge) }
    }

    // MARK: Work done on other threads

    /// A callback another thread calls, once, to run `handler` with its result on this loop's
    /// thread. Until it is delivered (or dropped without delivering, or ``forget(_:)`` lets go
    /// of it), the loop counts it as work that ``run(until:timeout:)`` waits for.
    public func callback<Value: Sendable>(_ handler: @escaping (Value) -> Void) -> LoopCallback<Value> {
        sequence += 1
        awaiting[sequence] = Self.erased(handler)
        return LoopCallback(mailbox: mailbox, number: sequence)
    }

    /// `handler` taking any value, run only with one of its own type.
    private static func erased<Value>(_ handler: @escaping (Value) -> Void) -> (any Sendable) -> Void {
        { value in
            if let value = value as? Value { handler(value) }
        }
    }

    /// Stops waiting for `callback`: its handler will not run, whatever it delivers later.
    public func forget<Value>(_ callback: LoopCallback<Value>) {
        awaiting[callback.number] = nil
    }

    /// A subscription other threads deliver to any number of times, to run `handler` with each
    /// value on this loop's thread, in order, at the loop's next turn; until ``unsubscribe(_:)``.
    /// Unlike a callback, it is not work the loop waits for.
    public func subscribe<Value: Sendable>(_ handler: @escaping (Value) -> Void) -> LoopSubscription<Value> {
        sequence += 1
        subscribers[sequence] = Self.erased(handler)
        return LoopSubscription(mailbox: mailbox, number: sequence)
    }

    /// Ends `subscription`: what it delivers later is dropped.
    public func unsubscribe<Value>(_ subscription: LoopSubscription<Value>) {
        subscribers[subscription.number] = nil
    }

    /// How many callbacks the loop waits for.
    public var awaitedCount: Int { awaiting.count }

    /// Runs the handlers of what other threads delivered; whether there was any.
    @discardableResult
    func deliverMail() -> Bool {
        let letters = mailbox.take()
        for letter in letters {
            guard let value = letter.value else {
                awaiting[letter.number] = nil
                continue
            }
            if let handler = awaiting.removeValue(forKey: letter.number) ?? subscribers[letter.number] { handler(value) }
        }
        return !letters.isEmpty
    }

    /// Whether the timer `due` only watches for something that does not happen.
    private func isWatchdog(_ due: Due) -> Bool {
        timers[due.sequence]?.isWatchdog ?? false
    }

    /// How many timers the queue holds, cancelled ones not yet dropped included (what tests
    /// check that cancelled timers do not pile up by).
    var queuedCount: Int { queue.count }

    /// When the next timer falls due (milliseconds of ``now``); nil when there is none.
    public var nextDue: Int? {
        nextTimer()?.time
    }

    /// The next timer that was not cancelled (the cancelled ones before it are dropped).
    private func nextTimer() -> Due? {
        while let first = queue.min {
            if timers[first.sequence] != nil { return first }
            queue.removeMin()
        }
        return nil
    }

    /// Runs the timer `due` (the next one), once its time has come.
    private func fire(_ due: Due) {
        queue.removeMin()
        guard let timer = timers.removeValue(forKey: due.sequence) else { return }
        if !timer.isWatchdog { workCount -= 1 }
        wait(until: due.time)
        timer.work()
    }

    /// Lets time pass until `due`, running what other threads deliver meanwhile; on a real
    /// clock, gives up as soon as `shouldContinue` says no (it is asked after each delivery).
    /// Whether `due` came.
    @discardableResult
    private func wait(until due: Int, while shouldContinue: () -> Bool = { true }) -> Bool {
        switch clock {
        case .virtual:
            virtualNow = max(virtualNow, due)
        case .real:
            // Sleeps on the mailbox, running what other threads deliver meanwhile.
            while case let remaining = due - now, remaining > 0 {
                guard shouldContinue() else { return false }
                mailbox.wait(milliseconds: remaining)
                deliverMail()
            }
        }
        return true
    }
}
