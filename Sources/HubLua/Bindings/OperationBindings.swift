import HubCore

/// Runs Lua content operations. Each run of `perform` or `append` is a coroutine that may
/// suspend itself with `hub.sleep(ms)` or `hub.await(start)`; `initial` and `on_action` run at
/// once. Owns `ctx` (the `hub.Context` class) and the `hub.sleep`, `hub.await` and `hub.after`
/// functions.
final class OperationBindings {
    let lua: LuaState
    private let loop: EventLoop
    private let problems: ProblemLog
    private let errors: ErrorTables
    private let builders: BuilderBindings
    private let contextClass = LuaClass<LuaOperationRun>(name: "hub.Context") { "Context(\($0.operation.name), \($0.viewURI))" }
    /// What `hub.sleep` and `hub.await` yield first, so a resume can tell them apart.
    private let sleepToken: LuaReference
    private let awaitToken: LuaReference
    /// The Lua functions `hub.sleep` and `hub.await` (they yield, so they are written in Lua).
    private let sleepFunction: LuaReference
    private let awaitFunction: LuaReference

    /// `hub.sleep(ms)` and `hub.await(start)`, given the tokens they yield and `advance(ms)`,
    /// which lets time pass when sleeping outside an operation (in a test).
    private static let suspendingFunctions = """
        local sleep_token, await_token, advance = ...
        local function sleep(ms)
          if type(ms) ~= "number" then error("bad argument #1 to 'hub.sleep' (number expected, got " .. type(ms) .. ")", 2) end
          if coroutine.isyieldable() then coroutine.yield(sleep_token, ms) else advance(ms) end
        end
        local function await(start)
          if type(start) ~= "function" then error("bad argument #1 to 'hub.await' (function expected, got " .. type(start) .. ")", 2) end
          if not coroutine.isyieldable() then error("hub.await can only be used inside an operation", 2) end
          return coroutine.yield(await_token, start)
        end
        return sleep, await
        """

    init(lua: LuaState, loop: EventLoop, problems: ProblemLog, errors: ErrorTables, builders: BuilderBindings) throws(LuaError) {
        self.lua = lua
        self.loop = loop
        self.problems = problems
        self.errors = errors
        self.builders = builders
        let stack = lua.stack
        sleepToken = lua.makeMarker()
        awaitToken = lua.makeMarker()
        try lua.load(Self.suspendingFunctions, chunkName: "=hub.sleep")
        stack.push(sleepToken)
        stack.push(awaitToken)
        LuaBridge.pushFunction(stack) { [loop] call in
            loop.advance(by: try call.checkInt(1, "hub.sleep"))
            return 0
        }
        try lua.call(arguments: 3, results: 2)
        awaitFunction = lua.reference(popping: stack)
        sleepFunction = lua.reference(popping: stack)
        defineContext()
        contextClass.register(stack)
    }

    /// `hub.sleep`, `hub.await` and `hub.after`.
    var library: LuaLibrary {
        LuaLibrary([("sleep", .value(sleepFunction)), ("await", .value(awaitFunction))]) + LuaLibrary(self, ["after": OperationBindings.after])
    }

    // MARK: Runs

