import Foundation

/// A single-threaded event loop with timers, on a virtual or a real clock.
///
/// A runtime lives on one loop: asynchronous work (sleeping operations, image loads) is
/// scheduled here and runs on the same thread. With the virtual clock, time only moves when
/// the loop runs, so tests are instant and deterministic.
public final class EventLoop {
    /// How the loop's time passes.
    public enum Clock: Sendable {
        /// Time jumps straight to the next timer.
        case virtual
        /// Time is the wall clock; the loop sleeps until the next timer.
        case real
    }

    private struct Timer {
        var due: Int
        var sequence: Int
        /// Whether the timer only watches for something that does not happen (a timeout).
        var isWatchdog: Bool
        var work: () -> Void
    }

    /// How the loop's time passes.
    public let clock: Clock
    private var timers: [Timer] = []
    private var sequence = 0
    private var virtualNow = 0
    private let start = DispatchTime.now().uptimeNanoseconds

    /// A loop with no timers whose time passes by `clock`.
    public init(clock: Clock) {
        self.clock = clock
    }

    /// Milliseconds since the loop was created.
    public var now: Int {
        switch clock {
        case .virtual: return virtualNow
        case .real: return Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
    }

    /// Runs `work` after `milliseconds` (0 or less: on the next turn), after timers due earlier
    /// or at the same time and scheduled before it. A watchdog (a timeout) fires when time
    /// passes, but is not work that ``run(until:timeout:)`` waits for.
    public func schedule(after milliseconds: Int, isWatchdog: Bool = false, _ work: @escaping () -> Void) {
        sequence += 1
        timers.append(Timer(due: Self.time(now, plus: milliseconds), sequence: sequence, isWatchdog: isWatchdog, work: work))
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
            guard timers.contains(where: { !$0.isWatchdog }), let next = nextTimer() else { return false }
            if let deadline, timers[next].due > deadline {
                wait(until: deadline)
                return condition()
            }
            fire(next)
        }
        return true
    }

    /// Lets `milliseconds` pass, running every timer that falls due meanwhile; stops early,
    /// right after a timer, when `shouldContinue` says so.
    public func advance(by milliseconds: Int, while shouldContinue: () -> Bool = { true }) {
        let deadline = Self.time(now, plus: milliseconds)
        while let next = nextTimer(), timers[next].due <= deadline {
            fire(next)
            guard shouldContinue() else { return }
        }
        wait(until: deadline)
    }

    /// When the next timer falls due (milliseconds of ``now``); nil when there is none.
    public var nextDue: Int? {
        nextTimer().map { timers[$0].due }
    }

    private func nextTimer() -> Int? {
        timers.indices.min { (timers[$0].due, timers[$0].sequence) < (timers[$1].due, timers[$1].sequence) }
    }

    private func fire(_ index: Int) {
        let timer = timers.remove(at: index)
        wait(until: timer.due)
        timer.work()
    }

    private func wait(until due: Int) {
        switch clock {
        case .virtual:
            virtualNow = max(virtualNow, due)
        case .real:
            let remaining = due - now
            if remaining > 0 { Thread.sleep(forTimeInterval: Double(remaining) / 1000) }
        }
    }
}
