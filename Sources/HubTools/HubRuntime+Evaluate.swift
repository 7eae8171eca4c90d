import HubCore
import HubLua
internal import LuaBridge

// `hub repl`'s and the tests' way into a feature: evaluating code in its environment.

extension HubRuntime {
    /// Runs `source` in the environment of the loaded feature folder whose path ends with
    /// `folderSuffix` (globals persist between calls) and returns its first result as JSON (a
    /// value JSON cannot hold as `"<its Lua type>"`). At its top level, `hub.sleep` lets time
    /// pass on the runtime's loop. Throws when no loaded folder ends so, or what the code
    /// raised, at its line.
    public func evaluate(_ source: String, inFolder folderSuffix: String, chunkName: String = "=eval") throws(ScriptError) -> JSONValue {
        guard let loaded = folders.first(where: { $0.folder.path.hasSuffix(folderSuffix) }) else {
            throw ScriptError(message: "no loaded feature folder ends with '\(folderSuffix)'")
        }
        do throws(LuaError) {
            return try bindings.timePassing.granting { () throws(LuaError) in
                try sandbox.evaluate(source, chunkName: chunkName, in: loaded.environment)
            }
        } catch {
            throw ScriptError(error)
        }
    }
}