    /// Runs `function` (`perform` or `append`) of `operation` as a coroutine, for the run
    /// `context` stands for; `page` is passed to `append`.
    func run(_ operation: LuaContentOperation, function: String, context: ContentOperationContext, page: Int?) {
        let run = LuaOperationRun(operation: operation, context: context)
        let coroutine = LuaCoroutine(in: lua)
        operation.pushFunction(coroutine.stack, function)
        contextClass.push(coroutine.stack, run)
        if let page { coroutine.stack.push(page) }
        resume(coroutine, run: run, arguments: page == nil ? 1 : 2)
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

    /// Calls `function(ctx, ...)` of `operation` at once, with the arguments `arguments` pushes;
    /// an error is reported, since no run can fail.
    private func call(_ operation: LuaContentOperation, _ function: String, run: LuaOperationRun, arguments: (LuaStack) -> Int32) {
        let stack = lua.stack
        operation.pushFunction(stack, function)
        contextClass.push(stack, run)
        do {
            try lua.call(arguments: 1 + arguments(stack), results: 0)
        } catch {
            problems.report(run.error(from: error).description)
        }
    }

    /// Resumes an operation's coroutine and handles how it stopped: finished, asleep, awaiting,
    /// or failed.
    private func resume(_ coroutine: LuaCoroutine, run: LuaOperationRun, arguments: Int32) {
        switch coroutine.resume(arguments: arguments) {
        case .returned:
            if let context = run.context, !context.isCompleted { context.finish() }
        case .yielded(let count):
            let stack = coroutine.stack
            let first = stack.top - count + 1
            if count >= 2 && coroutine.holds(sleepToken, at: first) {
                let milliseconds = stack.integer(at: first + 1) ?? 0
                stack.pop(count)
                loop.schedule(after: milliseconds) { [weak self] in
                    self?.resume(coroutine, run: run, arguments: 0)
                }
            } else if count >= 2 && coroutine.holds(awaitToken, at: first) {
                stack.pushValue(first + 1)
                stack.move(1, to: lua.stack)
                stack.pop(count)
                startAwait(coroutine, run: run)
            } else {
                stack.pop(count)
                fail(run, LuaError(message: "operation yielded outside hub.sleep and hub.await"))
            }
        case .failed(let error):
            fail(run, error)
        }
    }

    /// Calls the `start(done)` function on top of the main stack (popped); the first call of
    /// `done(...)` resumes the suspended operation with its arguments, on the next loop turn.
    private func startAwait(_ coroutine: LuaCoroutine, run: LuaOperationRun) {
        var resumed = false
        LuaBridge.pushFunction(lua.stack) { [weak self] call in
            guard let self, !resumed else { return 0 }
            let count = call.top
            guard coroutine.stack.ensureRoom(count + 1) else {
                throw LuaRaise(message: "hub.await: too many values passed to done")
            }
            resumed = true
            call.move(count, to: coroutine.stack)
            self.loop.schedule(after: 0) { [weak self] in
                self?.resume(coroutine, run: run, arguments: count)
            }
            return 0
        }
        do {
            try lua.call(arguments: 1, results: 0)
        } catch {
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
        let milliseconds = try call.checkInt(1, "hub.after")
        try call.checkFunction(2, "hub.after")
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

    // MARK: ctx

    private func defineContext() {
        contextClass.property("uri") { $0.push($1.viewURI) }
        contextClass.property("feature") { stack, run in
            stack.newTable(record: 2)
            stack.push(run.featureInfo.identifier)
            stack.setRawField(-2, "id")
            stack.push(run.featureInfo.title)
            stack.setRawField(-2, "title")
        }
        contextClass.property("connectivity") { $0.push($1.connectivityState.rawValue) }
        contextClass.property("view") { [builders] stack, run in
            if let builder = run.builder { builders.view.push(stack, builder) } else { stack.pushNil() }
        }
        contextClass.property("state") { $1.operation.pushState($0) }
        contextClass.property("page") { stack, run in
            if let page = run.context?.pageIndex { stack.push(page) } else { stack.pushNil() }
        }
        contextClass.property("error") { [errors] stack, run in
            errors.push(stack, run.context?.previousError)
        }
        contextClass.method("finish") { _, run in
            run.context?.finish()
            return 0
        }
        contextClass.method("fail") { stack, run in
            run.context?.fail(try OperationBindings.contentError(stack, run: run))
            return 0
        }
        contextClass.method("reschedule") { _, run in
            run.operation.handle?.reschedule()
            return 0
        }
        contextClass.method("perform_action") { stack, run in
            let identifier = try stack.checkIdentifier(2, "perform_action")
            let custom = try stack.jsonDictionary(at: 3, field: "custom")
            stack.push(run.operation.handle?.performAction(identifier, customData: custom) ?? false)
            return 1
        }
    }

    /// The error `ctx:fail(...)` was given: a message, or a table with `message`, `domain`, `code`.
    private static func contentError(_ stack: LuaStack, run: LuaOperationRun) throws -> ContentError {
        let (location, _) = LuaError.splitLocation(stack.location(level: 1))
        var error = ContentError(
            domain: "hub.lua", message: "operation failed", location: location,
            feature: run.featureInfo.identifier, operation: run.operation.name)
        if let message = stack.string(at: 2) {
            error.message = message
        } else if stack.type(at: 2) == .table {
            error.message = try stack.stringField(2, "message") ?? error.message
            error.domain = try stack.stringField(2, "domain") ?? error.domain
            error.code = try stack.integerField(2, "code") ?? error.code
        }
        return error
    }
}
