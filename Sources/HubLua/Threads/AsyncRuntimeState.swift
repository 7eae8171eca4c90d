import HubCore
import HubRender

/// What the thread of an ``AsyncHubRuntime`` holds: the runtime, the screens its callers hold
/// by number, and the waits for those screens to settle.
final class AsyncRuntimeState: RuntimeThreadState {
    let runtime: HubRuntime
    /// The open screens, by the number their ``AsyncScreen`` holds.
    private var screens: [Int: Screen] = [:]
    private var lastNumber = 0
    let waits: SettleWaits

    init(runtime: HubRuntime) {
        self.runtime = runtime
        waits = SettleWaits(loop: runtime.loop)
    }

    var millisecondsToNextTimer: Int? {
        [runtime.loop.nextDue, waits.nextDeadline].compactMap { $0 }.min().map { max(0, $0 - runtime.loop.now) }
    }

    func runDueTimers() {
        runtime.loop.advance(by: 0)
        waits.endSettledWaits()
    }

    func close() {
        waits.stopAll()
        for screen in screens.values { screen.loader.close() }
        screens.removeAll()
    }

    /// A new number, for a screen or a wait.
    func nextNumber() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// Keeps `screen` under a new number, which it returns.
    func keep(_ screen: Screen) -> Int {
        let number = nextNumber()
        screens[number] = screen
        return number
    }

    /// The screen kept as `number`; ``AsyncScreenError/closed(_:)`` once it was closed.
    func screen(_ number: Int, uri: String) throws(AsyncScreenError) -> Screen {
        guard let screen = screens[number] else { throw .closed(viewURI: uri) }
        return screen
    }

    /// Stops the chain of the screen kept as `number`, and lets it go.
    func closeScreen(_ number: Int) {
        screens.removeValue(forKey: number)?.loader.close()
    }
}
