import HubCore
import HubRender

/// How often changes of the store may reschedule one screen's chain: at most
/// ``mostPerWindow`` times in each ``window`` of the loop's time (50 a second). Past that, the
/// changes that come are held, merged into one reschedule from the earliest operation they ask
/// for, which runs when the window is over: a change is never dropped, so every open view shows
/// the last change within a window's time. Two chains that each write what the other reads
/// would otherwise reschedule each other forever; the author is told, once a screen (a burst
/// of writes by many clients is no mistake, and its screens keep up all the same).
///
/// A change that asks for a run already queued and not started (from that operation or an
/// earlier one) needs nothing more: that run reads the store after the change.
final class DataRescheduling {
    /// Reschedules one screen takes from the store in a window before the rest are held.
    static let mostPerWindow = 25
    /// The window, in the loop's milliseconds.
    static let window = 500

    /// One screen's allowance in its current window.
    private struct Allowance {
        /// The screen: a screen made later at the same address is another screen.
        weak var screen: Screen?
        var start: Int
        var count = 0
        /// The reschedule held for the end of the window: the earliest operation it runs from.
        var held: Int?
        /// Whether the author was told that the screen's changes were held.
        var told = false
    }

    private let loop: HubEventLoop
    private let problems: ProblemLog
    private var allowances: [ObjectIdentifier: Allowance] = [:]
    /// How many allowances there were after the last sweep of those whose screens are gone.
    private var countAfterSweep = 0
    /// The screens rescheduled since ``takeRescheduled()`` last took them, held weakly.
    private var rescheduled: [WeakScreen] = []

    private struct WeakScreen {
        weak var screen: Screen?
    }

    init(loop: HubEventLoop, problems: ProblemLog) {
        self.loop = loop
        self.problems = problems
    }

    /// The screens rescheduled since the last call, still held by someone.
    func takeRescheduled() -> [Screen] {
        defer { rescheduled.removeAll() }
        return rescheduled.compactMap(\.screen)
    }

    /// Reschedules `screen`'s chain from the operation at `index` now, or, past this window's
    /// allowance, when the window is over; whether it did so now.
    func reschedule(_ screen: Screen, from index: Int) -> Bool {
        if screen.loader.hasQueuedRun(from: index) { return true }
        sweepIfGrown()
        let key = ObjectIdentifier(screen)
        let now = loop.now
        var allowance = allowances[key].flatMap { $0.screen === screen ? $0 : nil } ?? Allowance(screen: screen, start: now)
        defer { allowances[key] = allowance }
        if let held = allowance.held {
            allowance.held = min(held, index)
            return false
        }
        if now - allowance.start >= Self.window { (allowance.start, allowance.count) = (now, 0) }
        allowance.count += 1
        if allowance.count <= Self.mostPerWindow {
            screen.loader.rescheduleOperationOnNextTurn(at: index)
            if !rescheduled.contains(where: { $0.screen === screen }) { rescheduled.append(WeakScreen(screen: screen)) }
            return true
        }
        allowance.held = index
        if !allowance.told {
            allowance.told = true
            problems.report(.storeChanges(
                of: screen.viewURI,
                message: "changes of the store came more than \(Self.mostPerWindow * 1_000 / Self.window) times a "
                    + "second; its chain reruns for the latest every \(Self.window) ms (do two chains write what the other reads?)"))
        }
        loop.schedule(after: allowance.start + Self.window - now) { [weak self, weak screen] in
            self?.releaseHeld(key, screen: screen)
        }
        return false
    }

    /// Runs the reschedule held for the screen of `key` (a window is over), or forgets the
    /// screen when it is gone.
    private func releaseHeld(_ key: ObjectIdentifier, screen: Screen?) {
        guard let screen, let index = allowances[key]?.held, allowances[key]?.screen === screen else {
            allowances[key] = nil
            return
        }
        allowances[key]?.held = nil
        _ = reschedule(screen, from: index)
    }

    /// Forgets the allowances of screens that are gone, once there are twice as many as after
    /// the last sweep (a server opens a screen per request).
    private func sweepIfGrown() {
        guard allowances.count > 2 * countAfterSweep + 16 else { return }
        allowances = allowances.filter { $0.value.screen != nil }
        countAfterSweep = allowances.count
    }
}
