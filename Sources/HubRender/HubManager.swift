import HubCore
import HubData

/// The composition root of an app that uses Hub, as Hub Framework's `HUBManager` was: it owns
/// the feature, component, action, JSON schema, image and initial view model registries, the
/// event loop, the content operations prepended and appended to every feature's chain, the
/// default action handler, and opens screens (and stacks of screens) for view URIs.
///
/// Lua scripts register into these same registries (`HubRuntime` is a front end over a
/// manager), so an app can embed Hub with no Lua at all, or mix Swift and Lua features and
/// components. A manager and its screens live on one thread.
public final class HubManager {
    /// The loop all asynchronous work of the manager's screens runs on.
    public let loop: HubEventLoop
    /// The features, looked up by view URI in registration order.
    public let featureRegistry = FeatureRegistry()
    /// Component factories by namespace; the default library is registered under `default`.
    public let componentRegistry: ComponentRegistry
    /// The default JSON schema and the custom ones features name.
    public let jsonSchemaRegistry = JSONSchemaRegistry()
    /// Remote image data the default image loaders serve.
    public let imageRegistry = ImageRegistry()
    /// Action factories by namespace, and the selection action.
    public let actionRegistry = ActionRegistry()
    /// View models shown first on screens opened for a URI (a selected target's, while its
    /// selection action runs).
    public let initialViewModelRegistry = InitialViewModelRegistry()
    /// Sees the actions of features that have no action handler of their own; nil: none.
    public var defaultActionHandler: (any ActionHandler)?
    /// Creates each screen's image loader (default: offline loaders serving ``imageRegistry``).
    public var imageLoaderFactory: any ImageLoaderFactory
    /// Operations run before every feature's own, factory by factory.
    public var prependedContentOperationFactories: [any ContentOperationFactory] = []
    /// Operations run after every feature's own, factory by factory.
    public var appendedContentOperationFactories: [any ContentOperationFactory] = []
    /// The reload policy of features that have none; nil: always reload.
    public var defaultContentReloadPolicy: (any ContentReloadPolicy)?
    /// The limits of operations that have none of their own: by default
    /// `ContentOperationLimits/standard`.
    public var operationLimits = ContentOperationLimits.standard
    /// Milliseconds of the loop's time that opening a screen waits, at most, for its first
    /// load (`HubDefaults.Limits.settleTimeout`, 30 s): a view whose operations keep
    /// rescheduling themselves on timers never finishes loading, and a screen shows what it has
    /// by then.
    public var settleTimeout = HubDefaults.Limits.settleTimeout
    /// Told of each failure an operation silenced on any of the manager's screens (it was handed
    /// the error and finished normally): the chain goes on, the author must still see it. A Lua
    /// runtime reports it as a problem (`hub render`, `watch`, `test`, the REPL and the server's
    /// log show them).
    public var onSilencedFailure: ((ChainFailure) -> Void)?
    /// Told of each action that failed on a screen whose owner does not take its failures
    /// itself (``Screen/onActionFailure``); a Lua runtime reports it as a problem.
    public var onActionFailure: ((ContentError) -> Void)?
    /// Asked while the manager waits for a screen to load; true stops waiting (a runtime says
    /// so when the script that opened the screen ran out of its budget).
    public var isInterrupted: () -> Bool = { false }
    /// How new builders are seeded: the fallback handler's component defaults, with icons.
    public let builderConfiguration: BuilderConfiguration
    /// Sends the HTTP requests of the manager's operations and actions (nil: none can be sent;
    /// a Lua runtime sets AsyncHTTPClient's when none is set). Set it before the first request.
    public var httpTransport: (any HTTPTransport)? {
        didSet { cachedFetcher = nil }
    }
    /// The HTTP responses the manager's requests reuse; share one between managers (a server's
    /// workers) to share what they fetched.
    public var httpCache: HTTPCache? = HTTPCache() {
        didSet { cachedFetcher = nil }
    }
    private var cachedFetcher: HTTPFetcher?
    /// Where the features' data is kept (`hub.store`): by default an empty store in memory.
    /// Share one between managers (a server's workers) to share the data.
    public var store: any Store = MemoryStore() {
        didSet { observeStore() }
    }
    /// Runs on the loop's thread with each change of a stored key, made here or anywhere the
    /// store is shared (see `Store/observe(_:)`); a Lua runtime reschedules the chains that
    /// read the key.
    public var onStoreChange: ((StoreChange) -> Void)? {
        didSet { observeStore() }
    }
    private var storeObservation: StoreObservation?
    private var storeSubscription: LoopSubscription<StoreChange>?

