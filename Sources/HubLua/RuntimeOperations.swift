import CLua
import HubCore

// Running Lua operations as coroutines: `ctx`, sleeping, awaiting, errors.

extension HubRuntime {
    func defineContext() {
        contextClass.property("uri") { $0.push($1.viewURI) }
        contextClass.property("feature") { stack, run in
            stack.newTable(record: 2)
            stack.push(run.featureInfo.identifier)
            stack.setRawField(-2, "id")
            stack.push(run.featureInfo.title)
            stack.setRawField(-2, "title")
        }
        contextClass.property("connectivity") { $0.push($1.connectivityState.rawValue) }
        contextClass.property("view") { [bindings] stack, run in
            if let builder = run.builder { bindings.view.push(stack, builder) } else { stack.pushNil() }
        }
        contextClass.property("state") { $1.operation.pushState($0) }
        contextClass.property("page") { stack, run in
            if let page = run.context?.pageIndex { stack.push(page) } else { stack.pushNil() }
        }
        contextClass.property("error") { [unowned self] stack, run in
            self.push(stack, error: run.context?.previousError)
        }
        contextClass.method("finish") { _, run in
            run.context?.finish()
            return 0
        }
        contextClass.method("fail") { [unowned self] stack, run in
            run.context?.fail(try self.contentError(stack, run: run))
            return 0
        }
        contextClass.method("reschedule") { _, run in
            run.operation.handle?.reschedule()
            return 0
        }
        contextClass.method("perform_action") { stack, run in
            let text = try stack.checkString(2, "perform_action")
            guard let identifier = Identifier(string: text) else {
                throw LuaRaise(message: "bad argument #1 to 'perform_action' ('namespace:name' expected, got '\(text)')")
            }
            let custom = try stack.jsonDictionary(at: 3, field: "custom")
            stack.push(run.operation.handle?.performAction(identifier, customData: custom) ?? false)
            return 1
        }
    }

    /// Pushes a content error as a table (`message`, `domain`, `code`, `location`, `feature`,
    /// `operation`, `traceback`) whose `tostring` is the full description; nil for nil.
    func push(_ stack: LuaStack, error: ContentError?) {
        guard let error else { return stack.pushNil() }
        stack.newTable(record: 8)
        stack.push(error.message); stack.setRawField(-2, "message")
        stack.push(error.domain); stack.setRawField(-2, "domain")
        stack.push(error.code); stack.setRawField(-2, "code")
        stack.push(optional: error.location); stack.setRawField(-2, "location")
        stack.push(optional: error.feature); stack.setRawField(-2, "feature")
        stack.push(optional: error.operation); stack.setRawField(-2, "operation")
        stack.push(optional: error.traceback); stack.setRawField(-2, "traceback")
        stack.push(error.description); stack.setRawField(-2, "text")
        stack.pushReference(errorMetatable)
        lua_setmetatable(stack.L, -2)
    }

    /// The error `ctx:fail(...)` was given: a message, or a table with `message`, `domain`, `code`.
    func contentError(_ stack: LuaStack, run: LuaOperationRun) throws -> ContentError {
        let (location, _) = LuaError.splitLocation(stack.location(level: 1))
        var error = ContentError(
            domain: "hub.lua", message: "operation failed", location: location.map { String($0) },
            feature: run.featureInfo.identifier, operation: run.operation.name)
        if let message = stack.string(at: 2) {
            error.message = message
        } else if stack.type(at: 2) == LUA_TTABLE {
            error.message = try stack.stringField(2, "message") ?? error.message
            error.domain = try stack.stringField(2, "domain") ?? error.domain
            error.code = try stack.integerField(2, "code") ?? error.code
        }
        return error
    }

    /// Runs `function` of `operation` as a coroutine for one run of the chain.
    func run(_ operation: LuaContentOperation, function: String, context: ContentOperationContext, page: Int?) {
        let run = LuaOperationRun(operation: operation, context: context)
        let stack = lua.stack
        guard let thread = lua_newthread(lua.L) else {
            context.fail(ContentError(domain: "hub.lua", message: "out of memory", feature: run.featureInfo.identifier, operation: operation.name))
            return
        }
        let threadReference = lua.reference()
        operation.pushFunction(stack, function)
        contextClass.push(stack, run)
        var arguments: Int32 = 1
        if let page {
            stack.push(page)
            arguments += 1
        }
        lua_xmove(lua.L, thread, arguments + 1)
        resume(thread, reference: threadReference, run: run, arguments: arguments)
    }

