import CLua
import CLuaShim
import HubCore

/// A content operation written in Lua: a table with `perform(ctx)` and optionally
/// `initial(ctx)`, `append(ctx, page)`, `on_action(ctx, action)`; one instance per view, with
/// its own `ctx.state` table kept across runs.
final class LuaContentOperation: ContentOperation {
    let name: String
    let featureIdentifier: String
    /// Weak: a screen (and so its operations) may outlive the runtime that made it.
    private weak var runtime: HubRuntime?
    private let specReference: Int32
    private let stateReference: Int32
    private(set) var handle: ContentOperationHandle?
    let providesInitialContent: Bool
    let paginates: Bool

    init(runtime: HubRuntime, specReference: Int32, name: String, featureIdentifier: String, hasInitial: Bool, hasAppend: Bool) {
        self.runtime = runtime
        self.specReference = specReference
        self.name = name
        self.featureIdentifier = featureIdentifier
        providesInitialContent = hasInitial
        paginates = hasAppend
        let stack = runtime.lua.stack
        stack.newTable()
        stateReference = runtime.lua.reference()
    }

    deinit {
        runtime?.lua.release(stateReference)
    }

    /// The error of a run that finds its runtime gone.
    private var runtimeGone: ContentError {
        ContentError(domain: "hub.lua", message: "the Lua runtime is gone", feature: featureIdentifier, operation: name)
    }

    func attach(to handle: ContentOperationHandle) {
        self.handle = handle
    }

    func perform(_ context: ContentOperationContext) {
        guard let runtime else { return context.fail(runtimeGone) }
        runtime.run(self, function: "perform", context: context, page: nil)
    }

    func appendContent(page: Int, context: ContentOperationContext) {
        guard let runtime else { return context.fail(runtimeGone) }
        runtime.run(self, function: "append", context: context, page: page)
    }

    func addInitialContent(viewURI: String, to builder: ViewModelBuilder) {
        runtime?.runInitial(self, viewURI: viewURI, builder: builder)
    }

    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        runtime?.runActionObserver(self, action: context, featureInfo: featureInfo, connectivityState: connectivityState)
    }

    /// Whether the operation table has a function `name` now.
    func hasFunction(_ name: String) -> Bool {
        guard let stack = runtime?.lua.stack else { return false }
        pushFunction(stack, name)
        defer { stack.pop() }
        return stack.type(at: -1) == LUA_TFUNCTION
    }

    /// Pushes the operation's function `name` (or nil).
    func pushFunction(_ stack: LuaStack, _ function: String) {
        stack.pushReference(specReference)
        stack.rawField(-1, function)
        clua_remove(stack.L, -2)
    }

    func pushState(_ stack: LuaStack) {
        stack.pushReference(stateReference)
    }
}

/// What `ctx` gives a Lua operation: the run's context (nil for initial content and action
/// observation), the operation, the builder (nil when observing actions) and the connectivity.
final class LuaOperationRun {
    let operation: LuaContentOperation
    let context: ContentOperationContext?
    let viewURI: String
    let featureInfo: FeatureInfo
    let builder: ViewModelBuilder?
    let connectivityState: ConnectivityState

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
    }

    convenience init(operation: LuaContentOperation, context: ContentOperationContext) {
        self.init(
            operation: operation, context: context, viewURI: context.viewURI, featureInfo: context.featureInfo,
            builder: context.viewModelBuilder, connectivityState: context.connectivityState)
    }

    /// A content error for this run's operation, from a Lua error.
    func error(from luaError: LuaError) -> ContentError {
        ContentError(
            domain: "hub.lua", message: luaError.message, location: luaError.location,
            feature: featureInfo.identifier, operation: operation.name, traceback: luaError.traceback)
    }
}
