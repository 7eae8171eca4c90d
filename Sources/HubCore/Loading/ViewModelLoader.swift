/// Runs a view's content loading chain exactly as Hub Framework's loader does.
///
/// - Operation *i* works on a copy of operation *i−1*'s last output; a main run starts empty.
/// - Rescheduling operation *k* queues *k…n−1* behind running work, starting from what *k*
///   received last time; operations before *k* do not run again.
/// - Errors flow to the next operation as its previous error; a normal finish silences them.
/// - One delegate call per drained queue, however many runs were queued.
///
/// The queue is drained by a loop, not by recursion, so any number of runs that finish at once
/// is stack-safe. With an event loop, a run that outlives its timeout fails; an operation that
/// keeps rescheduling itself while the chain runs is stopped at its limit (see
/// ``ContentOperationLimits``).
public final class ViewModelLoader: ConnectivityStateResolverObserver {
    private enum Mode {
        case main
        case pagination
    }

    private struct Execution {
        var index: Int
        var mode: Mode
        /// The run's context once started.
        var context: ContentOperationContext?
    }

    /// The view this loader loads.
    public let viewURI: String
    /// The feature the view belongs to.
    public let featureInfo: FeatureInfo
    /// Receives loaded view models and failures.
    public weak var delegate: (any ViewModelLoaderDelegate)?
    /// Performs actions for operations that perform them.
    public weak var actionPerformer: (any ActionPerformer)?

    private let operations: [any ContentOperation]
    private var handles: [ContentOperationHandle] = []
    private let reloadPolicy: (any ContentReloadPolicy)?
    private let connectivityResolver: any ConnectivityStateResolver
    private let configuration: BuilderConfiguration
    private let schema: JSONSchema

    private var queue: [Execution] = []
    /// Per operation, in chain order: its snapshots, status, reschedules and run under way.
    private var slots: [OperationSlot]
    private var cachedInitialViewModel: ViewModel?
    private var observingConnectivity = false
    private var pageIndex = 0
    /// Runs timeouts; nil: no timeouts.
    private let loop: HubEventLoop?
    /// The loader's limits, under each operation's own.
    private let limits: ContentOperationLimits
    /// Whether the queue is being drained (a run that finishes now is picked up by the loop).
    private var isDraining = false

    /// The failures the chain's operations silenced in their last runs (each was handed an
    /// earlier operation's error and finished normally: its outcome is
    /// ``ChainFailure/Outcome/silenced(by:)``), in chain order.
    public var silencedFailures: [ChainFailure] {
        slots.compactMap(\.silenced)
    }

    /// Every failure of the chain's operations in their last runs, in chain order, each once
    /// where it first happened, with what became of it (see ``ChainFailure``).
    public var failures: [ChainFailure] {
        ChainFailure.failures(of: slots.map(\.status), silenced: slots.map(\.silenced))
    }

    /// The connectivity state every operation of the next run receives.
    public private(set) var connectivityState: ConnectivityState
    /// The last view model loaded successfully, if any.
    public private(set) var previouslyLoadedViewModel: ViewModel?
    /// When ``previouslyLoadedViewModel`` was built, on the loop's clock (nil without a loop).
    private var previouslyLoadedAt: Int?

    /// A loader for `viewURI` running `operations` in order. `initialViewModel`, when given,
    /// replaces the operations' initial content. The operations' builders read JSON with `schema`.
    /// Timeouts run on `loop` (none without one); `limits` applies where an operation has none.
    public init(
        viewURI: String, featureInfo: FeatureInfo, operations: [any ContentOperation],
        connectivityResolver: any ConnectivityStateResolver = ManualConnectivityStateResolver(),
        reloadPolicy: (any ContentReloadPolicy)? = nil, initialViewModel: ViewModel? = nil,
        configuration: BuilderConfiguration = BuilderConfiguration(), schema: JSONSchema = .default,
        loop: HubEventLoop? = nil, limits: ContentOperationLimits = .standard
    ) {
        self.loop = loop
        self.limits = limits
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.operations = operations
        self.connectivityResolver = connectivityResolver
        self.reloadPolicy = reloadPolicy
        self.cachedInitialViewModel = initialViewModel
        self.configuration = configuration
        self.schema = schema
        connectivityState = connectivityResolver.resolveConnectivityState()
        slots = operations.map { OperationSlot(name: $0.name) }
        handles = operations.indices.map { ContentOperationHandle(loader: self, index: $0) }
        for (operation, handle) in zip(operations, handles) {
            operation.attach(to: handle)
        }
    }

