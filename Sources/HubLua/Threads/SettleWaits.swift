import HubCore
import HubRender

/// Screens waited on until they settle: each wait ends when its screen is no longer busy, when
/// its deadline passes, or when it is dropped; meanwhile the thread serves others and runs its
/// loop. Only the runtime's thread touches it.
package final class SettleWaits {
    /// How a wait ended.
    package enum Outcome: Sendable {
        /// The screen is no longer busy: its chain and actions have finished.
        case settled
        /// The deadline passed first; the screen may still be busy.
        case timedOut
        /// Whoever waited went away (a client, a cancelled task): no one will read the result.
        case abandoned
        /// The thread is stopping.
        case stopped
    }

    private struct Waiting {
        let screen: Screen
        /// When the wait ends at the latest, on the loop's clock.
        let deadline: Int
        /// Whether a wait that does not settle stops the screen's chain (a screen of its own), or
        /// leaves it running (a live one).
        let stopsChain: Bool
        let then: (Outcome) -> Void

        /// Stops the screen's chain, when the wait owns it.
        func stopChain() {
            if stopsChain { screen.loader.close() }
        }
    }

    private let loop: HubEventLoop
    /// By wait number.
    private var waiting: [Int: Waiting] = [:]

    /// Waits whose deadlines are on `loop`'s clock.
    package init(loop: HubEventLoop) {
        self.loop = loop
    }

    /// How many waits there are.
    package var count: Int { waiting.count }

    /// Whether wait `number` is under way.
    package func contains(_ number: Int) -> Bool { waiting[number] != nil }

    /// When the next wait times out, on the loop's clock; nil when none waits.
    package var nextDeadline: Int? { waiting.values.lazy.map(\.deadline).min() }

    /// Runs `then` once `screen` is no longer busy (at once if it is not), once `milliseconds`
    /// have passed (at once when none are left), or once wait `number` is dropped, whichever
    /// comes first; unless it settled, `screen`'s chain is then stopped when `stopsChain`. A
    /// wait with the number of one under way replaces it.
    package func wait(_ number: Int, for screen: Screen, milliseconds: Int, stopsChain: Bool, then: @escaping (Outcome) -> Void) {
        guard screen.isBusy else { return then(.settled) }
        guard milliseconds > 0 else {
            then(.timedOut)
            if stopsChain { screen.loader.close() }
            return
        }
        waiting[number] = Waiting(screen: screen, deadline: loop.now + milliseconds, stopsChain: stopsChain, then: then)
    }

    /// Ends the waits whose screens settled or whose deadlines passed, in number order; the
    /// chains of those that timed out are stopped.
    ///
    /// Each wait's outcome is decided before any ends: ending one runs scripts (an action,
    /// which may write what another waited-on screen reads and so make it busy again), and a
    /// screen that had settled has settled, whatever happens to it next.
    package func endSettledWaits() {
        guard !waiting.isEmpty else { return }
        let now = loop.now
        let ended = waiting.compactMap { number, entry -> (number: Int, entry: Waiting, outcome: Outcome)? in
            if !entry.screen.isBusy { return (number, entry, .settled) }
            return now >= entry.deadline ? (number, entry, .timedOut) : nil
        }.sorted { $0.number < $1.number }
        for (number, entry, outcome) in ended {
            waiting[number] = nil
            // A `then` may wait again (an action's second settling): it registers anew.
            entry.then(outcome)
            if outcome == .timedOut { entry.stopChain() }
        }
    }

    /// Drops wait `number` (whoever waited went away): its screen's chain stops when the wait
    /// owns it.
    package func abandon(_ number: Int) {
        guard let entry = waiting.removeValue(forKey: number) else { return }
        entry.then(.abandoned)
        entry.stopChain()
    }

    /// Ends every wait: the thread is stopping.
    package func stopAll() {
        let ended = waiting.values
        waiting.removeAll()
        for entry in ended {
            entry.then(.stopped)
            entry.stopChain()
        }
    }
}