    func resume(_ thread: OpaquePointer, reference: Int32, run: LuaOperationRun, arguments: Int32) {
        let threadStack = LuaStack(thread)
        let (status, results) = lua.resume(thread, arguments: arguments)
        switch status {
        case LUA_OK:
            lua.release(reference)
            if let context = run.context, !context.isCompleted { context.finish() }
        case LUA_YIELD:
            let first = threadStack.top - results + 1
            if results >= 2 && isToken(sleepToken, in: thread, at: first) {
                let milliseconds = threadStack.integer(at: first + 1) ?? 0
                threadStack.pop(results)
                loop.schedule(after: milliseconds) { [weak self] in
                    self?.resume(thread, reference: reference, run: run, arguments: 0)
                }
            } else if results >= 2 && isToken(awaitToken, in: thread, at: first) {
                lua_xmove(thread, lua.L, 1)
                threadStack.pop(results - 1)
                startAwait(thread, reference: reference, run: run)
            } else {
                threadStack.pop(results)
                lua.release(reference)
                fail(run, LuaError(message: "operation yielded outside hub.sleep and hub.await"))
            }
        default:
            let message = threadStack.string(at: -1) ?? "(error object is a \(threadStack.typeName(at: -1)) value)"
            luaL_traceback(lua.L, thread, message, 0)
            let error = LuaError(raw: lua.stack.string(at: -1) ?? message)
            lua.pop()
            threadStack.pop()
            lua.release(reference)
            fail(run, error)
        }
    }

    func isToken(_ token: Int32, in thread: OpaquePointer, at index: Int32) -> Bool {
        lua_rawgeti(thread, CLUA_REGISTRYINDEX, lua_Integer(token))
        defer { LuaStack(thread).pop() }
        return lua_rawequal(thread, index, -1) != 0
    }

    /// Calls the `start(done)` function on top of the main stack (popped); the first call of
    /// `done(...)` resumes the suspended operation with its arguments, on the next loop turn.
    func startAwait(_ thread: OpaquePointer, reference: Int32, run: LuaOperationRun) {
        var resumed = false
        LuaBridge.pushFunction(lua.stack) { [weak self] call in
            guard let self, !resumed else { return 0 }
            let count = call.top
            guard lua_checkstack(thread, count + 1) != 0 else {
                throw LuaRaise(message: "hub.await: too many values passed to done")
            }
            resumed = true
            lua_xmove(call.L, thread, count)
            self.loop.schedule(after: 0) { [weak self] in
                self?.resume(thread, reference: reference, run: run, arguments: count)
            }
            return 0
        }
        do {
            try lua.call(arguments: 1, results: 0)
        } catch {
            lua.release(reference)
            fail(run, error)
        }
    }

    /// Calls `on_action(ctx, action)` of `operation`, if it has one.
    func runActionObserver(
        _ operation: LuaContentOperation, action: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState
    ) {
        guard operation.hasFunction("on_action") else { return }
        let stack = lua.stack
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: action.viewURI, featureInfo: featureInfo, builder: nil,
            connectivityState: connectivityState)
        operation.pushFunction(stack, "on_action")
        contextClass.push(stack, run)
        stack.newTable(record: 4)
        stack.push(optional: action.customActionIdentifier?.description); stack.setRawField(-2, "id")
        stack.push(action.trigger.rawValue); stack.setRawField(-2, "trigger")
        stack.push(optionalJSON: action.customData); stack.setRawField(-2, "custom")
        if let component = action.componentModel { stack.push(model: component) } else { stack.pushNil() }
        stack.setRawField(-2, "component")
        do {
            try lua.call(arguments: 2, results: 0)
        } catch {
            report(run.error(from: error).description)
        }
    }

    func fail(_ run: LuaOperationRun, _ error: LuaError) {
        let contentError = run.error(from: error)
        if let context = run.context, !context.isCompleted {
            context.fail(contentError)
        } else {
            report(contentError.description)
        }
    }

    /// Runs `initial(ctx)` of `operation` synchronously.
    func runInitial(_ operation: LuaContentOperation, viewURI: String, builder: ViewModelBuilder) {
        let stack = lua.stack
        let info = features.registration(forViewURI: viewURI)?.featureInfo ?? FeatureInfo(identifier: operation.featureIdentifier, title: "")
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: viewURI, featureInfo: info, builder: builder, connectivityState: .online)
        operation.pushFunction(stack, "initial")
        contextClass.push(stack, run)
        do {
            try lua.call(arguments: 1, results: 0)
        } catch {
            report(run.error(from: error).description)
        }
    }
}