    deinit {
        if observingConnectivity {
            connectivityResolver.removeObserver(self)
        }
        close()
    }

    /// Stops what the chain still runs, as when its view closes: each operation is told
    /// (``ContentOperation/viewDidClose()``: a script's runs are cancelled, with what they
    /// wait for) and the runs' watchdogs are dropped. A view whose client went away.
    public func close() {
        for index in slots.indices {
            guard let timeout = slots[index].timeout else { continue }
            slots[index].timeout = nil
            loop?.cancel(timeout)
        }
        for operation in operations { operation.viewDidClose() }
    }

    // MARK: Public API

    /// The operations of the chain, in order.
    public var contentOperations: [any ContentOperation] { operations }

    /// Each operation's name, phase, last error and run count, in chain order.
    public var operationStatuses: [ContentOperationStatus] {
        slots.map(\.status)
    }

    /// The input the operation at `index` received on its last run, or nil if it never ran.
    public func inputSnapshot(ofOperationAt index: Int) -> ViewModelBuilderSnapshot? {
        slots.indices.contains(index) ? slots[index].input : nil
    }

    /// Whether runs are queued or running.
    public var isLoading: Bool { !queue.isEmpty }

    /// Whether a main run of the operation at `index` or an earlier one is queued and not
    /// started yet: the chain from `index` then runs again anyway, after anything that happens
    /// now (a run queued from one operation is queued for every one after it).
    public func hasQueuedRun(from index: Int) -> Bool {
        queue.contains { $0.context == nil && $0.mode == .main && $0.index <= index }
    }

    /// The skeleton view model, built once from the operations' initial content (or injected).
    public var initialViewModel: ViewModel {
        if let cachedInitialViewModel { return cachedInitialViewModel }
        let context = InitialContentContext(
            viewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
            viewModelBuilder: makeBuilder(from: nil))
        for operation in operations where operation.providesInitialContent {
            operation.addInitialContent(context)
        }
        let builder = context.viewModelBuilder
        let model = builder.build()
        cachedInitialViewModel = model
        return model
    }

    /// Loads the view model, unless the reload policy declines after a successful load.
    public func loadViewModel() {
        somethingHappened()
        let resolved = connectivityResolver.resolveConnectivityState()
        if resolved != connectivityState {
            connectivityState = resolved
            delegate?.viewModelLoader(self, didLoad: initialViewModel)
            schedule(from: 0, mode: .main)
        }
        if !observingConnectivity {
            observingConnectivity = true
            connectivityResolver.addObserver(self)
        }
        if let reloadPolicy, let previouslyLoadedViewModel, !shouldReload(previouslyLoadedViewModel, by: reloadPolicy) {
            return
        }
        schedule(from: 0, mode: .main)
    }

    /// Whether `policy` has the view load again over `current`: by its age under a policy with
    /// a ``ContentReloadPolicy/maxAge``, else as the policy says.
    private func shouldReload(_ current: ViewModel, by policy: any ContentReloadPolicy) -> Bool {
        guard let maxAge = policy.maxAge else { return policy.shouldReload(viewURI: viewURI, currentViewModel: current) }
        guard let loop, let loadedAt = previouslyLoadedAt else { return true }
        return loop.now - loadedAt >= maxAge
    }

    /// Loads the view model again, ignoring the reload policy.
    public func reloadViewModel() {
        somethingHappened()
        schedule(from: 0, mode: .main)
    }

    /// Appends the next page; does nothing before a successful load or when no operation paginates.
    public func loadNextPage() {
        guard previouslyLoadedViewModel != nil, operations.contains(where: { $0.paginates }) else { return }
        somethingHappened()
        schedule(from: 0, mode: .pagination)
    }

    /// Tells every operation about an action performed in the view, in chain order.
    public func actionPerformed(_ context: ActionContext) {
        somethingHappened()
        for operation in operations {
            operation.actionPerformed(context, featureInfo: featureInfo, connectivityState: connectivityState)
        }
    }

