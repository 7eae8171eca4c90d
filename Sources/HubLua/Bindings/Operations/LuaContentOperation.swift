import HubCore
import HubData
internal import LuaBridge

/// A content operation written in Lua: a table with `perform(ctx)` and optionally
/// `initial(ctx)`, `append(ctx, page)`, `on_action(ctx, action)`; one instance per view, with
/// its own `ctx.state` table kept across runs.
final class LuaContentOperation: ContentOperation {
    let name: String
    let featureIdentifier: String
    /// Weak: a screen (and so its operations) may outlive the runtime that made it.
    private weak var runner: OperationBindings?
    /// The operation table, shared by the operation's instances in every view.
    private let spec: LuaReference
    /// This instance's `ctx.state`.
    private let state: LuaReference
    private(set) var handle: ContentOperationHandle?
    let providesInitialContent: Bool
    let paginates: Bool
    /// The timeout and reschedule limit of the operation's runs (nil fields: the loader's).
    let limits: ContentOperationLimits
    /// The budget of each run (0: none).
    let instructionBudget: Int
    /// The chunk name of the file that defines the operation's `perform` (`@path`), which hot
    /// reloading matches with an edited file.
    let source: String?
    /// What the last run of `perform` or `append` read from the store.
    var storeReads = StoreReads()

    /// An instance of the operation table `spec` keeps, run by `runner`, with `limits` (its
    /// own over its feature's; the runtime's per-call budget when they set none).
    init(runner: OperationBindings, spec: LuaReference, featureIdentifier: String, limits: LuaLimits) {
        self.runner = runner
        self.spec = spec
        self.featureIdentifier = featureIdentifier
        self.limits = limits.operation
        instructionBudget = ContentOperationLimits.stricter(limits.budget, runner.lua.instructionBudget > 0 ? runner.lua.instructionBudget : nil) ?? 0
        let stack = runner.lua.stack
        stack.push(spec)
        stack.rawField(-1, "name")
        name = stack.string(at: -1) ?? "operation"
        stack.rawField(-2, "initial")
        providesInitialContent = stack.type(at: -1) == .function
        stack.rawField(-3, "append")
        paginates = stack.type(at: -1) == .function
        stack.rawField(-4, "perform")
        source = stack.popFunctionDefinition()?.source
        stack.pop(4)
        stack.newTable()
        state = runner.lua.reference(popping: stack)
    }

    /// The error of a run that finds its runtime gone.
    private var runtimeGone: ContentError {
        ContentError(domain: "hub.lua", message: "the Lua runtime is gone", feature: featureIdentifier, operation: name)
    }

    func attach(to handle: ContentOperationHandle) {
        self.handle = handle
    }

    func perform(_ context: ContentOperationContext) {
        guard let runner else { return context.fail(runtimeGone) }
        runner.run(self, function: "perform", context: context, page: nil)
    }

    func appendContent(page: Int, context: ContentOperationContext) {
        guard let runner else { return context.fail(runtimeGone) }
        runner.run(self, function: "append", context: context, page: page)
    }

    func addInitialContent(_ context: InitialContentContext) {
        runner?.runInitial(self, context: context)
    }

    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        runner?.runActionObserver(self, action: context, featureInfo: featureInfo, connectivityState: connectivityState)
    }

    func viewDidClose() {
        runner?.cancelRuns(of: self)
    }

    func runDidTimeOut(_ context: ContentOperationContext) -> String? {
        runner?.cancel(context)
    }

    var folder: String? {
        runner?.folder(containing: source.map { String($0.dropFirst()) })
    }

    func waitingFor(_ context: ContentOperationContext) -> String? {
        runner?.waitingFor(context)
    }

    /// Whether the operation table has a function `name` now.
    func hasFunction(_ name: String) -> Bool {
        guard let stack = runner?.lua.stack else { return false }
        pushFunction(stack, name)
        defer { stack.pop() }
        return stack.type(at: -1) == .function
    }

    /// `[-0, +1]` Pushes the operation's function `function` (or nil).
    func pushFunction(_ stack: LuaStack, _ function: String) {
        stack.push(spec)
        stack.rawField(-1, function)
        stack.remove(at: -2)
    }

    /// `[-0, +1]` Pushes the instance's `ctx.state` table.
    func pushState(_ stack: LuaStack) {
        stack.push(state)
    }
}

