import HubCore
internal import LuaBridge

// `ctx`, the `hub.Context` class a Lua operation's functions receive.

extension OperationBindings {
    /// `tostring(ctx)`: the operation and the view it runs for.
    static func describe(run: LuaOperationRun) -> String {
        "Context(\(run.operation.name), \(run.viewURI))"
    }

    /// The properties of `ctx`, all read-only.
    var contextProperties: [String: LuaProperty<LuaOperationRun>] {
        [
            "uri": .readOnly { $0.push($1.viewURI) },
            "feature": .readOnly { stack, run in
                stack.newTable(record: 2)
                stack.push(run.featureInfo.identifier)
                stack.setRawField(-2, "id")
                stack.push(run.featureInfo.title)
                stack.setRawField(-2, "title")
            },
            "connectivity": .readOnly { $0.push($1.connectivityState.rawValue) },
            // A run's view and state stay the same while it lives: `ctx.view:body(id)` in a loop
            // then reads the view in C, and so hands no waiting writes to Swift on every row.
            "view": .kept { stack, run in
                if let builder = run.builder { BuilderBindings.view.push(stack, builder) } else { stack.pushNil() }
            },
            "state": .kept { $1.operation.pushState($0) },
            "page": .readOnly { stack, run in
                if let page = run.context?.pageIndex { stack.push(page) } else { stack.pushNil() }
            },
            "error": .readOnly { [errors] in errors.push($0, $1.context?.previousError) },
        ]
    }

    /// The methods of `ctx`.
    var contextMethods: LuaMethods<LuaOperationRun> {
        LuaMethods([
            "finish": OperationBindings.finish,
            "fail": OperationBindings.fail,
            "reschedule": OperationBindings.reschedule,
            "perform_action": OperationBindings.performAction,
        ])
    }

    /// `ctx:finish()`: ends the run; the view model so far is its result.
    private static func finish(_ stack: LuaStack, _ run: LuaOperationRun) -> Int32 {
        run.context?.finish()
        leave(run, stack)
        return 0
    }

    /// The run has ended though its script goes on: its builders no longer take writes.
    private static func leave(_ run: LuaOperationRun, _ stack: LuaStack) {
        if stack.executingRun == run.builderRun { stack.executingRun = 0 }
    }

    /// The keys of `ctx:fail { ... }`: `message`, `domain` and `code`, and the others of an error
    /// table (`ctx:fail(ctx.error)` passes an error on), which are not read.
    private static let failureKeys = [
        "message", "domain", "code", "location", "feature", "operation", "action", "traceback", "passed_on", "text",
    ]

    /// `ctx:fail(message)` or `ctx:fail { message, domain, code }`: ends the run with an error.
    private static func fail(_ stack: LuaStack, _ run: LuaOperationRun) throws -> Int32 {
        run.context?.fail(try contentError(stack, run: run))
        leave(run, stack)
        return 0
    }

    /// `ctx:reschedule()`: asks for the operation to run again; whether it will.
    private static func reschedule(_ stack: LuaStack, _ run: LuaOperationRun) -> Int32 {
        let (location, _) = LuaError.splitLocation(stack.location(level: 1))
        stack.push(run.operation.handle?.reschedule(from: location) ?? false)
        return 1
    }

    /// `ctx:perform_action(id, custom)`: performs the custom action `id` with the table
    /// `custom` as its data; whether it was performed.
    private static func performAction(_ stack: LuaStack, _ run: LuaOperationRun) throws -> Int32 {
        let identifier = try stack.checkIdentifier(2, "perform_action")
        let custom = try stack.optionalJSONObject(3, "perform_action")
        stack.push(run.operation.handle?.performAction(identifier, customData: custom) ?? false)
        return 1
    }

    /// The error `ctx:fail(...)` was given: a message, or a table with `message`, `domain`, `code`;
    /// an error table handed on (one with a `location`) keeps it, and adds the place of this call
    /// to its `passed_on`.
    private static func contentError(_ stack: LuaStack, run: LuaOperationRun) throws -> ContentError {
        let (location, _) = LuaError.splitLocation(stack.location(level: 1))
        var failure = ContentError(
            domain: "hub.lua", message: "operation failed", location: location,
            feature: run.featureInfo.identifier, operation: run.operation.name)
        if let message = stack.string(at: 2) {
            failure.message = message
        } else if stack.type(at: 2) == .table {
            try stack.options(2, "fail", known: Self.failureKeys) {
                failure.message = try stack.stringField(2, "message") ?? failure.message
                failure.domain = try stack.stringField(2, "domain") ?? failure.domain
                failure.code = try stack.integerField(2, "code") ?? failure.code
                if let origin = try stack.stringField(2, "location") {
                    failure.passedOn = stack.passedOn(of: stack.absolute(2))
                    if let location, location != origin, failure.passedOn.count < LuaStack.passedOnLimit {
                        failure.passedOn.append(location)
                    }
                    failure.location = origin
                }
            }
        }
        failure.folder = run.problems?.folder(containing: failure.location)
        return failure
    }
}
