import HubCore
import HubData
internal import LuaBridge

/// An action written in Lua: a function `fn(ctx)` that returns true when it performed. It runs
/// as a coroutine, so it may suspend itself with `hub.sleep` or `hub.await` (a prompt, a network
/// call): then it is asynchronous, counts as performed while it runs, and reports its result
/// when it returns. Unless it fails, a `ctx:chain(id, custom)` it made is performed after it
/// ends (trigger `chained`); when it fails, its completion carries the located error (domain
/// and code of an error table it raised, such as a store call's).
final class LuaAction: AsyncAction, SuspendableRun {
    var completion: ((ActionCompletion) -> Void)?
    var coroutine: LuaCoroutine?
    var budget: LuaBudget
    let kind = "action"
    var requests: HTTPRequestQueue?
    var featureIdentifier: String? { context?.context.featureInfo.identifier }
    var instructions = 0
    var profileName: (view: String, name: String) { ("", "action \(identifier)") }
    var builderRun: UInt64 { 0 }
    /// `namespace:name`, for messages.
    private let identifier: String
    private let function: LuaReference
    /// Weak: a screen (and so its pending actions) may outlive the runtime.
    private weak var runner: ScriptRunner?
    private var context: LuaActionContext?
    /// Whether ``perform(with:)`` is still starting the run.
    private var isStarting = false
    /// How the run ended: whether it performed, and its error when it failed; nil while it runs.
    private var ending: (performed: Bool, error: ContentError?)?

    /// The action `identifier` that runs `function` with `runner`.
    init(identifier: String, function: LuaReference, runner: ScriptRunner) {
        self.identifier = identifier
        self.function = function
        self.runner = runner
        budget = LuaBudget(total: runner.lua.instructionBudget)
    }

    func perform(with context: ActionContext) -> Bool {
        guard let runner else { return false }
        let script = LuaActionContext(context, canChain: true)
        self.context = script
        isStarting = true
        runner.start(self) { stack in
            stack.push(function)
            ActionContextBindings.contextClass.push(stack, script)
            return 1
        }
        isStarting = false
        guard let ending else { return true }
        // It ended at once: what it chains to comes after this action's own notifications.
        runner.loop.schedule(after: 0) { [self] in finish() }
        return ending.performed
    }

    func didReturn(_ stack: LuaStack, count: Int32) {
        end(performed: count > 0 && stack.boolean(at: -count), error: nil)
    }

    func didFail(_ error: LuaError) {
        end(performed: false, error: ContentError(error, feature: featureIdentifier, action: identifier, folders: runner?.problems))
    }

    private func end(performed: Bool, error: ContentError?) {
        ending = (performed, error)
        if !isStarting { finish() }
    }

    /// Tells the performer how the action ended, once.
    private func finish() {
        guard let completion, let ending else { return }
        self.completion = nil
        if let error = ending.error { return completion(.failed(error)) }
        let chained = context?.chained
        completion(ActionCompletion(performed: ending.performed, chainingTo: chained?.identifier, customData: chained?.customData))
    }
}

/// An action handler written in Lua: `fn(ctx)` returns true when it handles the action itself
/// (which is then not performed). It must answer at once; an error is the action's failure
/// (the action then goes on as not handled).
struct LuaActionHandler: ActionHandler {
    /// Where the handler was set, for messages.
    let owner: String
    let function: LuaReference
    /// Weak: a screen may outlive the runtime.
    weak var lua: LuaState?

    func handleAction(with context: ActionContext) throws(ContentError) -> Bool {
        guard let lua else { return false }
        do {
            return try lua.call(function, arguments: { stack in
                ActionContextBindings.push(stack, context)
                return 1
            }) { $0.boolean(at: -1) }
        } catch {
            var failure = ContentError(
                error as? LuaError ?? LuaError(message: "\(error)"), feature: context.featureInfo.identifier,
                action: context.customActionIdentifier?.description ?? "selection", folders: nil)
            failure.message = "action handler of \(owner): \(failure.message)"
            throw failure
        }
    }
}