    public func connectivityStateResolverStateDidChange(_ resolver: any ConnectivityStateResolver) {
        let resolved = resolver.resolveConnectivityState()
        guard resolved != connectivityState else { return }
        connectivityState = resolved
        somethingHappened()
        delegate?.viewModelLoader(self, didLoad: initialViewModel)
        schedule(from: 0, mode: .main)
    }

    /// Something outside the operations happened (a load, an action, a change of
    /// connectivity, an outside reschedule, a delivery): self-reschedules from now on are no
    /// longer in a row with the earlier ones.
    private func somethingHappened() {
        for index in slots.indices { slots[index].consecutiveReschedules = 0 }
    }

    // MARK: The queue

    /// Queues a main run of the operation at `index` and every one after it, as if it had
    /// asked to be rescheduled (an outside request: it does not count against the operation's
    /// reschedule limit).
    public func rescheduleOperation(at index: Int) {
        guard operations.indices.contains(index) else { return }
        somethingHappened()
        schedule(from: index, mode: .main)
    }

    /// As ``rescheduleOperation(at:)``, but the runs start at the loop's next turn (the loader
    /// is loading from now on): for a caller in the middle of a script, which must not run
    /// another script under itself.
    public func rescheduleOperationOnNextTurn(at index: Int) {
        guard operations.indices.contains(index) else { return }
        guard let loop else { return rescheduleOperation(at: index) }
        somethingHappened()
        schedule(from: index, mode: .main, startingNow: false)
        loop.schedule(after: 0) { [weak self] in self?.drain() }
    }

    /// An operation asked, through its handle, to be rescheduled. Asked by a run (even one that
    /// waited on a timer first), it counts against the operation's limit of reschedules in a
    /// row with nothing else happening, and past it the run fails instead; asked when no run of
    /// it is going on (a timer it set after finishing, to poll), it is an outside event.
    func operationAskedToReschedule(at index: Int, location: String?) -> Bool {
        guard operations.indices.contains(index) else { return false }
        if let running = queue.first(where: { $0.index == index && $0.context != nil })?.context {
            slots[index].consecutiveReschedules += 1
            if let maximum = limits(of: index).maximumConsecutiveReschedules, slots[index].consecutiveReschedules > maximum {
                var error = ContentError(
                    domain: "hub", code: ContentError.Code.rescheduleLimit,
                    message: "rescheduled itself \(maximum) times in a row with nothing else happening (a loop?)",
                    location: location, feature: featureInfo.identifier, operation: operations[index].name)
                error.folder = operations[index].folder
                running.fail(error)
                return false
            }
        }
        schedule(from: index, mode: .main)
        return true
    }

    /// The limits of the operation at `index`: its own where they are stricter than the
    /// loader's.
    private func limits(of index: Int) -> ContentOperationLimits {
        operations[index].limits.within(limits)
    }

    private func schedule(from index: Int, mode: Mode, startingNow: Bool = true) {
        guard !operations.isEmpty else { return }
        for position in index..<operations.count {
            queue.append(Execution(index: position, mode: mode))
            slots[position].status.phase = .queued
        }
        if startingNow { drain() }
    }

