import HubCore
import HubRender
internal import LuaBridge

/// Actions from Lua, registered into the manager's action registry: `hub.action(id, fn)`,
/// `hub.actions(namespace, factory)` and `hub.action_handler(fn)` (the default handler of
/// features that have none), per folder, so that a folder that fails to load takes its actions
/// with it. Registers `hub.Action`, the class of an action's `ctx`.
final class ActionBindings {
    private let runner: ScriptRunner
    private let manager: HubManager
    private let problems: ProblemLog
    /// The factory of each namespace Lua actions were registered in.
    private var namespaces = FolderNamespaces<LuaActionFactory>(kind: "action")
    /// The folder that set the default action handler.
    private var defaultHandlerOwner: String?

    /// Where scripts registered what, for `hub check`.
    private let ledger: RegistrationLedger

    /// What whoever runs Hub grants: which folders may set the default action handler.
    private let grants: GrantsBox

    init(runner: ScriptRunner, manager: HubManager, problems: ProblemLog, ledger: RegistrationLedger, grants: GrantsBox) {
        self.grants = grants
        self.runner = runner
        self.manager = manager
        self.problems = problems
        self.ledger = ledger
        ActionContextBindings.register(runner.lua.stack)
    }

    /// Removes from the manager the action namespaces and default handler `folder` registered.
    func rollBack(_ folder: FeatureFolder) {
        namespaces.rollBack(folder) { manager.actionRegistry.unregisterFactory(forNamespace: $0) }
        if defaultHandlerOwner == folder.displayPath {
            manager.defaultActionHandler = nil
            defaultHandlerOwner = nil
        }
    }

    /// A handler running the function at `index` of `stack`, set by `owner`.
    func makeHandler(_ stack: LuaStack, at index: Int32, owner: String) -> LuaActionHandler {
        stack.pushValue(index)
        return LuaActionHandler(owner: owner, function: runner.lua.reference(popping: stack), lua: runner.lua)
    }

    /// A new action running `function`.
    func makeAction(_ identifier: String, function: LuaReference) -> LuaAction {
        LuaAction(identifier: identifier, function: function, runner: runner)
    }

    /// `hub.action("ns:name", fn)`. Registered again by its folder (a hot reload), the new
    /// function replaces the old.
    func registerAction(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        let identifier = try call.checkIdentifier(1, "hub.action")
        try call.checkFunction(2, "hub.action")
        try call.chargeMemory(LuaStack.registrationSize)
        let factory = try factory(for: identifier.namespace, folder: folder)
        ledger.record("action", identifier.description, at: call.location(level: 1), folder: folder.path)
        call.pushValue(2)
        factory.functions[identifier.name] = runner.lua.reference(popping: call)
        return 0
    }

    /// `hub.actions("ns", function(name) return fn_or_nil end)`: the actions of a namespace,
    /// made by name when performed (those `hub.action` registered come first).
    func registerResolver(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.setResolver("hub.actions", lua: runner.lua) { try factory(for: $0, folder: folder) }
    }

    /// `hub.action_handler(fn)`: the handler of every feature that has none of its own.
    func registerDefaultHandler(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.checkFunction(1, "hub.action_handler")
        try grants.grants.checkAppWide(folder, function: "hub.action_handler", reach: "see the actions of every feature")
        if let owner = defaultHandlerOwner {
            throw LuaRaise(message: "the default action handler is already set by '\(owner)'")
        }
        manager.defaultActionHandler = makeHandler(call, at: 1, owner: folder.displayPath)
        defaultHandlerOwner = folder.displayPath
        return 0
    }

    /// The factory of `namespace`, created and registered if new; another folder's (or a Swift
    /// factory's) is an error.
    private func factory(for namespace: String, folder: FeatureFolder) throws -> LuaActionFactory {
        try namespaces.factory(
            for: namespace, folder: folder, make: { LuaActionFactory(bindings: self, namespace: namespace) },
            register: { [manager] factory throws(RegistrationError) in
                try manager.actionRegistry.register(factory, forNamespace: namespace)
            })
    }

    /// Asks a `hub.actions` resolver for the action `name`; nil when it has none (or fails,
    /// which is reported).
    func resolveAction(_ resolver: LuaReference, name: String, namespace: String) -> LuaReference? {
        problems.attempt(namespace, context: "actions '\(namespace)'") {
            try runner.lua.call(resolver, arguments: { $0.push(name); return 1 }) { stack in
                guard stack.type(at: -1) == .function else {
                    guard stack.isNil(-1) else {
                        throw LuaRaise(message: "the factory must return a function or nil, got \(stack.typeName(at: -1))")
                    }
                    return nil
                }
                stack.pushValue(-1)
                return runner.lua.reference(popping: stack)
            }
        }
    }
}

/// The Lua actions of one namespace: those `hub.action` registered by name, then what the
/// namespace's `hub.actions` factory makes. Every performance gets a fresh action.
final class LuaActionFactory: ActionFactory, ResolvingFactory {
    let namespace: String
    var functions: [String: LuaReference] = [:]
    var resolver: LuaReference?
    /// Weak: the registry (the manager's) may outlive the runtime.
    private weak var bindings: ActionBindings?

    init(bindings: ActionBindings, namespace: String) {
        self.bindings = bindings
        self.namespace = namespace
    }

    func createAction(forName name: String) -> (any Action)? {
        guard let bindings else { return nil }
        let function = functions[name] ?? resolver.flatMap { bindings.resolveAction($0, name: name, namespace: namespace) }
        return function.map { bindings.makeAction("\(namespace):\(name)", function: $0) }
    }
}
