// `hub profile`: per operation time, instructions, memory and waits, and a sampled profile of
// the Lua functions and lines that ran.

extension HubRuntime {
    /// The instructions between two samples unless told otherwise.
    public static let defaultProfilePeriod = 1_000

    /// Starts profiling what runs from now on (open a screen, reload it): each operation's and
    /// action's runs are measured, and the stacks of what runs under the instruction budget are
    /// sampled every `every` instructions the budget counts, where it counts them: the Lua
    /// lines running, a host function for its cost (without a budget, nothing is sampled).
    /// False when a profile is on already.
    @discardableResult
    public func startProfile(every: Int = defaultProfilePeriod) -> Bool {
        bindings.runner.startProfile(every: every)
    }

    /// Stops profiling and gives the profile; nil when none was on.
    public func stopProfile() -> Profile? {
        bindings.runner.stopProfile()
    }
}
