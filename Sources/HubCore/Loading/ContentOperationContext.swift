/// What one run of a content operation works with, and how it reports its outcome.
///
/// Only the first ``finish()`` or ``fail(_:)`` of a run counts; later calls are ignored. A run
/// is touched on its loop's thread only (where ``ContentOperation/perform(_:)`` is called): work
/// done elsewhere — in a `Task`, on a Dispatch queue — comes back through ``runTask(_:then:)``
/// or ``callback(_:)``, whose handlers run there and may fill the builder and finish.
public final class ContentOperationContext {
    /// The URI of the view being loaded.
    public let viewURI: String
    /// The feature whose view is being loaded.
    public let featureInfo: FeatureInfo
    /// The connectivity of the whole run (every operation of one run sees the same).
    public let connectivityState: ConnectivityState
    /// The builder to add content to: a copy of the previous operation's output.
    public let viewModelBuilder: ViewModelBuilder
    /// The previous operation's error, if it failed.
    public let previousError: ContentError?
    /// The page being appended (1, 2, 3, ...), or nil for a main run.
    public let pageIndex: Int?
    /// The operation's own handle: reschedule it or perform actions.
    public let handle: ContentOperationHandle
    /// Milliseconds of the loop's time the run may take before it fails (nil: no timeout).
    public let timeout: Int?

    private var completion: ((ContentError?) -> Void)?
    /// The loop the run belongs to. Weak: the loop's timers hold runs that hold their
    /// contexts, and a loop let go with timers still waiting must not be kept alive by them.
    private weak var loop: HubEventLoop?
    /// Whether the run was given a loop (a loader made without one is not).
    private let hasLoop: Bool
    /// Where ``record(work:)`` reports to.
    private let workRecorder: ((Int) -> Void)?

    init(
        viewURI: String, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
        viewModelBuilder: ViewModelBuilder, previousError: ContentError?, pageIndex: Int?,
        handle: ContentOperationHandle, timeout: Int? = nil, loop: HubEventLoop? = nil, recordingWork workRecorder: ((Int) -> Void)? = nil,
        completion: @escaping (ContentError?) -> Void
    ) {
        self.loop = loop
        hasLoop = loop != nil
        self.workRecorder = workRecorder
        self.timeout = timeout
        self.viewURI = viewURI
        self.featureInfo = featureInfo
        self.connectivityState = connectivityState
        self.viewModelBuilder = viewModelBuilder
        self.previousError = previousError
        self.pageIndex = pageIndex
        self.handle = handle
        self.completion = completion
    }

    /// Whether this run has finished or failed.
    public var isCompleted: Bool { completion == nil }

    /// Reports how much work the run did, in the operation's own unit (a Lua operation reports
    /// the instructions its budget counted), for tools (``ContentOperationStatus/lastRunWork``).
    /// The last report of a run counts, before or after it completed.
    public func record(work: Int) {
        workRecorder?(work)
    }

    /// A callback that any thread may call, once, with a value: `handler` then runs with it on
    /// the run's loop thread, where it may fill ``viewModelBuilder`` and ``finish()`` or
    /// ``fail(_:)``. Until it is called (or let go uncalled), the loop counts it as work under
    /// way, so a view waiting to settle waits for it. Without a loop (a loader made without
    /// one), `handler` runs on the thread that calls it; once the loop is gone, never.
    public func callback<Value: Sendable>(_ handler: @escaping (Value) -> Void) -> LoopCallback<Value> {
        if let loop { return loop.callback(handler) }
        return LoopCallback(calling: hasLoop ? { _ in } : handler)
    }

    /// Runs `work` in a new `Task` (off the loop's thread: it must not touch the run), then
    /// `then` with its result on the loop's thread, where it may fill the builder and finish
    /// or fail the run — an asynchronous Swift operation in one call:
    ///
    /// ```swift
    /// func perform(_ context: ContentOperationContext) {
    ///     context.runTask { try await CityService.shared.cities() } then: { result in
    ///         switch result {
    ///         case .success(let cities):
    ///             for city in cities { context.viewModelBuilder.bodyBuilder(city.id).title = city.name }
    ///             context.finish()
    ///         case .failure(let error): context.fail(error)
    ///         }
    ///     }
    /// }
    /// ```
    public func runTask<Value: Sendable>(
        _ work: @escaping @Sendable () async throws -> Value, then: @escaping (Result<Value, any Error>) -> Void
    ) {
        let done = callback(then)
        Task {
            do {
                done.deliver(.success(try await work()))
            } catch {
                done.deliver(.failure(error))
            }
        }
    }

    /// Ends the run successfully; the builder's content flows on to the next operation.
    public func finish() {
        complete(nil)
    }

    /// Ends the run with `error`; the next operation receives it as its previous error.
    public func fail(_ error: any Error) {
        complete(ContentError.from(error))
    }

    private func complete(_ error: ContentError?) {
        guard let completion else { return }
        self.completion = nil
        completion(error)
    }
}
