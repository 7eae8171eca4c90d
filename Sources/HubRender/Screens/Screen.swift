import HubCore

/// A headless view controller: it shows a view URI's content as its loader delivers it, in a
/// viewport of its own size, renders it as text, performs actions and selections, and records
/// what happens in its event log.
///
/// On ``appear()`` it shows the loader's initial view model, then loads. A failed load keeps
/// the previous view model and records the error; until a load succeeds, the screen renders
/// the failure. Screens are opened by ``HubManager``.
public final class Screen: ViewModelLoaderDelegate, ActionPerformer {
    /// The loader that runs the view's content loading chain.
    public let loader: ViewModelLoader
    /// Lays out and draws the screen's view models with the screen's components.
    let renderer: ViewRenderer
    /// Performs the screen's actions: the feature's action handler first, then the action.
    let actions: ActionDispatcher
    /// What happened on the screen (and on the other screens of its stack), oldest first.
    public let eventLog: ScreenEventLog
    /// What opens the URIs the screen's actions open (its stack); nil: nothing does, so the
    /// selection action is not performed.
    public weak var navigator: (any Navigator)?
    /// The event loop selection states are reset on.
    let loop: HubEventLoop?
    /// The screen's size, and how its rows divide between the navigation bar and the viewport.
    public private(set) var geometry: ViewGeometry
    /// Columns.
    public var width: Int { geometry.width }
    /// Rows of the whole screen, navigation bar included; nil when it shows all content.
    public var height: Int? { geometry.height }
    /// The view model shown now.
    public private(set) var viewModel: ViewModel
    /// The error of the last load, or nil when it succeeded.
    public private(set) var lastError: ContentError?
    /// Rows the body is scrolled by (never negative).
    public private(set) var scrollOffset = 0
    /// Called after every view model update or failure.
    public var onUpdate: ((Screen) -> Void)?
    /// Called with each failure an operation of the screen's chain silences (its manager tells
    /// ``HubManager/onSilencedFailure``).
    public var onSilence: ((ChainFailure) -> Void)?
    /// Called with the error of each action of the screen that failed, chained ones included
    /// (its manager tells ``HubManager/onActionFailure``): whoever performs actions and answers
    /// for them (a server's request, a test's `s:select`) takes them here instead.
    public var onActionFailure: ((ContentError) -> Void)?
    /// Asked before the body scrolls; false keeps the scroll offset where it is. nil: the body
    /// always scrolls.
    public var shouldStartScrolling: ((Screen) -> Bool)?
    /// An object the screen keeps alive, such as the runtime whose scripts its components run.
    public var owner: AnyObject?
    /// What changed in the body with the last view model update (worked out when asked).
    public var lastDiff: ViewModelDiff? {
        if let cachedDiff { return cachedDiff }
        guard let previousViewModel else { return nil }
        let diff = ViewModelDiff(from: previousViewModel, to: viewModel)
        cachedDiff = diff
        return diff
    }
    private var previousViewModel: ViewModel?
    private var cachedDiff: ViewModelDiff?
    /// Whether the screen has shown a view model (its initial one, at least).
    private(set) var hasAppeared = false

    /// A screen `width` columns wide and `height` rows high (nil: as high as its content) that
    /// becomes `loader`'s delegate and action performer, draws with `renderer`, performs actions
    /// with `actions` (by default: none registered, no handler), resets selection states on
    /// `loop` and records what happens in `eventLog`.
    public init(
        loader: ViewModelLoader, renderer: ViewRenderer, width: Int, height: Int? = nil,
        actions: ActionDispatcher = ActionDispatcher(registry: ActionRegistry(), handler: nil, initialViewModels: nil),
        loop: HubEventLoop? = nil, eventLog: ScreenEventLog = ScreenEventLog()
    ) {
        self.loader = loader
        self.renderer = renderer
        self.actions = actions
        self.loop = loop
        self.eventLog = eventLog
        geometry = ViewGeometry(width: width, height: height)
        viewModel = .empty
        loader.delegate = self
        loader.actionPerformer = self
        // The log and the URI themselves, not the screen: a render of a long view records an
        // event for every component it shows, and going through a weak screen cost a tenth of it.
        renderer.host.onComponentEvent = { [eventLog, viewURI = loader.viewURI] kind, model in
            eventLog.record(ScreenEvent(kind, viewURI: viewURI, component: model.identifier))
        }
        renderer.host.performComponentAction = { [weak self] identifier, customData, model in
            self?.performAction(identifier, customData: customData, trigger: .component, component: model) ?? false
        }
        actions.chainedActionObserver = { [weak loader] context, _ in loader?.actionPerformed(context) }
        actions.failureObserver = { [weak self] _, error in
            guard let self else { return }
            record(.actionFailed, detail: error.description)
            onActionFailure?(error)
        }
    }

