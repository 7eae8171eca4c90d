import HubCore
internal import LuaBridge

/// Where scripts named each component (`row.component = "cities:row"`), while `hub check`
/// traces them: the first `file:line` that set each component identifier, so that a component
/// nothing registers is reported at the line that names it. Tracing makes every such write
/// reach Swift (see ``LuaState/tracesIdentifiers``); when it is off, nothing is noted.
package final class ComponentOrigins {
    /// Whether setters note where they were called.
    var isTracing = false
    /// `file:line` of the first script line that set each component identifier.
    package private(set) var places: [Identifier: String] = [:]

    /// Notes that the Lua function calling the running setter (on `stack`) set `identifier`,
    /// unless an earlier line did, or tracing is off.
    func note(_ identifier: Identifier, _ stack: LuaStack) {
        guard isTracing, places[identifier] == nil else { return }
        let location = stack.location(level: 1)
        guard location.hasSuffix(": ") else { return }
        places[identifier] = String(location.dropLast(2))
    }

    /// Forgets the places noted so far (before another view is opened).
    package func forget() {
        places.removeAll()
    }
}
