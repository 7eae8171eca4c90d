import CLua
import CLuaShim
import Foundation

/// One Lua 5.4 state with Hub's allocator, warning sink and safe calling conventions.
///
/// Every call into Lua is protected (`lua_pcall`/`lua_resume`) with a traceback handler. Swift
/// never calls a Lua API function that can raise outside a protected frame.
public final class LuaState {
    let L: OpaquePointer
    private let limits: UnsafeMutablePointer<hub_limits>

    /// A new state with the standard libraries open. `memoryLimit` caps what scripts allocate
    /// (0: no cap).
    public init(memoryLimit: Int = 0) throws(LuaError) {
        LuaBridge.installDispatcher()
        limits = UnsafeMutablePointer<hub_limits>.allocate(capacity: 1)
        // Swift is the host until it calls into Lua: allocations made by Swift code (pushing
        // values, building tables) never fail, so a memory error can never unwind a Swift frame.
        limits.initialize(to: hub_limits(used: 0, limit: 0, host: 1, budget: 0, budget_limit: 0, exhausted: 0))
        guard let state = hub_newstate(limits) else {
            limits.deallocate()
            throw LuaError(message: "cannot create a Lua state: out of memory")
        }
        L = state
        hub_set_warnings(L)
        lua_pushcclosure(L, hub_openlibs, 0)
        if clua_pcall(L, 0, 0, 0) != LUA_OK {
            let message = stack.string(at: -1) ?? "cannot open the Lua libraries"
            lua_close(L)
            limits.deallocate()
            throw LuaError(message: message)
        }
        limits.pointee.limit = memoryLimit
    }

    deinit {
        lua_close(L)
        limits.deallocate()
    }

    /// Bytes the state has allocated.
    public var memoryUsed: Int { limits.pointee.used }

    /// The cap on what scripts allocate, in bytes (0: none).
    public var memoryLimit: Int {
        get { limits.pointee.limit }
        set { limits.pointee.limit = newValue }
    }

    /// Instructions each outermost protected call, and each coroutine resume, may run (0: no
    /// limit). Running out raises "instruction budget exceeded", which a script's own `pcall`
    /// cannot swallow.
    public var instructionBudget = 0
    /// How many protected calls on the main thread are running (only the outermost arms the budget).
    private var callDepth = 0

    /// Stack helpers for the main thread.
    var stack: LuaStack { LuaStack(L) }

    var top: Int32 { lua_gettop(L) }

    func pop(_ count: Int32 = 1) { clua_pop(L, count) }


    /// A reference keeping the value on top alive (popped).
    func reference() -> Int32 {
        luaL_ref(L, CLUA_REGISTRYINDEX)
    }

    func pushReference(_ reference: Int32) {
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(reference))
    }

    func release(_ reference: Int32) {
        luaL_unref(L, CLUA_REGISTRYINDEX, reference)
    }

    // MARK: Calling

    /// Loads `source` as a text chunk named `chunkName` (`@path` for files) and pushes it.
    func load(_ source: String, chunkName: String) throws(LuaError) {
        var source = source
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                luaL_loadbufferx(L, chars.baseAddress, chars.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            let error = LuaError(raw: stack.string(at: -1) ?? "cannot load \(chunkName)")
            pop()
            throw error
        }
    }

    /// Calls the function below `arguments` arguments on top of the stack, in protected mode
    /// with a traceback, leaving `results` results.
    func call(arguments: Int32, results: Int32) throws(LuaError) {
        let base = top - arguments
        lua_pushcclosure(L, hub_traceback, 0)
        clua_insert(L, base)
        let host = limits.pointee.host
        limits.pointee.host = 0
        let armed = instructionBudget > 0 && callDepth == 0
        if armed { hub_budget_arm(L, instructionBudget) }
        callDepth += 1
        let status = clua_pcall(L, arguments, results, base)
        callDepth -= 1
        if armed { hub_budget_disarm(L) }
        limits.pointee.host = host
        clua_remove(L, base)
        if status != LUA_OK {
            let error = LuaError(raw: stack.string(at: -1) ?? "(error object is a \(stack.typeName(at: -1)) value)")
            pop()
            throw error
        }
    }

    /// Resumes coroutine `thread` with `arguments` values on its stack. Returns the status and
    /// the number of results (yielded or returned) left on the thread's stack.
    func resume(_ thread: OpaquePointer, arguments: Int32) -> (status: Int32, results: Int32) {
        var results: Int32 = 0
        let host = limits.pointee.host
        limits.pointee.host = 0
        if instructionBudget > 0 { hub_budget_arm(thread, instructionBudget) }
        let status = lua_resume(thread, L, arguments, &results)
        if instructionBudget > 0 { hub_budget_disarm(thread) }
        limits.pointee.host = host
        return (status, results)
    }

    /// Runs a full garbage collection.
    public func collectGarbage() {
        _ = clua_gc(L, LUA_GCCOLLECT)
    }
}
