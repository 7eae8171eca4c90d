import HubCore
import HubLua

// `hub profile`: per operation time, instructions, memory and waits, and a sampled profile of
// the Lua functions and lines that ran.

extension HubRuntime {
    /// Starts profiling what runs from now on (open a screen, reload it): each operation's and
    /// action's runs are measured, and the stacks of what runs under the instruction budget are
    /// sampled every `every` instructions the budget counts, where it counts them: the Lua
    /// lines running, a host function for its cost (without a budget, nothing is sampled).
    /// False when a profile is on already (a script's `s:profile` too).
    @discardableResult
    public func startProfile(every: Int = HubDefaults.Profile.period) -> Bool {
        bindings.runner.startProfile(every: every)
    }

    /// Stops profiling and gives what it found; nil when no profile was on.
    public func stopProfile() -> ProfileReport? {
        bindings.runner.stopProfile().map(ProfileReport.init)
    }
}
