import HubCore
internal import LuaBridge

/// Runs Lua content operations. Each run of `perform` or `append` is a coroutine (run by the
/// ``ScriptRunner``) that may suspend itself with `hub.sleep(ms)` or `hub.await(start)`;
/// `initial` and `on_action` (given the action as a `hub.Action`) run at once. A run's
/// instruction budget covers all of its resumes and callbacks. Owns `ctx` (the `hub.Context`
/// class, see `OperationBindings+Context.swift`).
final class OperationBindings {
    /// The state the runs' coroutines belong to.
    var lua: LuaState { runner.lua }
    /// Makes the error tables of `ctx.error`.
    let errors: ErrorTables
    /// `hub.Context`, the class of `ctx`.
    let contextClass = LuaClass<LuaOperationRun>(name: "hub.Context")
    /// Runs `perform` and `append` as coroutines that may suspend.
    let runner: ScriptRunner
    private let problems: ProblemLog
    /// The runs going on, by their context (to cancel one that timed out).
    private var runs: [ObjectIdentifier: LuaOperationRun] = [:]

    /// A binding whose runs `runner` runs, reporting what no run can fail with to `problems`.
    /// The loaded feature folder `path` lies in (``ProblemLog/folder(containing:)``).
    func folder(containing path: String?) -> String? {
        problems.folder(containing: path)
    }

    init(runner: ScriptRunner, problems: ProblemLog, errors: ErrorTables) {
        self.runner = runner
        self.problems = problems
        self.errors = errors
        contextClass.register(runner.lua.stack, describe: Self.describe(run:), properties: contextProperties, methods: contextMethods)
    }

    // MARK: Runs

    /// Runs `function` (`perform` or `append`) of `operation` as a coroutine, for the run
    /// `context` stands for; `page` is passed to `append`.
    func run(_ operation: LuaContentOperation, function: String, context: ContentOperationContext, page: Int?) {
        let run = LuaOperationRun(operation: operation, context: context)
        operation.storeReads = StoreReads()
        run.startTimeout(on: runner.loop)
        run.problems = problems
        let key = ObjectIdentifier(context)
        runs[key] = run
        run.onEnd = { [weak self] in self?.runs[key] = nil }
        runner.start(run) { stack in
            operation.pushFunction(stack, function)
            contextClass.push(stack, run)
            if let page { stack.push(page) }
            return page == nil ? 1 : 2
        }
    }

    /// Stops the run of `context`, which timed out: it is never resumed again. Returns where it
    /// was waiting.
    func cancel(_ context: ContentOperationContext) -> String? {
        guard let run = runs.removeValue(forKey: ObjectIdentifier(context)) else { return nil }
        return runner.cancel(run)
    }

    /// What the run of `context` waits for from the host, when it names it.
    func waitingFor(_ context: ContentOperationContext) -> String? {
        runs[ObjectIdentifier(context)].flatMap(runner.waitingFor)
    }

    /// Stops every run of `operation`, whose view is gone: none is resumed again.
    func cancelRuns(of operation: LuaContentOperation) {
        for (key, run) in runs where run.operation === operation {
            runs[key] = nil
            _ = runner.cancel(run)
        }
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
            ActionContextBindings.push(stack, action)
            return 1
        }
    }

    /// Calls `function(ctx, ...)` of `operation` at once, with the arguments `arguments` pushes,
    /// under the run's budget; an error is reported, since no run can fail.
    private func call(_ operation: LuaContentOperation, _ function: String, run: LuaOperationRun, arguments: (LuaStack) -> Int32) {
        // Its errors are worded relative to the feature folder, as a run's are.
        run.problems = problems
        let stack = lua.stack
        operation.pushFunction(stack, function)
        contextClass.push(stack, run)
        do {
            try lua.call(arguments: 1 + arguments(stack), results: 0, budget: &run.budget)
        } catch {
            problems.report(.failure(run.error(from: error)))
        }
    }
}
