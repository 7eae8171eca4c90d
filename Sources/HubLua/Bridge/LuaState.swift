import CLua
import CLuaShim

/// One Lua 5.4 state with Hub's allocator, warning sink and safe calling conventions.
///
/// Every call into Lua is protected (`lua_pcall`/`lua_resume`) with a traceback handler. Swift
/// never calls a Lua API function that can raise outside a protected frame: it is the "host"
/// whenever it runs, and the allocator never fails for the host, so even the memory-only
/// errors of pushing values cannot happen in Swift frames.
public final class LuaState {
    let L: OpaquePointer
    private let limits: UnsafeMutablePointer<hub_limits>

    /// A new state with the standard libraries open. `memoryLimit` caps what scripts allocate
    /// (0: no cap).
    public init(memoryLimit: Int = 0) throws(LuaError) {
        LuaBridge.installDispatcher()
        limits = UnsafeMutablePointer<hub_limits>.allocate(capacity: 1)
        limits.initialize(to: hub_limits(used: 0, limit: 0, host: 1, budget: 0, budget_limit: 0, exhausted: 0))
        guard let state = hub_newstate(limits) else {
            limits.deallocate()
            throw LuaError(message: "cannot create a Lua state: out of memory")
        }
        L = state
        hub_set_warnings(L)
        for opener in [hub_openlibs, hub_openpatterns] as [lua_CFunction] {
            lua_pushcclosure(L, opener, 0)
            if clua_pcall(L, 0, 0, 0) != LUA_OK {
                let message = stack.string(at: -1) ?? "cannot open the Lua libraries"
                lua_close(L)
                limits.deallocate()
                throw LuaError(message: message)
            }
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

    /// The main thread's stack.
    var stack: LuaStack { LuaStack(L) }

    // MARK: References

    /// `[-1, +0]` Pops the top value of `stack` (the main thread's, or the one of the coroutine
    /// that called Swift) and keeps it alive until the reference is released.
    func reference(popping stack: LuaStack) -> LuaReference {
        LuaReference(state: self, slot: luaL_ref(stack.L, CLUA_REGISTRYINDEX))
    }

    /// A new empty table kept alive: a value no script can forge, to mark something (e.g. what
    /// `hub.sleep` yields first).
    func makeMarker() -> LuaReference {
        stack.newTable()
        return reference(popping: stack)
    }

    /// Lets go of a registry slot (called by `LuaReference` only).
    func release(_ slot: Int32) {
        luaL_unref(L, CLUA_REGISTRYINDEX, slot)
    }

    // MARK: Loading and calling

    /// `[-0, +1]` Loads `source` as a text chunk named `chunkName` (`@path` for files) and pushes
    /// it; with `environment`, the chunk's globals are that table.
    func load(_ source: String, chunkName: String, environment: LuaReference? = nil) throws(LuaError) {
        var source = source
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                luaL_loadbufferx(L, chars.baseAddress, chars.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            let error = LuaError(raw: stack.string(at: -1) ?? "cannot load \(chunkName)")
            stack.pop()
            throw error
        }
        guard let environment else { return }
        stack.push(environment)
        // A loaded main chunk has exactly one upvalue, `_ENV`.
        guard lua_setupvalue(L, -2, 1) != nil else {
            stack.pop(2)
            throw LuaError(message: "cannot set the environment of \(chunkName)")
        }
    }

    /// `[-(arguments + 1), +results]` Calls the function below `arguments` arguments on top of
    /// the stack, in protected mode with a traceback, leaving `results` results.
    func call(arguments: Int32, results: Int32) throws(LuaError) {
        let base = stack.top - arguments
        lua_pushcclosure(L, hub_traceback, 0)
        stack.insert(at: base)
        let host = limits.pointee.host
        limits.pointee.host = 0
        let armed = instructionBudget > 0 && callDepth == 0
        if armed { hub_budget_arm(L, instructionBudget) }
        callDepth += 1
        let status = clua_pcall(L, arguments, results, base)
        callDepth -= 1
        if armed { hub_budget_disarm(L) }
        limits.pointee.host = host
        stack.remove(at: base)
        if status != LUA_OK {
            let error = LuaError(raw: stack.string(at: -1) ?? "(error object is a \(stack.typeName(at: -1)) value)")
            stack.pop()
            throw error
        }
    }

    /// Calls the function `function` keeps with the arguments `arguments` pushes (it returns how
    /// many), then reads its `results` results with `read` and pops them.
    func call<Result>(
        _ function: LuaReference, results: Int32 = 1, arguments: (LuaStack) -> Int32 = { _ in 0 },
        read: (LuaStack) throws -> Result
    ) throws -> Result {
        stack.push(function)
        try call(arguments: arguments(stack), results: results)
        defer { stack.pop(results) }
        return try read(stack)
    }

    /// Resumes coroutine `thread` with `arguments` values on its stack, under the instruction
    /// budget. Returns the status and the number of results (yielded or returned) left on the
    /// thread's stack.
    func resume(_ thread: LuaStack, arguments: Int32) -> (status: Int32, results: Int32) {
        var results: Int32 = 0
        let host = limits.pointee.host
        limits.pointee.host = 0
        if instructionBudget > 0 { hub_budget_arm(thread.L, instructionBudget) }
        let status = lua_resume(thread.L, L, arguments, &results)
        if instructionBudget > 0 { hub_budget_disarm(thread.L) }
        limits.pointee.host = host
        return (status, results)
    }

    /// Runs a full garbage collection.
    public func collectGarbage() {
        _ = clua_gc(L, LUA_GCCOLLECT)
    }
}
