import HubCore
internal import LuaBridge

extension HubRuntime {
    /// What a runtime's scripts may use before they fail with a located error that their own
    /// `pcall` cannot swallow: instructions and wall-clock time per call or operation run, and
    /// memory for the whole runtime. Each starts at its `HubDefaults/Limits` value; 0 lifts it.
    public struct Limits: Equatable, Sendable {
        /// Instructions a script may run per call, and an operation per run (across all its
        /// resumes and callbacks), before it fails with "instruction budget exceeded". A
        /// feature or operation may lower it for itself (`budget = N`).
        public var instructionBudget: Int
        /// Bytes of memory the runtime's scripts may make it hold, before an allocation fails
        /// with "not enough memory".
        public var memory: Int
        /// Wall-clock milliseconds a script may run without returning or yielding before it
        /// fails with "time limit exceeded": a backstop for work no instruction count measures.
        /// It is checked as instructions are counted, so it applies only under an
        /// ``instructionBudget``.
        public var timeLimit: Int

        /// Limits of the given values, each `HubDefaults/Limits`' unless given.
        public init(
            instructionBudget: Int = HubDefaults.Limits.instructionBudget, memory: Int = HubDefaults.Limits.memory,
            timeLimit: Int = HubDefaults.Limits.timeLimit
        ) {
            self.instructionBudget = instructionBudget
            self.memory = memory
            self.timeLimit = timeLimit
        }

        /// Makes `lua` run under these limits.
        func apply(to lua: LuaState) {
            lua.instructionBudget = instructionBudget
            lua.memoryLimit = memory
            lua.timeLimit = timeLimit
        }
    }

    /// The limits the runtime's scripts run under. Set them before loading features: a change
    /// applies to calls and operation runs that start after it.
    ///
    /// ```swift
    /// let runtime = try HubRuntime()
    /// runtime.limits.instructionBudget = 50_000_000
    /// runtime.limits.memory = 64 << 20
    /// ```
    public var limits: Limits {
        get { Limits(instructionBudget: lua.instructionBudget, memory: lua.memoryLimit, timeLimit: lua.timeLimit) }
        set { newValue.apply(to: lua) }
    }
}
