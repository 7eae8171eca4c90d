internal import LuaBridge

/// Whether `hub.sleep`, outside an operation, may let time pass on the event loop: only in code
/// the host runs to drive the runtime (a test case, HubTools' `evaluate`),
/// at its top level. Never while feature folders load, components draw, or an operation, an
/// action or a timer's callback runs: there a sleep would block everything for real.
package final class TimePassingPermit {
    private weak var lua: LuaState?
    private var grants = 0

    /// A permit for the scripts of `lua`.
    init(lua: LuaState) {
        self.lua = lua
    }

    /// Whether the running script may let time pass.
    var isGranted: Bool { grants > 0 && lua?.nestingDepth == 1 }

    /// Runs `body`, whose top-level script may let time pass.
    package func granting<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        grants += 1
        defer { grants -= 1 }
        return try body()
    }
}
