import HubCore
import HubRender

/// How often changes of the store may reschedule one screen's chain: at most
/// ``mostPerWindow`` times a second of the loop's time; past that, what comes waits for the
/// next second, as one reschedule from the earliest operation asked for, and the author is
/// told. Two chains that each write what the other reads would otherwise reschedule each other
/// forever.
final class DataRescheduling {
    /// Reschedules one screen takes from the store in a second before the rest wait.
    static let mostPerWindow = 50
    /// The window, in the loop's milliseconds.
    static let window = 1_000

    private struct Window {
        var start: Int
        var count = 0
        /// The earliest operation a reschedule waiting for the next window starts from.
        var waiting: Int?
    }

    private let loop: EventLoop
    private let problems: ProblemLog
    private var windows: [ObjectIdentifier: Window] = [:]
    /// The screens rescheduled since ``takeRescheduled()`` last took them, held weakly.
    private var rescheduled: [WeakScreen] = []

    private struct WeakScreen {
        weak var screen: Screen?
    }

    init(loop: EventLoop, problems: ProblemLog) {
        self.loop = loop
        self.problems = problems
    }

    /// The screens rescheduled since the last call, still held by someone.
    func takeRescheduled() -> [Screen] {
        defer { rescheduled.removeAll() }
        return rescheduled.compactMap(\.screen)
    }

    /// Reschedules `screen`'s chain from the operation at `index` now, or, past this window's
    /// allowance, at the start of the next window; whether it did so now.
    func reschedule(_ screen: Screen, from index: Int) -> Bool {
        let key = ObjectIdentifier(screen.loader)
        let now = loop.now
        var window = windows[key] ?? Window(start: now)
        if now - window.start >= Self.window { window = Window(start: now, waiting: window.waiting) }
        window.count += 1
        defer { windows[key] = window }
        guard window.count > Self.mostPerWindow else {
            screen.loader.rescheduleOperationOnNextTurn(at: index)
            if !rescheduled.contains(where: { $0.screen === screen }) { rescheduled.append(WeakScreen(screen: screen)) }
            return true
        }
        if let waiting = window.waiting {
            window.waiting = min(waiting, index)
            return false
        }
        window.waiting = index
        problems.report(
            "view '\(screen.viewURI)': changes of the store rescheduled its chain more than \(Self.mostPerWindow) times in a second "
                + "(do two chains write what the other reads?); the next reschedule waits for the next second")
        loop.schedule(after: window.start + Self.window - now) { [weak self, weak screen] in
            guard let self, let screen, let index = self.windows[key]?.waiting else { return }
            self.windows[key]?.waiting = nil
            _ = self.reschedule(screen, from: index)
        }
        windows = windows.filter { now - $0.value.start < 10 * Self.window || $0.key == key }
        return false
    }
}