    /// Makes the manager's HTTP requests: through ``httpTransport``, with ``httpCache``; nil
    /// when there is no transport.
    public var httpFetcher: HTTPFetcher? {
        if let cachedFetcher { return cachedFetcher }
        guard let httpTransport else { return nil }
        let fetcher = HTTPFetcher(transport: httpTransport, cache: httpCache, loop: loop)
        cachedFetcher = fetcher
        return fetcher
    }

    /// A manager whose loop runs on `clock` (virtual for tests: waiting takes no real time),
    /// with the default component library, and unknown components stood in for by
    /// `componentFallbackHandler`, whose defaults also seed every new component model.
    public init(
        clock: HubEventLoop.Clock = .real,
        componentFallbackHandler: any ComponentFallbackHandler = DefaultComponentFallbackHandler()
    ) {
        loop = HubEventLoop(clock: clock)
        componentRegistry = ComponentRegistry(fallbackHandler: componentFallbackHandler)
        try? componentRegistry.register(DefaultComponentFactory(), forNamespace: DefaultComponentFactory.namespace)
        imageLoaderFactory = OfflineImageLoaderFactory(loop: loop, registry: imageRegistry)
        builderConfiguration = BuilderConfiguration(componentDefaults: componentFallbackHandler.componentDefaults, resolvesIcons: true)
    }

    /// Observes ``store`` for ``onStoreChange``, when there is one.
    private func observeStore() {
        storeObservation?.cancel()
        storeObservation = nil
        if let storeSubscription { loop.unsubscribe(storeSubscription) }
        storeSubscription = nil
        guard let onStoreChange else { return }
        let subscription = loop.subscribe(onStoreChange)
        storeSubscription = subscription
        storeObservation = store.observe { subscription.deliver($0) }
    }

    /// Creates view model loaders with the manager's registries and operation factories as they
    /// are now.
    public var viewModelLoaderFactory: ViewModelLoaderFactory {
        ViewModelLoaderFactory(
            featureRegistry: featureRegistry, prependedFactories: prependedContentOperationFactories,
            appendedFactories: appendedContentOperationFactories, defaultReloadPolicy: defaultContentReloadPolicy,
            configuration: builderConfiguration, schemaRegistry: jsonSchemaRegistry, loop: loop, limits: operationLimits)
    }

    /// Whether some feature handles `viewURI`.
    public func canOpen(_ viewURI: String) -> Bool {
        featureRegistry.registration(forViewURI: viewURI) != nil
    }

    /// A screen for `viewURI`, with its own loader, components and image loader, recording
    /// its events in `eventLog`. Unless `options.load` is false, it has appeared and its first
    /// load has finished (or nothing more can happen) when this returns; otherwise it shows
    /// the initial view model. `initialViewModel`, or else the one registered for `viewURI` in
    /// ``initialViewModelRegistry``, is shown instead of the operations' initial content.
    /// Actions it performs open nothing: a ``ScreenStack`` opens screens that navigate.
    public func open(
        _ viewURI: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver(),
        initialViewModel: ViewModel? = nil, eventLog: ScreenEventLog = ScreenEventLog()
    ) throws(ScreenOpeningError) -> Screen {
        let screen = try makeScreen(
            viewURI, options: options, connectivity: connectivity, initialViewModel: initialViewModel, eventLog: eventLog)
        show(screen, load: options.load)
        return screen
    }

