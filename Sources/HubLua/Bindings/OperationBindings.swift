import HubCore

/// Runs Lua content operations. Each run of `perform` or `append` is a coroutine that may
/// suspend itself with `hub.sleep(ms)` or `hub.await(start)`; `initial` and `on_action` run at
/// once. A run's instruction budget covers all of its resumes and callbacks. Owns `ctx` (the
/// `hub.Context` class, see `OperationBindings+Context.swift`) and `hub.sleep`, `hub.await`
/// and `hub.after`.
final class OperationBindings {
    /// The state the runs' coroutines belong to.
    let lua: LuaState
    /// Makes the error tables of `ctx.error`.
    let errors: ErrorTables
    /// `hub.Context`, the class of `ctx`.
    let contextClass = LuaClass<LuaOperationRun>(name: "hub.Context")
    private let loop: EventLoop
    private let problems: ProblemLog
    /// What `hub.sleep` and `hub.await` yield first, so a resume can tell them apart.
    private let sleepToken: LuaReference
    private let awaitToken: LuaReference
    /// The Lua functions `hub.sleep` and `hub.await` (they yield, so they are written in Lua;
    /// their arguments are checked in Swift).
    private let sleepFunction: LuaReference
    private let awaitFunction: LuaReference
    /// The runs whose coroutine has not ended.
    private let activeRuns = ActiveRuns()

    /// Instructions each suspension (`hub.sleep`, `hub.await`) costs a run, so that a run that
    /// only sleeps (`while true do hub.sleep(0) end`) still runs out.
    static let suspensionCost = 10_000
    /// The longest wait `hub.sleep` and `hub.after` accept, in milliseconds (a day).
    static let longestWait = 86_400_000

    /// `hub.sleep(ms)` and `hub.await(start)`, given the tokens they yield, `advance(ms)` (lets
    /// time pass when sleeping outside an operation, in a test, or returns nil and why not), `in_operation()` (whether the
    /// calling coroutine is an operation's own), and `check_sleep(ms)` and `check_await(start)`,
    /// which check the argument in Swift and return it, or nil and the argument error for the
    /// Lua function to raise at its caller's line.
    private static let suspendingFunctions = """
        local sleep_token, await_token, advance, in_operation, check_sleep, check_await = ...
        local function sleep(ms)
          local wait, problem = check_sleep(ms)
          if not wait then error(problem, 2) end
          if in_operation() then return coroutine.yield(sleep_token, wait) end
          if coroutine.isyieldable() then error("hub.sleep can only suspend an operation, not a coroutine the script made", 2) end
          local passed, refusal = advance(wait)
          if not passed then error(refusal, 2) end
        end
        local function await(start)
          local ok, problem = check_await(start)
          if not ok then error(problem, 2) end
          if in_operation() then return coroutine.yield(await_token, start) end
          if coroutine.isyieldable() then error("hub.await can only suspend an operation, not a coroutine the script made", 2) end
          error("hub.await can only be used inside an operation", 2)
        end
        return sleep, await
        """

    /// A binding whose `hub.sleep`, outside an operation, passes time on `loop` only when
    /// `canPassTime` says so (at the top level of a test), and stops once the calling script must
    /// stop (its budget ran out in a timer's callback).
    init(
        lua: LuaState, loop: EventLoop, problems: ProblemLog, errors: ErrorTables, canPassTime: @escaping () -> Bool
    ) throws(LuaError) {
        self.lua = lua
        self.loop = loop
        self.problems = problems
        self.errors = errors
        let stack = lua.stack
        sleepToken = lua.makeMarker()
        awaitToken = lua.makeMarker()
        try lua.load(Self.suspendingFunctions, chunkName: "=hub.sleep")
        stack.push(sleepToken)
        stack.push(awaitToken)
        LuaBridge.pushFunction(stack) { [loop, weak lua] call in
            guard canPassTime() else {
                call.pushNil()
                call.push("hub.sleep outside an operation only passes time in a test (hub.test), not while "
                    + "loading features, drawing or handling actions")
                return 2
            }
            loop.advance(by: call.integer(at: 1) ?? 0) { lua?.isStopping == false }
            call.push(true)
            return 1
        }
        LuaBridge.pushFunction(stack) { [activeRuns] call in
            call.push(activeRuns.contains(thread: call))
            return 1
        }
        LuaBridge.pushFunction(stack) { call in
            Self.returningError(call) { call.push(try call.checkMilliseconds(1, "hub.sleep", upTo: Self.longestWait)) }
        }
        LuaBridge.pushFunction(stack) { call in
            Self.returningError(call) {
                try call.checkFunction(1, "hub.await")
                call.push(true)
            }
        }
        try lua.call(arguments: 6, results: 2)
        awaitFunction = lua.reference(popping: stack)
        sleepFunction = lua.reference(popping: stack)
        contextClass.register(stack, describe: Self.describe(run:), properties: contextProperties, methods: contextMethods)
    }

