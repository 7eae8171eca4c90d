import CLua
import CLuaShim

/// A Lua coroutine that Swift starts and resumes, e.g. one run of a content operation.
package final class LuaCoroutine {
    /// How a resume ended.
    package enum Outcome {
        /// The function returned this many results, left on ``stack`` (for the caller to pop).
        case returned(Int32)
        /// It yielded this many values, left on ``stack``.
        case yielded(Int32)
        /// It raised an error (with the coroutine's traceback).
        case failed(LuaError)
    }

    /// The coroutine's own stack.
    package let stack: LuaStack
    /// Keeps the coroutine alive while Swift may resume it.
    private let reference: LuaReference
    /// Weak: a suspended coroutine may outlive its state; then it cannot be resumed.
    private weak var lua: LuaState?

    /// `[-0, +0]` A new coroutine of `lua`, which only Hub resumes: scripts cannot resume or
    /// close it (see Sources/CLuaShim/threads.c).
    package init(in lua: LuaState) {
        guard let thread = lua_newthread(lua.L) else {
            preconditionFailure("lua_newthread returned NULL, which Lua never does")
        }
        hub_own_thread(lua.L)
        stack = LuaStack(thread)
        reference = lua.reference(popping: lua.stack)
        self.lua = lua
    }

    /// Resumes the coroutine with the `arguments` values on top of its stack (the function and
    /// its arguments, the first time), charging what it runs to `budget` (alone when
    /// `outermost`: ``LuaState/resume(_:arguments:budget:outermost:)``).
    package func resume(arguments: Int32, budget: inout LuaBudget, outermost: Bool = false) -> Outcome {
        guard let lua else { return .failed(LuaError(message: "the Lua runtime is gone")) }
        let (status, results) = lua.resume(stack, arguments: arguments, budget: &budget, outermost: outermost)
        switch status {
        case LUA_OK:
            return .returned(results)
        case LUA_YIELD:
            return .yielded(results)
        case LUA_ERRMEM:
            var error = lua.outOfMemory
            error.location = stack.scriptLocation()
            stack.pop()
            return .failed(error)
        default:
            let table = stack.errorTable(at: -1)
            let message = stack.string(at: -1) ?? table?.message ?? "(error object is a \(stack.typeName(at: -1)) value)"
            luaL_traceback(lua.L, stack.L, message, 0)
            var error = LuaError(raw: lua.stack.string(at: -1) ?? message)
            lua.stack.pop()
            stack.pop()
            if let table {
                error.domain = table.domain
                error.code = table.code
                error.passedOn = table.passedOn
                // An error table raised again keeps where it first happened, and adds this place.
                if let origin = table.location {
                    if let here = error.location, here != origin, error.passedOn.count < LuaStack.passedOnLimit {
                        error.passedOn.append(here)
                    }
                    error.location = origin
                }
            }
            return .failed(error)
        }
    }

    /// Whether the value at `index` of the coroutine's stack is the one `token` keeps.
    package func holds(_ token: LuaReference, at index: Int32) -> Bool {
        let absolute = stack.absolute(index)
        stack.push(token)
        defer { stack.pop() }
        return stack.rawEqual(absolute, -1)
    }
}
