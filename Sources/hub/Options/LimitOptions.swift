import ArgumentParser
import HubCore
import HubLua
import HubRender

/// The limits scripts run under (docs/limits.md), for every command that runs scripts.
struct LimitOptions: ParsableArguments {
    @Option(help: "The most memory scripts may make Hub hold, in MiB (default: \(HubDefaults.Limits.memory >> 20)).")
    var memory: Int?

    @Option(help: "Instructions a script may run per call, and an operation per run (default: \(HubDefaults.Limits.instructionBudget)).")
    var budget: Int?

    @Option(help: "Milliseconds an operation's run may take (default: \(HubDefaults.Limits.operationTimeout)).")
    var timeout: Int?

    @Option(help: "Milliseconds a script may run without returning or yielding (default: \(HubDefaults.Limits.timeLimit)).")
    var timeLimit: Int?

    func validate() throws {
        for (name, value) in [("--memory", memory), ("--budget", budget), ("--timeout", timeout), ("--time-limit", timeLimit)] {
            if let value, value <= 0 { throw ValidationError("\(name) must be a positive number, got \(value)") }
        }
    }

    /// Sets the limits given on `runtime`.
    func apply(to runtime: HubRuntime) {
        if let memory { runtime.limits.memory = memory << 20 }
        if let budget { runtime.limits.instructionBudget = budget }
        if let timeout { runtime.manager.operationLimits.timeout = timeout }
        if let timeLimit { runtime.limits.timeLimit = timeLimit }
    }
}