    /// `[-0, +1|2]` Runs `check`, which pushes one value; when it throws an argument error,
    /// pushes nil and the error's message instead, for a function written in Lua to raise at
    /// its own caller's line (`error(message, 2)`), where a Swift function cannot.
    private static func returningError(_ call: LuaStack, _ check: () throws -> Void) -> Int32 {
        do {
            try check()
            return 1
        } catch {
            call.pushNil()
            call.push((error as? LuaRaise)?.message ?? String(describing: error))
            return 2
        }
    }

    /// `hub.sleep`, `hub.await` and `hub.after`.
    var library: LuaLibrary {
        LuaLibrary([("sleep", .value(sleepFunction)), ("await", .value(awaitFunction))])
            + LuaLibrary(self, ["after": OperationBindings.after])
    }

    // MARK: Runs

    /// Runs `function` (`perform` or `append`) of `operation` as a coroutine, for the run
    /// `context` stands for; `page` is passed to `append`.
    func run(_ operation: LuaContentOperation, function: String, context: ContentOperationContext, page: Int?) {
        let run = LuaOperationRun(operation: operation, context: context)
        run.startTimeout(on: loop)
        let coroutine = LuaCoroutine(in: lua)
        run.coroutine = coroutine
        activeRuns.add(run, for: context)
        operation.pushFunction(coroutine.stack, function)
        contextClass.push(coroutine.stack, run)
        if let page { coroutine.stack.push(page) }
        resume(run, arguments: page == nil ? 1 : 2)
    }

    /// Stops the run of `context`, which timed out: it is never resumed again. Returns where it
    /// was waiting.
    func cancel(_ context: ContentOperationContext) -> String? {
        guard let run = activeRuns.remove(for: context) else { return nil }
        let location = run.coroutine?.stack.scriptLocation()
        run.coroutine = nil
        return location
    }

