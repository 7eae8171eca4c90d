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

    /// Whether ``addInitialContent(_:)`` adds skeleton content.
    var providesInitialContent: Bool { get }

    /// Adds cheap, synchronous content to `context.viewModelBuilder`, shown before the first load.
    func addInitialContent(_ context: InitialContentContext)

    /// Whether ``appendContent(page:context:)`` appends pages.
    var paginates: Bool { get }

    /// Appends page `page` (1, 2, 3, ...) to `context.viewModelBuilder`, then finishes or fails.
    func appendContent(page: Int, context: ContentOperationContext)

    /// Called once when the operation joins a loader, with the way to reschedule itself and to
    /// perform actions.
    func attach(to handle: ContentOperationHandle)

    /// Called for every action performed in the view, whether or not it was handled.
    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState)

    /// The operation's own limits; nil fields fall back on the loader's (none by default).
    var limits: ContentOperationLimits { get }

    /// Told that the run of `context` took longer than its timeout: it has failed, and whatever
    /// it does later is ignored, so the operation should stop working on it. Returns where the
    /// run was waiting (e.g. a script's `file:line`) for the error; nil by default.
    func runDidTimeOut(_ context: ContentOperationContext) -> String?

    /// What the run of `context` is waiting for (e.g. `GET https://api.example.com/top.json`),
    /// asked when its timeout passes, for the error; nil (the default) when it waits for
    /// nothing it can name.
    func waitingFor(_ context: ContentOperationContext) -> String?

    /// The feature folder its script lies in, as errors name it: the errors the loader makes
    /// for it (a timeout, too many reschedules) are shown relative to it (``ContentError/folder``);
    /// nil (the default) for none.
    var folder: String? { get }

    /// Told that its view is gone (its loader was let go): what its runs still do, after they
    /// finished or before, no one will see, so the operation should stop them. Nothing by
    /// default.
    func viewDidClose()
}

extension ContentOperation {
    public var providesInitialContent: Bool { false }
    public func addInitialContent(_ context: InitialContentContext) {}
    public var paginates: Bool { false }
    public func appendContent(page: Int, context: ContentOperationContext) { context.finish() }
    public func attach(to handle: ContentOperationHandle) {}
    public func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {}
    public var limits: ContentOperationLimits { ContentOperationLimits() }
    public func runDidTimeOut(_ context: ContentOperationContext) -> String? { nil }
    public func waitingFor(_ context: ContentOperationContext) -> String? { nil }
    public var folder: String? { nil }
    public func viewDidClose() {}
}
