/// One step of a view's content loading chain: it adds content to a view model builder.
///
/// A content operation calls ``ContentOperationContext/finish()`` or
/// ``ContentOperationContext/fail(_:)`` once per run, synchronously or later. The optional
/// capabilities (initial content, pagination, observing actions) have default implementations
/// that opt out.
public protocol ContentOperation: AnyObject {
    /// A short name for errors and tools, e.g. `rows`.
    var name: String { get }

    /// Adds content for `context.viewURI` to `context.viewModelBuilder`, then finishes or fails.
    func perform(_ context: ContentOperationContext)

    /// Whether ``addInitialContent(viewURI:to:)`` adds skeleton content.
    var providesInitialContent: Bool { get }

    /// Adds cheap, synchronous content shown before the first load.
    func addInitialContent(viewURI: String, to builder: ViewModelBuilder)

    /// Whether ``appendContent(page:context:)`` appends pages.
    var paginates: Bool { get }

    /// Appends page `page` (1, 2, 3, ...) to `context.viewModelBuilder`, then finishes or fails.
    func appendContent(page: Int, context: ContentOperationContext)

    /// Called once when the operation joins a loader, with the way to reschedule itself and to
    /// perform actions.
    func attach(to handle: ContentOperationHandle)

    /// Called for every action performed in the view, whether or not it was handled.
    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState)
}

extension ContentOperation {
    public var providesInitialContent: Bool { false }
    public func addInitialContent(viewURI: String, to builder: ViewModelBuilder) {}
    public var paginates: Bool { false }
    public func appendContent(page: Int, context: ContentOperationContext) { context.finish() }
    public func attach(to handle: ContentOperationHandle) {}
    public func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {}
}

/// What one run of a content operation works with, and how it reports its outcome.
///
/// Only the first ``finish()`` or ``fail(_:)`` of a run counts; later calls are ignored.
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

    private var completion: ((ContentError?) -> Void)?

    init(
        viewURI: String, featureInfo: FeatureInfo, connectivityState: ConnectivityState,
        viewModelBuilder: ViewModelBuilder, previousError: ContentError?, pageIndex: Int?,
        handle: ContentOperationHandle, completion: @escaping (ContentError?) -> Void
    ) {
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

/// An operation's link to its loader: reschedule it, or perform an action from it.
public final class ContentOperationHandle {
    weak var loader: ViewModelLoader?
    let index: Int

    init(loader: ViewModelLoader, index: Int) {
        self.loader = loader
        self.index = index
    }

    /// Queues a run of this operation and every one after it, starting from the input this
    /// operation received last time.
    public func reschedule() {
        loader?.rescheduleOperation(at: index)
    }

    /// Performs the action `identifier` with trigger `contentOperation` and no component model.
    /// Returns whether it was performed (or handled).
    @discardableResult
    public func performAction(_ identifier: Identifier, customData: JSONDictionary? = nil) -> Bool {
        loader?.actionPerformer?.performAction(identifier, customData: customData) ?? false
    }
}

/// Decides whether a view with content already loaded should load again.
public protocol ContentReloadPolicy: AnyObject {
    /// Whether the view `viewURI`, which already shows `currentViewModel`, should load again.
    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool
}

/// A content operation made of a closure, which is run and then finished at once.
public final class BlockContentOperation: ContentOperation {
    public let name: String
    private let block: (ContentOperationContext) -> Void

    /// An operation named `name` that runs `block` with each run's context.
    public init(name: String = "block", _ block: @escaping (ContentOperationContext) -> Void) {
        self.name = name
        self.block = block
    }

    public func perform(_ context: ContentOperationContext) {
        block(context)
        context.finish()
    }
}