    /// Runs `initial(ctx)` of `operation` at once.
    func runInitial(_ operation: LuaContentOperation, context: InitialContentContext) {
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: context.viewURI, featureInfo: context.featureInfo,
            builder: context.viewModelBuilder, connectivityState: context.connectivityState)
        call(operation, "initial", run: run) { _ in 0 }
    }

    /// Calls `on_action(ctx, action)` of `operation`, if it has one.
    func runActionObserver(
        _ operation: LuaContentOperation, action: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState
    ) {
        guard operation.hasFunction("on_action") else { return }
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: action.viewURI, featureInfo: featureInfo, builder: nil,
            connectivityState: connectivityState)
        call(operation, "on_action", run: run) { stack in
            stack.newTable(record: 4)
            stack.push(optional: action.customActionIdentifier?.description); stack.setRawField(-2, "id")
            stack.push(action.trigger.rawValue); stack.setRawField(-2, "trigger")
            stack.push(optionalJSON: action.customData); stack.setRawField(-2, "custom")
            if let component = action.componentModel { stack.push(model: component) } else { stack.pushNil() }
            stack.setRawField(-2, "component")
            return 1
        }
    }

    /// Calls `function(ctx, ...)` of `operation` at once, with the arguments `arguments` pushes,
    /// under the run's budget; an error is reported, since no run can fail.
    private func call(_ operation: LuaContentOperation, _ function: String, run: LuaOperationRun, arguments: (LuaStack) -> Int32) {
        let stack = lua.stack
        operation.pushFunction(stack, function)
        contextClass.push(stack, run)
        do {
            try lua.call(arguments: 1 + arguments(stack), results: 0, budget: &run.budget)
        } catch {
            problems.report(run.error(from: error).description)
        }
    }

    /// Resumes a run's coroutine and handles how it stopped: returned, asleep, awaiting, or
    /// failed. A cancelled run (its coroutine gone) is not resumed.
    private func resume(_ run: LuaOperationRun, arguments: Int32) {
        guard let coroutine = run.coroutine else { return }
        switch coroutine.resume(arguments: arguments, budget: &run.budget) {
        case .returned:
            end(run)
            if let context = run.context, !context.isCompleted { context.finish() }
        case .yielded(let count):
            suspend(run, coroutine: coroutine, yielded: count)
        case .failed(let error):
            end(run)
            fail(run, error)
        }
    }

    /// Handles the `count` values a run's coroutine yielded: a sleep resumes it later on the
    /// loop, an await calls its `start(done)`; anything else, or a run out of budget, fails.
    private func suspend(_ run: LuaOperationRun, coroutine: LuaCoroutine, yielded count: Int32) {
        let stack = coroutine.stack
        let first = stack.top - count + 1
        let isSleep = count >= 2 && coroutine.holds(sleepToken, at: first)
        let isAwait = count >= 2 && coroutine.holds(awaitToken, at: first)
        run.budget.left -= Self.suspensionCost
        let problem = !(isSleep || isAwait) ? "operation yielded outside hub.sleep and hub.await"
            : run.budget.left <= 0 ? "instruction budget exceeded (\(run.budget.total) instructions)" : nil
        if let problem {
            let location = stack.scriptLocation()
            stack.pop(count)
            end(run)
            return fail(run, LuaError(message: problem, location: location))
        }
        if isSleep {
            let milliseconds = stack.integer(at: first + 1) ?? 0
            stack.pop(count)
            loop.schedule(after: milliseconds) { [weak self] in
                self?.resume(run, arguments: 0)
            }
        } else {
            stack.pushValue(first + 1)
            stack.move(1, to: lua.stack)
            stack.pop(count)
            startAwait(run)
        }
    }

    /// Forgets a run whose coroutine has ended.
    private func end(_ run: LuaOperationRun) {
        run.coroutine = nil
        if let context = run.context { activeRuns.remove(for: context) }
    }

    /// Calls the `start(done)` function on top of the main stack (popped), under the run's
    /// budget; the first call of `done(...)` resumes the suspended run with its arguments, on
    /// the next loop turn.
    private func startAwait(_ run: LuaOperationRun) {
        var resumed = false
        LuaBridge.pushFunction(lua.stack) { [weak self] call in
            guard let self, !resumed, let coroutine = run.coroutine else { return 0 }
            let count = call.top
            guard coroutine.stack.ensureRoom(count + 1) else {
                throw LuaRaise(message: "hub.await: too many values passed to done")
            }
            resumed = true
            call.move(count, to: coroutine.stack)
            self.loop.schedule(after: 0) { [weak self] in
                self?.resume(run, arguments: count)
            }
            return 0
        }
        do {
            try lua.call(arguments: 1, results: 0, budget: &run.budget)
        } catch {
            end(run)
            fail(run, error)
        }
    }

    /// Fails the run with `error` (as a content error naming the feature and operation), or
    /// reports it when the run has completed already.
    private func fail(_ run: LuaOperationRun, _ error: LuaError) {
        let contentError = run.error(from: error)
        if let context = run.context, !context.isCompleted {
            context.fail(contentError)
        } else {
            problems.report(contentError.description)
        }
    }

    // MARK: hub.after

    /// `hub.after(ms, fn)`: calls `fn` on the event loop after `ms` milliseconds.
    private func after(_ call: LuaStack) throws -> Int32 {
        let milliseconds = try call.checkMilliseconds(1, "hub.after", upTo: Self.longestWait)
        try call.checkFunction(2, "hub.after")
        try call.chargeMemory(LuaStack.registrationSize)
        let location = call.location(level: 1)
        call.pushValue(2)
        let callback = lua.reference(popping: call)
        loop.schedule(after: milliseconds) { [weak self] in
            guard let self else { return }
            do {
                try self.lua.call(callback, results: 0) { _ in }
            } catch {
                self.problems.report("hub.after callback from \(location)\(error)")
            }
        }
        return 0
    }
}

/// The runs whose coroutine has not ended, by their context.
private final class ActiveRuns {
    private var runs: [ObjectIdentifier: LuaOperationRun] = [:]

    func add(_ run: LuaOperationRun, for context: ContentOperationContext) {
        runs[ObjectIdentifier(context)] = run
    }

    @discardableResult
    func remove(for context: ContentOperationContext) -> LuaOperationRun? {
        runs.removeValue(forKey: ObjectIdentifier(context))
    }

    /// Whether `thread` is the coroutine of one of the runs.
    func contains(thread: LuaStack) -> Bool {
        runs.values.contains { $0.coroutine?.stack == thread }
    }
}