/// What `ctx` gives a Lua operation: the run's context (nil for initial content and action
/// observation), the operation, the builder (nil when observing actions) and the connectivity;
/// and what the run has: its coroutine while it runs, and what is left of its budget.
final class LuaOperationRun: SuspendableRun {
    let operation: LuaContentOperation
    let context: ContentOperationContext?
    let viewURI: String
    let featureInfo: FeatureInfo
    let builder: ViewModelBuilder?
    let connectivityState: ConnectivityState
    /// The coroutine of a `perform` or `append` run, until it ends (or the run is cancelled).
    var coroutine: LuaCoroutine?
    /// What the run may still run, across all its resumes and callbacks.
    var budget: LuaBudget
    let kind = "operation"
    /// Where errors go that no run can fail with (the run has completed).
    weak var problems: ProblemLog?
    /// Called once the run's coroutine has ended.
    var onEnd: (() -> Void)?
    /// The run's HTTP requests, once it makes one.
    var requests: HTTPRequestQueue?
    var featureIdentifier: String? { featureInfo.identifier }
    var instructions = 0
    var profileName: (view: String, name: String) { (viewURI, operation.name) }
    var builderRun: UInt64 { builder?.run ?? 0 }

    init(
        operation: LuaContentOperation, context: ContentOperationContext?, viewURI: String, featureInfo: FeatureInfo,
        builder: ViewModelBuilder?, connectivityState: ConnectivityState
    ) {
        self.operation = operation
        self.context = context
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.builder = builder
        self.connectivityState = connectivityState
        budget = LuaBudget(total: operation.instructionBudget)
    }

    /// Makes the run stop computing once its timeout has passed from now, when time on `loop`
    /// is real (the loop fails a run that waits past its timeout; this stops one that computes
    /// past it). On a virtual clock computing takes no time: the budget and the time limit stop
    /// a run there.
    func startTimeout(on loop: HubEventLoop) {
        guard loop.clock == .real, let timeout = context?.timeout else { return }
        budget.deadline = LuaState.now + Int64(min(timeout, Int(Int32.max))) * 1_000_000
    }

    /// Whether this run was stopped because it computed past its timeout.
    func ranPastItsTimeout(_ error: LuaError) -> Bool {
        guard let deadline = budget.deadline else { return false }
        return error.message.hasPrefix(LuaError.timeLimitMessagePrefix) && LuaState.now >= deadline
    }

    convenience init(operation: LuaContentOperation, context: ContentOperationContext) {
        self.init(
            operation: operation, context: context, viewURI: context.viewURI, featureInfo: context.featureInfo,
            builder: context.viewModelBuilder, connectivityState: context.connectivityState)
    }

    func didReturn(_ stack: LuaStack, count: Int32) {
        onEnd?()
        recordWork()
        if let context, !context.isCompleted { context.finish() }
    }

    /// Reports the instructions the run counted as its work (when it had a budget to count
    /// them), for the chain's statuses.
    private func recordWork() {
        if budget.total > 0 { context?.record(work: instructions) }
    }

    /// Fails the run with `error` (as a content error naming the feature and operation), or
    /// reports it when the run has completed already.
    func didFail(_ error: LuaError) {
        onEnd?()
        recordWork()
        let contentError = self.error(from: error)
        if let context, !context.isCompleted {
            context.fail(contentError)
        } else {
            problems?.report(.failure(contentError))
        }
    }

    /// A content error for this run's operation, from a Lua error; a run stopped for computing
    /// past its timeout says it timed out, as one waiting past it does.
    func error(from luaError: LuaError) -> ContentError {
        let message = ranPastItsTimeout(luaError) ? "timed out after \(context?.timeout ?? 0) ms" : luaError.message
        var failure = ContentError(luaError, feature: featureInfo.identifier, operation: operation.name, folders: problems)
        failure.message = message
        return failure
    }
}