    /// The events of ``eventLog``.
    public var events: [ScreenEvent] { eventLog.events }

    /// Records an event of `kind` on this screen.
    func record(_ kind: ScreenEvent.Kind, component: String? = nil, detail: String? = nil) {
        eventLog.record(ScreenEvent(kind, viewURI: viewURI, component: component, detail: detail))
    }

    /// The view the screen shows.
    public var viewURI: String { loader.viewURI }

    /// The feature the view belongs to.
    public var featureInfo: FeatureInfo { loader.featureInfo }

    // MARK: Loading

    /// Shows the initial view model (on first appearance) and loads content; the components
    /// shown are told they are about to appear (again).
    public func appear() {
        showInitialContent()
        loader.loadViewModel()
        renderer.viewWillAppear()
    }

    /// Shows the loader's initial view model unless the screen has appeared before.
    public func showInitialContent() {
        guard !hasAppeared else { return }
        hasAppeared = true
        viewModel = loader.initialViewModel
    }

    /// Loads again, ignoring the reload policy.
    public func reload() {
        loader.reloadViewModel()
    }

    /// Loads the next page, if the content paginates.
    public func loadNextPage() {
        loader.loadNextPage()
    }

    // MARK: Geometry

    /// Changes the screen's size; the scroll offset stays within the content.
    public func resize(width: Int, height: Int?) {
        geometry = ViewGeometry(width: width, height: height)
        scroll(by: 0)
    }

    /// Rows the body's viewport has below the navigation bar; nil when the screen shows all content.
    public var viewportHeight: Int? {
        geometry.viewportHeight(for: viewModel)
    }

    /// Columns and rows `render(ascii:color:)` draws now: the screen's size, or with no fixed
    /// height, as many rows as the navigation bar and everything the view shows take.
    public var renderedSize: Size {
        renderedSize(of: layout())
    }

    /// ``renderedSize`` for the screen's current ``layout()``, worked out by the caller.
    public func renderedSize(of layout: ViewLayout) -> Size {
        if let loadFailure { return Size(width: width, height: height ?? loadFailure.height(width: width)) }
        return Size(width: width, height: geometry.renderedHeight(of: viewModel, layout: layout))
    }

    /// Where everything goes: body frames in content rows, overlays centred in the viewport.
    public func layout() -> ViewLayout {
        renderer.layout(viewModel, width: width, viewportHeight: viewportHeight)
    }

    /// Scrolls the body by `rows` (negative: up), within the content, unless
    /// ``shouldStartScrolling`` says no; returns the new offset.
    @discardableResult
    public func scroll(by rows: Int) -> Int {
        if rows != 0, let shouldStartScrolling, !shouldStartScrolling(self) { return scrollOffset }
        let maximum = geometry.maximumScrollOffset(of: viewModel, layout: layout())
        scrollOffset = max(0, min(scrollOffset.addingReportingOverflow(rows).partialValue, maximum))
        return scrollOffset
    }

    // MARK: Rendering

