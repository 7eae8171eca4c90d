import HubCore
import HubRender

/// The requests a worker took whose screens are still busy: each is answered when its chain
/// settles, when its deadline passes, or dropped when its client goes away; meanwhile the
/// worker serves others and runs its loop. Only the worker's thread touches it.
final class WaitingRequests {
    /// How a wait ended.
    enum Outcome {
        /// The screen is no longer busy: its chain and actions have finished.
        case settled
        /// The request's deadline passed first; the screen may still be busy.
        case timedOut
        /// The client went away: no one will read the answer.
        case abandoned
        /// The server is stopping.
        case stopped
    }

    private struct Waiting {
        let screen: Screen
        /// When the wait ends at the latest, on the loop's clock.
        let deadline: Int
        let ticket: RequestTicket
        /// Whether a wait that does not settle stops the screen's chain (the request's own
        /// screen), or leaves it running (a live session's).
        let stopsChain: Bool
        let then: (Outcome) -> Void

        /// Stops the screen's chain, when the wait owns it.
        func stopChain() {
            if stopsChain { screen.loader.close() }
        }
    }

    private let loop: EventLoop
    /// Told, on another thread, the number of a waiting request whose client went away (its
    /// worker then calls ``abandon(_:)``).
    private let onDeparture: @Sendable (Int) -> Void
    /// By request number.
    private var waiting: [Int: Waiting] = [:]

    init(loop: EventLoop, onDeparture: @escaping @Sendable (Int) -> Void) {
        self.loop = loop
        self.onDeparture = onDeparture
    }

    /// How many requests wait.
    var count: Int { waiting.count }

    /// When the next wait times out, on the loop's clock; nil when none waits.
    var nextDeadline: Int? { waiting.values.lazy.map(\.deadline).min() }

    /// Runs `then` once `screen` is no longer busy (at once if it is not), once `ticket`'s
    /// deadline passes, or once its client goes away, whichever comes first; unless the wait
    /// settled, `screen`'s chain is then stopped when `stopsChain`.
    func wait(for screen: Screen, ticket: RequestTicket, stopsChain: Bool = true, then: @escaping (Outcome) -> Void) {
        guard screen.isBusy else { return then(.settled) }
        let left = ticket.millisecondsLeft
        guard left > 0 else {
            then(.timedOut)
            if stopsChain { screen.loader.close() }
            return
        }
        let isNew = waiting[ticket.number] == nil
        waiting[ticket.number] = Waiting(
            screen: screen, deadline: loop.now + left, ticket: ticket, stopsChain: stopsChain, then: then)
        if isNew {
            let number = ticket.number
            ticket.watch?.arm(number) { [onDeparture] in onDeparture(number) }
        }
    }

    /// Ends the waits whose screens settled or whose deadlines passed, in request order; the
    /// chains of those that timed out are stopped.
    ///
    /// Each wait's outcome is decided before any is answered: answering one runs scripts (an
    /// action, which may write what another waiting screen reads and so make it busy again),
    /// and a screen that had settled has settled, whatever happens to it next.
    func endSettledWaits() {
        guard !waiting.isEmpty else { return }
        let now = loop.now
        let ended = waiting.compactMap { number, entry -> (number: Int, entry: Waiting, outcome: Outcome)? in
            if !entry.screen.isBusy { return (number, entry, .settled) }
            return now >= entry.deadline ? (number, entry, .timedOut) : nil
        }.sorted { $0.number < $1.number }
        for (number, entry, outcome) in ended {
            waiting[number] = nil
            entry.ticket.watch?.disarm(number)
            // A `then` may wait again (an action's second settling): it registers anew.
            entry.then(outcome)
            if outcome == .timedOut { entry.stopChain() }
        }
    }

    /// Drops the wait of request `number` (its client went away): its screen's chain stops
    /// (whatever its operations still run is cancelled), and the screen goes.
    func abandon(_ number: Int) {
        guard let entry = waiting.removeValue(forKey: number) else { return }
        entry.then(.abandoned)
        entry.stopChain()
    }

    /// Ends every wait: the server is stopping.
    func stopAll() {
        let ended = waiting.values
        waiting.removeAll()
        for entry in ended {
            entry.then(.stopped)
            entry.stopChain()
        }
    }
}