    /// Starts queued runs until the head is one that has not finished yet (or the queue is
    /// empty). Runs that finish at once are picked up by this loop rather than by nesting calls.
    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while let head = queue.first, head.context == nil {
            start(head)
        }
    }

    /// Starts the run `execution` (the head of the queue).
    private func start(_ execution: Execution) {
        let index = execution.index
        let builder: ViewModelBuilder
        var page: Int?
        let previousError: ContentError?
        switch execution.mode {
        case .main:
            builder = makeBuilder(from: index == 0 ? nil : slots[index - 1].output)
            previousError = index == 0 ? nil : slots[index - 1].error
        case .pagination:
            if index == 0 { pageIndex += 1 }
            page = pageIndex
            builder = makeBuilder(from: slots[index == 0 ? operations.count - 1 : index - 1].output)
            previousError = slots[index].error
        }
        let operation = operations[index]
        if execution.mode == .pagination && !operation.paginates {
            // Passes the content through and re-reports the error of its own last run.
            complete(at: index, builder: builder, error: previousError)
            return
        }
        slots[index].input = builder.snapshot()
        builder.beginRun()
        slots[index].status.runs += 1
        slots[index].status.phase = .running
        slots[index].runStart = MonotonicTime.now
        let run = slots[index].status.runs
        let context = ContentOperationContext(
            viewURI: viewURI, featureInfo: featureInfo, connectivityState: connectivityState,
            viewModelBuilder: builder, previousError: previousError, pageIndex: page, handle: handles[index],
            timeout: limits(of: index).timeout, loop: loop,
            recordingWork: { [weak self] work in
                // Only the latest run's: one that finished early may report after a new one began.
                guard let self, self.slots.indices.contains(index), self.slots[index].status.runs == run else { return }
                self.slots[index].status.lastRunWork = work
            }
        ) { [weak self, name = operation.name, folder = operation.folder] error in
            // A Swift operation's error may not say whose it is: the loader knows.
            guard let self else { return }
            complete(at: index, builder: builder, error: error?.naming(feature: featureInfo.identifier, operation: name, folder: folder))
        }
        queue[0].context = context
        startTimeout(of: context, at: index)
        switch execution.mode {
        case .main: operation.perform(context)
        case .pagination: operation.appendContent(page: pageIndex, context: context)
        }
    }

    /// Fails the run of `context` if it is still running when its timeout has passed; the
    /// watchdog is cancelled when the run completes (``complete(at:builder:error:)``), so a
    /// loop that runs many chains holds one only for each run under way.
    private func startTimeout(of context: ContentOperationContext, at index: Int) {
        guard let loop, let timeout = limits(of: index).timeout else { return }
        slots[index].timeout = loop.schedule(after: timeout, isWatchdog: true) { [weak self, weak context] in
            guard let self, let context, !context.isCompleted else { return }
            let operation = self.operations[index]
            let waiting = operation.waitingFor(context).map { " waiting for \($0)" } ?? ""
            let location = operation.runDidTimeOut(context)
            var error = ContentError(
                domain: "hub", code: ContentError.Code.timeout, message: "timed out after \(timeout) ms\(waiting)",
                location: location, feature: self.featureInfo.identifier, operation: operation.name)
            error.folder = operation.folder
            context.fail(error)
        }
    }

    /// A builder holding what `snapshot` holds, or an empty one.
    private func makeBuilder(from snapshot: ViewModelBuilderSnapshot?) -> ViewModelBuilder {
        guard let snapshot else { return ViewModelBuilder(configuration: configuration, schema: schema) }
        return ViewModelBuilder(snapshot: snapshot)
    }

    /// The run at the head of the queue, of the operation at `index`, finished or failed.
    private func complete(at index: Int, builder: ViewModelBuilder, error: ContentError?) {
        guard let head = queue.first, head.index == index else { return }
        queue.removeFirst()
        if error == nil, head.mode == .main, let handed = head.context?.previousError {
            let failure = ChainFailure(error: handed, outcome: .silenced(by: operations[index].name))
            slots[index].silenced = failure
            delegate?.viewModelLoader(self, didSilence: failure)
        } else {
            slots[index].silenced = nil
        }
        if let timeout = slots[index].timeout {
            slots[index].timeout = nil
            loop?.cancel(timeout)
        }
        slots[index].output = builder.snapshot()
        builder.endRun("operation '\(operations[index].name)' of \(viewURI)")
        slots[index].status.error = error
        slots[index].status.phase = error == nil ? .finished : .failed
        if let started = slots[index].runStart {
            slots[index].status.lastRunMilliseconds = MonotonicTime.milliseconds(since: started)
        }
        if queue.isEmpty {
            somethingHappened()
            deliver()
        } else {
            drain()
        }
    }

    private func deliver() {
        let last = operations.count - 1
        if let error = slots[last].error {
            delegate?.viewModelLoader(self, didFailWith: error)
            return
        }
        let builder = makeBuilder(from: slots[last].output)
        if !builder.hasHeader && builder.navigationBarTitle == nil {
            builder.navigationBarTitle = featureInfo.title
        }
        // The previous model's body, given up first, is where the new one is made: a model
        // still delivered is kept rather than retained again (and released with the old body).
        let previousBody = previouslyLoadedViewModel?.body ?? []
        previouslyLoadedViewModel = nil
        let model = builder.build(reusing: previousBody)
        previouslyLoadedViewModel = model
        previouslyLoadedAt = loop?.now
        delegate?.viewModelLoader(self, didLoad: model)
    }
}
