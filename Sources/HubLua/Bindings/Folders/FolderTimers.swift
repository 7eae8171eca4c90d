import HubCore

/// The `hub.after` callbacks of one feature folder and what they may still do, so that
/// callbacks that schedule callbacks end within a limit like any other runaway: at most
/// ``HubDefaults/Limits/waitingCallbacks`` waiting at once and
/// ``HubDefaults/Limits/callbacksPerSecond`` scheduled in a second of the loop's clock, and
/// together one instruction budget per ``HubDefaults/Limits/callbackBudgetWindow``.
final class FolderTimers {
    /// The timers of the callbacks waiting, by the number each was given.
    private var waiting: [Int: HubEventLoop.TimerID] = [:]
    private var sequence = 0
    /// The second (of the loop's clock, in ms) being counted, and the callbacks scheduled in it.
    private var second: Int?
    private var scheduledThisSecond = 0
    /// The budget window being counted, and the instructions the callbacks ran in it.
    private var window: Int?
    private var instructionsThisWindow = 0

    /// Why one more callback may not be scheduled at `now` (ms); nil when it may, and then it
    /// is counted.
    func refusal(now: Int) -> String? {
        if !Self.isWithin(second, length: 1_000, now: now) {
            second = now
            scheduledThisSecond = 0
        }
        if waiting.count >= HubDefaults.Limits.waitingCallbacks {
            return "\(waiting.count) callbacks of this folder are already waiting (at most \(HubDefaults.Limits.waitingCallbacks))"
        }
        if scheduledThisSecond >= HubDefaults.Limits.callbacksPerSecond {
            return "this folder scheduled \(scheduledThisSecond) callbacks within a second "
                + "(at most \(HubDefaults.Limits.callbacksPerSecond): callbacks that schedule callbacks are a loop)"
        }
        scheduledThisSecond += 1
        return nil
    }

    /// A number for a callback about to be scheduled.
    func nextNumber() -> Int {
        sequence += 1
        return sequence
    }

    /// Records that callback `number` waits for the timer `id`.
    func waits(_ number: Int, on id: HubEventLoop.TimerID) {
        waiting[number] = id
    }

    /// Forgets callback `number`, whose timer fired; false when it was cancelled meanwhile.
    func fired(_ number: Int) -> Bool {
        waiting.removeValue(forKey: number) != nil
    }

    /// Takes every waiting callback's timer, for the caller to cancel.
    func removeAll() -> [HubEventLoop.TimerID] {
        defer { waiting = [:] }
        return Array(waiting.values)
    }

    /// The instructions the folder's callbacks may still run at `now` (ms) of a `budget` each
    /// window.
    func instructionsLeft(now: Int, budget: Int) -> Int {
        if !Self.isWithin(window, length: HubDefaults.Limits.callbackBudgetWindow, now: now) {
            window = now
            instructionsThisWindow = 0
        }
        return budget - instructionsThisWindow
    }

    /// Counts `instructions` a callback ran.
    func charge(_ instructions: Int) {
        instructionsThisWindow += instructions
    }

    /// Whether `now` (ms) falls in the `length` ms that began at `start`.
    private static func isWithin(_ start: Int?, length: Int, now: Int) -> Bool {
        guard let start, now >= start else { return false }
        return now - start < length
    }
}
