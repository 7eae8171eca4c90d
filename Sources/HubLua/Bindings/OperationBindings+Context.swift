import HubCore

// `ctx`, the `hub.Context` class a Lua operation's functions receive.

extension OperationBindings {
    /// Declares the members of `ctx`.
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
        contextClass.method("reschedule") { stack, run in
            let (location, _) = LuaError.splitLocation(stack.location(level: 1))
            stack.push(run.operation.handle?.reschedule(from: location) ?? false)
            return 1
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
