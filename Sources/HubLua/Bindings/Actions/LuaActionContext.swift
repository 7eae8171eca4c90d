import HubCore
internal import LuaBridge

/// What `ctx` is in an action, an action handler, and an `on_action` observer: one performed
/// action (`uri`, `action`, `trigger`, `custom`, `component`, `view_model`, `feature`, and for
/// an observer `handled`: whether the feature's handler vetoed it), and in a
/// running action, the action it chains to when it ends (`ctx:chain(id, custom)`).
final class LuaActionContext {
    let context: ActionContext
    /// Whether `ctx:chain` may be called: only while an action runs.
    let canChain: Bool
    /// The action to perform after this one, and its custom data.
    var chained: (identifier: Identifier, customData: JSONDictionary?)?

    /// The context of `context`, for an action (which may chain) or not.
    init(_ context: ActionContext, canChain: Bool) {
        self.context = context
        self.canChain = canChain
    }
}

/// The `hub.Action` class of `LuaActionContext`.
enum ActionContextBindings {
    /// The class, whose metatable `register` creates.
    static let contextClass = LuaClass<LuaActionContext>(name: "hub.Action")

    /// Creates the class's metatable in `stack`'s state.
    static func register(_ stack: LuaStack) {
        contextClass.register(
            stack, describe: { "Action(\($0.context.customActionIdentifier?.description ?? "selection"), \($0.context.viewURI))" },
            properties: [
                "uri": .readOnly { $0.push($1.context.viewURI) },
                "action": .readOnly { $0.push(optional: $1.context.customActionIdentifier?.description) },
                "trigger": .readOnly { $0.push($1.context.trigger.rawValue) },
                "handled": .readOnly { $0.push($1.context.handled) },
                "custom": .readOnly { $0.push(optionalJSON: $1.context.customData) },
                "component": .readOnly { stack, action in
                    if let model = action.context.componentModel { stack.push(model: model) } else { stack.pushNil() }
                },
                "view_model": .readOnly { $0.push(viewModel: $1.context.viewModel) },
                "feature": .readOnly { stack, action in
                    stack.newTable(record: 2)
                    stack.push(action.context.featureInfo.identifier)
                    stack.setRawField(-2, "id")
                    stack.push(action.context.featureInfo.title)
                    stack.setRawField(-2, "title")
                },
            ],
            methods: ["chain": chain])
    }

    /// `[-0, +1]` Pushes `context` as a `hub.Action` for an observer or a handler (no chaining).
    static func push(_ stack: LuaStack, _ context: ActionContext) {
        contextClass.push(stack, LuaActionContext(context, canChain: false))
    }

    /// `ctx:chain(id, custom)`: when the running action ends, performs the action `id` with
    /// the table `custom` (trigger `chained`); a later call replaces an earlier one.
    private static func chain(_ stack: LuaStack, _ action: LuaActionContext) throws -> Int32 {
        let identifier = try stack.checkIdentifier(2, "chain")
        let custom = try stack.optionalJSONObject(3, "chain")
        guard action.canChain else {
            throw LuaRaise(message: "ctx:chain works in an action, not in an action handler or observer")
        }
        action.chained = (identifier, custom)
        return 0
    }
}