    /// A stack of screens whose first shows `viewURI` (see ``open(_:options:connectivity:initialViewModel:eventLog:)``);
    /// the screens its actions open go on top of it.
    public func openStack(
        _ viewURI: String, options: ScreenOptions = ScreenOptions(),
        connectivity: any ConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws(ScreenOpeningError) -> ScreenStack {
        try ScreenStack(manager: self, viewURI: viewURI, options: options, connectivity: connectivity)
    }

    /// A screen for `viewURI` that has not appeared yet.
    func makeScreen(
        _ viewURI: String, options: ScreenOptions, connectivity: any ConnectivityStateResolver,
        initialViewModel: ViewModel?, eventLog: ScreenEventLog
    ) throws(ScreenOpeningError) -> Screen {
        guard let feature = featureRegistry.registration(forViewURI: viewURI) else {
            throw .noFeature(viewURI: viewURI)
        }
        return try makeScreen(
            viewURI, feature: feature, options: options, connectivity: connectivity, initialViewModel: initialViewModel,
            eventLog: eventLog)
    }

    /// A screen for the view `viewURI` of `feature` that has not appeared yet: its own loader
    /// (showing `initialViewModel`, else the one registered for `viewURI`), components, image
    /// loader and actions (the feature's handler, else the default one).
    func makeScreen(
        _ viewURI: String, feature: FeatureRegistration, options: ScreenOptions,
        connectivity: any ConnectivityStateResolver, initialViewModel: ViewModel?, eventLog: ScreenEventLog
    ) throws(ScreenOpeningError) -> Screen {
        let loader: ViewModelLoader
        do {
            loader = try viewModelLoaderFactory.createLoader(
                for: feature, viewURI: viewURI,
                initialViewModel: initialViewModel ?? initialViewModelRegistry.viewModel(forViewURI: viewURI),
                connectivityResolver: connectivity)
        } catch {
            throw .noContentOperations(feature: feature.identifier, viewURI: viewURI)
        }
        let host = ComponentHost(registry: componentRegistry, imageLoader: imageLoaderFactory.createImageLoader(for: feature)) {
            [loop] in loop.now
        }
        let renderer = ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: options.margin))
        let actions = ActionDispatcher(
            registry: actionRegistry, handler: feature.actionHandler ?? defaultActionHandler,
            initialViewModels: initialViewModelRegistry)
        let screen = Screen(
            loader: loader, renderer: renderer, width: options.width, height: options.height, actions: actions, loop: loop,
            eventLog: eventLog)
        screen.onSilence = { [weak self] failure in self?.onSilencedFailure?(failure) }
        screen.onActionFailure = { [weak self] error in self?.onActionFailure?(error) }
        return screen
    }

    /// Makes `screen` appear and, when `load` is true, runs the loop until its first load has
    /// finished; otherwise it shows its initial view model.
    func show(_ screen: Screen, load: Bool) {
        if load {
            screen.appear()
            settle(screen)
        } else {
            screen.showInitialContent()
        }
    }

    /// Runs the event loop until `screen` is no longer busy (its loader has drained its queue
    /// and its actions have finished), nothing is left to run, ``settleTimeout`` has passed, or
    /// ``isInterrupted`` says to stop.
    public func settle(_ screen: Screen) {
        loop.run(until: { !screen.isBusy || isInterrupted() }, timeout: settleTimeout)
    }

    /// A renderer for view models that belong to no screen (e.g. read from a JSON file), with
    /// the manager's components.
    public func makeRenderer(margin: Int = HubDefaults.margin) -> ViewRenderer {
        let host = ComponentHost(registry: componentRegistry, imageLoader: imageLoaderFactory.createImageLoader(for: nil)) {
            [loop] in loop.now
        }
        return ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: margin))
    }

    /// The view model that JSON `bytes` describe in the schema `schema` (default: the default
    /// schema). Errors name `source` with line and column.
    public func viewModel(fromJSON bytes: [UInt8], source: String, schema: String? = nil) throws(ContentError) -> ViewModel {
        let builder = ViewModelBuilder(configuration: builderConfiguration, schema: jsonSchemaRegistry.schema(for: schema))
        try bytes.withUnsafeBufferPointer { buffer throws(ContentError) in try builder.addJSON(bytes: buffer, source: source) }
        return builder.build()
    }
}

/// Why a screen could not be opened.
public enum ScreenOpeningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No registered feature handles the view URI.
    case noFeature(viewURI: String)
    /// The feature's chain, prepended and appended operations included, is empty for the URI.
    case noContentOperations(feature: String, viewURI: String)

    public var description: String {
        switch self {
        case .noFeature(let viewURI): return "no feature handles the view URI '\(viewURI)'"
        case .noContentOperations(let feature, let viewURI): return "feature '\(feature)' has no content operations for '\(viewURI)'"
        }
    }
}
