import CLua
import CLuaShim

/// An instruction budget: how many instructions an execution may run in all (`total`; 0: no
/// limit), and how many it has left.
package struct LuaBudget {
    package var total: Int
    package var left: Int
    /// The moment (``hub_monotonic_ns()``) past which the execution must not run, besides the
    /// state's own ``LuaState/timeLimit``; nil: none.
    package var deadline: Int64?

    /// A full budget of `total` instructions (0: no limit), to be used before `deadline`.
    package init(total: Int, deadline: Int64? = nil) {
        self.total = total
        left = total
        self.deadline = deadline
    }

    /// What is left, or nil without a limit.
    package var limit: Int? { total > 0 ? left : nil }
}

/// One Lua 5.4 state with Hub's allocator, warning sink and safe calling conventions.
///
/// Every call into Lua is protected (`lua_pcall`/`lua_resume`) with a traceback handler. Swift
/// never calls a Lua API function that can raise outside a protected frame: it is the "host"
/// whenever it runs, and the allocator never fails for the host, so even the memory-only
/// errors of pushing values cannot happen in Swift frames.
public final class LuaState {
    package let L: OpaquePointer
    /// The state's limits, the allocator's user data (and its record of lines run).
    let limits: UnsafeMutablePointer<hub_limits>

    /// A new state with the standard libraries open. `memoryLimit` caps what scripts allocate
    /// (0: no cap).
    public init(memoryLimit: Int = 0) throws(LuaError) {
        LuaBridge.installDispatcher()
        limits = UnsafeMutablePointer<hub_limits>.allocate(capacity: 1)
        hub_limits_init(limits)
        guard let state = hub_newstate(limits) else {
            limits.deallocate()
            throw LuaError(message: "cannot create a Lua state: out of memory")
        }
        L = state
        hub_set_warnings(L)
        for opener in [hub_openlibs, hub_openpatterns, hub_openmetered, hub_openthreads] as [lua_CFunction] {
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
        hub_coverage_free(limits.pointee.coverage)
        hub_profile_free(limits.pointee.profile)
        limits.deallocate()
    }

    /// Nanoseconds of the monotonic clock deadlines are measured on.
    package static var now: Int64 { hub_monotonic_ns() }

    /// Bytes the state has allocated.
    public var memoryUsed: Int { limits.pointee.used }

    /// The cap, in bytes, on what scripts make the runtime hold (0: none): everything the Lua
    /// state allocates, counted exactly, plus what the running call or operation run adds to
    /// models on the Swift side, as the bindings estimate it (``LuaStack/chargeMemory(_:)``).
    /// Going past it is a "not enough memory" error in the script.
    public var memoryLimit: Int {
        get { limits.pointee.limit }
        set { limits.pointee.limit = max(0, newValue) }
    }

    /// Whether identifier-valued properties (a component's `component`) always reach their
    /// Swift setters instead of waiting in C (``LuaDeferredKind/identifier``): slower, but each
    /// setter then runs while its caller's line is known, to note where components are named.
    package var tracesIdentifiers: Bool {
        get { limits.pointee.traces_identifiers != 0 }
        set { limits.pointee.traces_identifiers = newValue ? 1 : 0 }
    }

    /// Instructions each outermost protected call may run (0: no limit). Running out raises
    /// "instruction budget exceeded", which a script's own `pcall` cannot swallow. Calls and
    /// resumes nested in another budgeted execution can never use more than it has left.
    public var instructionBudget = 0
    /// Wall-clock milliseconds an outermost budgeted call or resume may run before it is
    /// stopped with "time limit exceeded" (0: no limit; nested executions share their
    /// outermost one's deadline). A backstop for work that neither instructions nor allocated
    /// bytes measure, such as comparing two huge strings over and over: checked when the
    /// instruction hook runs, so it applies only under an ``instructionBudget``.
    public var timeLimit = 0
    /// How many budgeted executions (calls and resumes) are running, innermost last.
    private var meteredDepth = 0
    /// How many executions (calls and resumes) are running.
    private var executionDepth = 0

    /// How many calls and resumes into Lua are running, outermost first: 1 inside a call Swift
    /// made, 2 in one that call's script made through Hub, and so on.
    package var nestingDepth: Int { executionDepth }

    /// Whether the running script must stop: its instruction budget or time ran out, or Ctrl-C
    /// was pressed (``interruptible(waking:_:)``), and the next instruction raises. Swift work
    /// done on its behalf (a loop firing timers, a wait) should stop.
    package var isStopping: Bool {
        limits.pointee.budget_limit > 0
            && (limits.pointee.exhausted != 0 || limits.pointee.budget <= 0 || hub_interrupt_pending() != 0)
    }

    /// Instructions every call or resume nested in a budgeted one costs it besides what it runs:
    /// Swift's part of going in and out, so that a loop of many small callbacks (timers a test's
    /// sleep fires) runs out too.
    package static let nestedExecutionCost = 200

    /// A run nested in a caller's execution leaves the caller 1/20th of the caller's budget.
    package static let callerReserveShare = 20

    /// How deep executions may nest: a script calling Hub, which calls back into scripts (an
    /// operation opening a screen whose operation opens one, ...). Each level takes native
    /// stack for the Swift frames in between, which must not run out before Lua's own limit.
    package static let maximumNesting = 20

    /// The error of an execution nested deeper than ``maximumNesting``.
    private var nestedTooDeeply: String {
        "calls nested too deeply (a script called Hub, which called scripts, \(Self.maximumNesting) levels deep: "
            + "does an operation open its own view?)"
    }

    /// The main thread's stack.
    package var stack: LuaStack { LuaStack(L) }

    // MARK: References

    /// `[-1, +0]` Pops the top value of `stack` (the main thread's, or the one of the coroutine
    /// that called Swift) and keeps it alive until the reference is released.
    package func reference(popping stack: LuaStack) -> LuaReference {
        LuaReference(state: self, slot: luaL_ref(stack.L, CLUA_REGISTRYINDEX))
    }

    /// A value no script can forge or write into, to mark something (e.g. what `hub.sleep`
    /// yields first, or `hub.each`): a function that raises when called.
    package func makeMarker() -> LuaReference {
        LuaBridge.pushFunction(stack) { _ in throw LuaRaise(message: "a marker, not a function") }
        return reference(popping: stack)
    }

    /// Lets go of a registry slot (called by `LuaReference` only).
    package func release(_ slot: Int32) {
        luaL_unref(L, CLUA_REGISTRYINDEX, slot)
    }

    // MARK: Loading and calling

    /// `[-0, +1]` Loads `source` as a text chunk named `chunkName` (`@path` for files) and pushes
    /// it; with `environment`, the chunk's globals are that table.
    package func load(_ source: String, chunkName: String, environment: LuaReference? = nil) throws(LuaError) {
        var source = source
        let status = source.withUTF8 { loadBuffer(UnsafeRawBufferPointer($0), chunkName: chunkName) }
        try finishLoading(status, chunkName: chunkName, environment: environment)
    }

    /// `[-0, +1]` The same for source given as bytes, as Lua reads a file: a string literal or
    /// comment in it may hold any byte (Latin-1 text, say), which the chunk's strings keep.
    package func load(bytes source: [UInt8], chunkName: String, environment: LuaReference? = nil) throws(LuaError) {
        let status = source.withUnsafeBytes { loadBuffer($0, chunkName: chunkName) }
        try finishLoading(status, chunkName: chunkName, environment: environment)
    }

    /// `[-0, +1]` Compiles the text chunk `bytes` and pushes it, or its error; returns Lua's status.
    private func loadBuffer(_ bytes: UnsafeRawBufferPointer, chunkName: String) -> Int32 {
        luaL_loadbufferx(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName, "t")
    }

    /// Pops and throws the error a load that ended with `status` pushed; otherwise sets the
    /// environment of the chunk it pushed to `environment`, when given.
    private func finishLoading(_ status: Int32, chunkName: String, environment: LuaReference?) throws(LuaError) {
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
    /// the stack, in protected mode with a traceback, leaving `results` results, under the
    /// per-call ``instructionBudget``.
    package func call(arguments: Int32, results: Int32) throws(LuaError) {
        let budget = instructionBudget > 0 ? instructionBudget : nil
        try protectedCall(arguments: arguments, results: results, limit: budget, total: budget ?? 0)
    }

    /// The same, charged to `budget` (e.g. an operation run's, across all of its work). An
    /// `outermost` call is metered as the host meters one: see ``resume(_:arguments:budget:outermost:)``.
    package func call(arguments: Int32, results: Int32, budget: inout LuaBudget, outermost: Bool = false) throws(LuaError) {
        let used = try protectedCall(
            arguments: arguments, results: results, limit: budget.limit, total: budget.total, deadline: budget.deadline,
            outermost: outermost)
        budget.left -= used
    }

    /// Calls in protected mode; returns the instructions used.
    @discardableResult
    private func protectedCall(
        arguments: Int32, results: Int32, limit: Int?, total: Int, deadline: Int64? = nil, outermost: Bool = false
    ) throws(LuaError) -> Int {
        guard executionDepth < Self.maximumNesting else {
            stack.pop(arguments + 1)
            throw LuaError(message: nestedTooDeeply)
        }
        let base = stack.top - arguments
        lua_pushcclosure(L, hub_traceback, 0)
        stack.insert(at: base)
        let (status, used) = metered(L, limit: limit, total: total, deadline: deadline, outermost: outermost) {
            clua_pcall(L, arguments, results, base)
        }
        stack.remove(at: base)
        if status != LUA_OK {
            let error = status == LUA_ERRMEM ? outOfMemory
                : LuaError(raw: stack.string(at: -1) ?? "(error object is a \(stack.typeName(at: -1)) value)")
            stack.pop()
            throw error
        }
        return used
    }

    /// Calls the function `function` keeps with the arguments `arguments` pushes (it returns how
    /// many), then reads its `results` results with `read` and pops them.
    package func call<Result>(
        _ function: LuaReference, results: Int32 = 1, arguments: (LuaStack) -> Int32 = { _ in 0 },
        read: (LuaStack) throws -> Result
    ) throws -> Result {
        stack.push(function)
        try call(arguments: arguments(stack), results: results)
        defer { stack.pop(results) }
        return try read(stack)
    }

    /// Resumes coroutine `thread` with `arguments` values on its stack, charged to `budget`.
    /// Returns the status and the number of results (yielded or returned) left on the thread's
    /// stack. An `outermost` resume, nested in a script that plays the host (a test case, a REPL
    /// line), is metered as the host meters one at the top: `budget` alone limits it, as under
    /// `hub render` and `hub serve`, and the script is charged only the cost of nesting; it still
    /// stops at the script's deadline.
    package func resume(
        _ thread: LuaStack, arguments: Int32, budget: inout LuaBudget, outermost: Bool = false
    ) -> (status: Int32, results: Int32) {
        guard executionDepth < Self.maximumNesting else {
            thread.push(nestedTooDeeply)
            return (LUA_ERRRUN, 1)
        }
        var results: Int32 = 0
        let (status, used) = metered(
            thread.L, limit: budget.limit, total: budget.total, deadline: budget.deadline, reservingForCaller: true,
            outermost: outermost
        ) {
            lua_resume(thread.L, L, arguments, &results)
        }
        budget.left -= used
        return (status, results)
    }

    /// Runs `body`, a protected call or resume on `thread`, with Lua as the host (allocations
    /// may fail) and under a budget of `limit` instructions (nil: none of its own), stopping at
    /// `deadline` or after ``timeLimit``, whichever comes first. Nested in another budgeted
    /// execution, it gets at most what that one has left (a run, `reservingForCaller`, less a
    /// reserve for the caller), and what it uses is taken from it: nothing nested can refill a
    /// budget or put off a deadline. An `outermost` execution with a `limit` is the exception
    /// for budgets: that limit alone caps it, and the enclosing one pays only
    /// ``nestedExecutionCost`` (its deadline still holds). `total` is the budget's size,
    /// for the error message. Returns body's status and the instructions it used.
    private func metered(
        _ thread: OpaquePointer, limit: Int?, total: Int, deadline: Int64? = nil, reservingForCaller: Bool = false,
        outermost: Bool = false, _ body: () -> Int32
    ) -> (status: Int32, used: Int) {
        let host = limits.pointee.host
        limits.pointee.host = 0
        if executionDepth == 0 { limits.pointee.host_used = 0 }
        executionDepth += 1
        defer {
            hub_pending_flush(L)  // Swift sees every write the script made before it looks
            executionDepth -= 1
            if executionDepth == 0 { limits.pointee.host_used = 0 }
            limits.pointee.host = host
        }
        let outer = meteredDepth > 0 && limits.pointee.budget_limit > 0
            ? (left: limits.pointee.budget, total: limits.pointee.budget_limit, exhausted: limits.pointee.exhausted,
               thread: limits.pointee.thread, deadline: limits.pointee.deadline) : nil
        // The budget this one is a part of, unless it has one of its own as at the top.
        let enclosing = outermost && limit != nil ? nil : outer
        // A run (an operation's or an action's, resumed with a budget of its own) leaves the
        // caller it is nested in a reserve: when it runs out, the caller (an operation that
        // opened its screen) can still look at how it failed. What it uses is charged to the
        // caller all the same.
        let reserve = reservingForCaller && limit != nil ? (enclosing?.total ?? 0) / Self.callerReserveShare : 0
        guard let start = [limit, enclosing.map { max(0, $0.left - reserve) }].compactMap({ $0 }).min() else { return (body(), 0) }
        limits.pointee.budget = start
        limits.pointee.budget_limit = limit != nil ? max(1, total) : enclosing?.total ?? max(1, total)
        hub_budget_set_exhausted(limits, start <= 0 ? HUB_EXHAUSTED_BUDGET : outer?.exhausted ?? 0)
        limits.pointee.thread = thread
        let ownDeadline = [deadline, timeLimit > 0 ? Self.now + Int64(timeLimit) * 1_000_000 : nil].compactMap { $0 }.min()
        let enclosingDeadline = outer.flatMap { $0.deadline > 0 ? $0.deadline : nil }
        limits.pointee.deadline = [ownDeadline, enclosingDeadline].compactMap { $0 }.min() ?? 0
        let wasAttached = hub_budget_attached(thread) != 0
        hub_budget_attach(thread)
        meteredDepth += 1
        let status = body()
        meteredDepth -= 1
        let used = start - max(0, limits.pointee.budget) + (enclosing == nil ? 0 : Self.nestedExecutionCost)
        if let outer {
            limits.pointee.budget = outer.left - (enclosing == nil ? Self.nestedExecutionCost : used)
            limits.pointee.budget_limit = outer.total
            hub_budget_set_exhausted(limits, limits.pointee.budget <= 0 ? HUB_EXHAUSTED_BUDGET : outer.exhausted)
            limits.pointee.thread = outer.thread
            limits.pointee.deadline = outer.deadline
        } else {
            limits.pointee.budget_limit = 0
            hub_budget_set_exhausted(limits, 0)
            limits.pointee.deadline = 0
            limits.pointee.thread = nil
        }
        if wasAttached { hub_budget_attach(thread) } else { hub_budget_detach(thread) }
        return (status, used)
    }

    /// Runs `body`, Swift code that calls into Lua many times (drawing a screen's components),
    /// so that all those calls share one budget of ``instructionBudget`` instructions and one
    /// ``timeLimit``, as the calls nested in one script do: a thousand components whose `render`
    /// loops forever take one budget, not a thousand. Inside a budgeted execution already,
    /// `body` shares that one.
    package func sharingOneBudget<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        guard meteredDepth == 0, instructionBudget > 0 else { return try body() }
        limits.pointee.budget = instructionBudget
        limits.pointee.budget_limit = instructionBudget
        hub_budget_set_exhausted(limits, 0)
        limits.pointee.deadline = timeLimit > 0 ? Self.now + Int64(timeLimit) * 1_000_000 : 0
        meteredDepth += 1
        defer {
            meteredDepth -= 1
            limits.pointee.budget_limit = 0
            hub_budget_set_exhausted(limits, 0)
            limits.pointee.deadline = 0
        }
        return try body()
    }

    /// The error of a script that went past the memory limit.
    package var outOfMemory: LuaError {
        LuaError(message: "not enough memory (the limit is \(memoryLimit >> 20) MiB)")
    }

    /// Runs a full garbage collection.
    public func collectGarbage() {
        _ = clua_gc(L, LUA_GCCOLLECT)
    }
}
