import HubCore
import HubLua
import HubRender

/// The requests a worker took whose screens are still busy: each is answered when its chain
/// settles, when its deadline passes, or dropped when its client goes away (its connection's
/// watch tells); meanwhile the worker serves others and runs its loop. Only the worker's
/// thread touches it.
final class WaitingRequests {
    /// How a wait ended.
    typealias Outcome = SettleWaits.Outcome

    private let waits: SettleWaits
    /// Told, on another thread, the number of a waiting request whose client went away (its
    /// worker then calls ``abandon(_:)``).
    private let onDeparture: @Sendable (Int) -> Void

    init(loop: HubEventLoop, onDeparture: @escaping @Sendable (Int) -> Void) {
        waits = SettleWaits(loop: loop)
        self.onDeparture = onDeparture
    }

    /// How many requests wait.
    var count: Int { waits.count }

    /// When the next wait times out, on the loop's clock; nil when none waits.
    var nextDeadline: Int? { waits.nextDeadline }

    /// Runs `then` once `screen` is no longer busy (at once if it is not), once `ticket`'s
    /// deadline passes, or once its client goes away, whichever comes first; unless the wait
    /// settled, `screen`'s chain is then stopped when `stopsChain`.
    func wait(for screen: Screen, ticket: RequestTicket, stopsChain: Bool = true, then: @escaping (Outcome) -> Void) {
        let number = ticket.number
        let isNew = !waits.contains(number)
        waits.wait(number, for: screen, milliseconds: ticket.millisecondsLeft, stopsChain: stopsChain) { outcome in
            ticket.watch?.disarm(number)
            then(outcome)
        }
        if isNew, waits.contains(number) {
            ticket.watch?.arm(number) { [onDeparture] in onDeparture(number) }
        }
    }

    /// Ends the waits whose screens settled or whose deadlines passed (see
    /// ``SettleWaits/endSettledWaits()``).
    func endSettledWaits() {
        waits.endSettledWaits()
    }

    /// Drops the wait of request `number` (its client went away): its screen's chain stops
    /// (whatever its operations still run is cancelled), and the screen goes.
    func abandon(_ number: Int) {
        waits.abandon(number)
    }

    /// Ends every wait: the server is stopping.
    func stopAll() {
        waits.stopAll()
    }
}
