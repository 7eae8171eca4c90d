import HubCore
internal import LuaBridge

extension ContentError {
    /// The failure of a script of `feature` (its operation `operation`, or its action `action`)
    /// from the Lua error it raised: the domain and code of an error table it raised (a store
    /// call's, `ctx.error`), else `hub.lua`; where it happened, and where it was handed on;
    /// the folder of `folders` it happened in.
    init(_ error: LuaError, feature: String?, operation: String? = nil, action: String? = nil, folders: ProblemLog?) {
        self.init(
            domain: error.domain ?? "hub.lua", code: error.code ?? 0, message: error.message, location: error.location,
            feature: feature, operation: operation, traceback: error.traceback)
        self.action = action
        passedOn = error.passedOn
        folder = folders?.folder(containing: error.location)
    }
}