    /// The view as text at the screen's size and scroll offset, with Unicode or plain ASCII
    /// lines and boxes, and ANSI styles when `color` is true. `layout`, when given, is the
    /// screen's current ``layout()``, which the caller already has (it is not worked out again).
    ///
    /// Until a load succeeds, a screen whose load failed shows the failure instead: its title,
    /// `The view failed to load`, and each failure of its chain as `hub render` reports it (the
    /// message, the feature and operation, `file:line`).
    ///
    /// This is the drawing itself, for an app that embeds HubRender without Lua. A screen that
    /// HubLua's `HubRuntime` opened is rendered through the runtime, `runtime.render(screen)`
    /// (or `AsyncScreen.render()`): it charges the drawing to the runtime's memory limit and
    /// runs its Lua components under one instruction budget.
    public func render(ascii: Bool = false, color: Bool = false, layout: ViewLayout? = nil) -> String {
        let options = RenderOptions(width: width, height: height, scrollOffset: scrollOffset, ascii: ascii, color: color)
        if let loadFailure { return loadFailure.render(options) }
        return renderer.render(viewModel, options: options, layout: layout)
    }

    /// What the screen shows while no load has succeeded and the last one failed: its title (the
    /// initial view model's, else the feature's) and the chain's failures; nil otherwise.
    var loadFailure: LoadFailureView? {
        guard let lastError, loader.previouslyLoadedViewModel == nil else { return nil }
        return LoadFailureView(title: viewModel.title ?? featureInfo.title, loader: loader, error: lastError)
    }

    /// ``render(ascii:color:layout:)``, and every component the render drew (children
    /// included, parents before their children) with its frame in the text's cells: what a
    /// preview needs to map a click on the text back to a component. A screen a `HubRuntime`
    /// opened is traced through the runtime, `runtime.renderTracingComponents(screen)`.
    public func renderTracingComponents(ascii: Bool = false, layout: ViewLayout? = nil) -> (text: String, components: [DrawnComponent]) {
        var drawn: [DrawnComponent] = []
        renderer.host.onDraw = { drawn.append(DrawnComponent(model: $0, frame: $1)) }
        defer { renderer.host.onDraw = nil }
        let text = render(ascii: ascii, layout: layout)
        return (text, drawn)
    }

    /// The laid-out frames as JSON (see ``FrameReport``).
    public func frameReport() -> String {
        FrameReport.json(for: viewModel, layout: layout())
    }

    /// Shows `state` on the shown body component at `indexPath` (a body index, then child
    /// indexes); nothing happens when it is not shown.
    public func setSelectionState(_ state: ComponentSelectionState, at indexPath: [Int]) {
        renderer.setSelectionState(state, at: indexPath)
    }

    /// The UI state saved for the model `identifier` by the component that last showed it.
    public func savedUIState(forModel identifier: String) -> JSONValue? {
        renderer.host.savedUIState(forModel: identifier)
    }

    // MARK: ViewModelLoaderDelegate

    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        previousViewModel = self.viewModel
        cachedDiff = nil
        if scrollOffset > 0 {
            let viewport = viewportHeight
            let old = layout()
            let new = renderer.layout(viewModel, width: width, viewportHeight: viewport)
            let diff = ViewModelDiff(from: self.viewModel, to: viewModel)
            cachedDiff = diff
            scrollOffset = CollectionLayout.targetContentOffset(
                proposed: scrollOffset, diff: diff,
                topmostVisibleIndex: CollectionLayout.topmostVisibleIndex(in: old.body, offset: scrollOffset),
                oldFrames: old.body, newFrames: new.body, contentHeight: new.contentHeight,
                viewportHeight: ViewGeometry.viewportHeight(
                    fixed: viewport, contentHeight: new.contentHeight, header: new.header, overlays: new.overlays))
        }
        let name = viewModel.title ?? viewModel.identifier
        record(.willUpdate, detail: name)
        self.viewModel = viewModel
        lastError = nil
        record(.didUpdate, detail: name)
        onUpdate?(self)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError) {
        lastError = error
        record(.didFail, detail: error.description)
        onUpdate?(self)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didSilence failure: ChainFailure) {
        record(.didSilence, detail: failure.description)
        onSilence?(failure)
    }
}
