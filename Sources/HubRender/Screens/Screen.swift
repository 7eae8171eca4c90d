import HubCore

/// A headless view controller: it shows a view URI's content as its loader delivers it, in a
/// viewport of its own size, and renders it as text.
///
/// On ``appear()`` it shows the loader's initial view model, then loads. A failed load keeps
/// the previous view model and records the error. Screens are opened by ``HubManager``.
public final class Screen: ViewModelLoaderDelegate, ActionPerformer {
    /// The loader that runs the view's content loading chain.
    public let loader: ViewModelLoader
    /// Lays out and draws the screen's view models with the screen's components.
    let renderer: ViewRenderer
    /// Columns.
    public private(set) var width: Int
    /// Rows of the whole screen, navigation bar included; nil when it shows all content.
    public private(set) var height: Int?
    /// The view model shown now.
    public private(set) var viewModel: ViewModel
    /// The error of the last load, or nil when it succeeded.
    public private(set) var lastError: ContentError?
    /// Rows the body is scrolled by (never negative).
    public private(set) var scrollOffset = 0
    /// Called after every view model update or failure.
    public var onUpdate: ((Screen) -> Void)?
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
    private var hasAppeared = false

    /// A screen `width` columns wide and `height` rows high (nil: as high as its content) that
    /// becomes `loader`'s delegate and action performer, and draws with `renderer`.
    public init(loader: ViewModelLoader, renderer: ViewRenderer, width: Int, height: Int? = nil) {
        self.loader = loader
        self.renderer = renderer
        self.width = max(1, width)
        self.height = height.map { max(0, $0) }
        viewModel = .empty
        loader.delegate = self
        loader.actionPerformer = self
    }

    /// The view the screen shows.
    public var viewURI: String { loader.viewURI }

    /// The feature the view belongs to.
    public var featureInfo: FeatureInfo { loader.featureInfo }

    // MARK: Loading

    /// Shows the initial view model (on first appearance) and loads content.
    public func appear() {
        showInitialContent()
        loader.loadViewModel()
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

    // MARK: Actions

    /// Performs the action `identifier` for a content operation (trigger `operation`).
    public func performAction(_ identifier: Identifier, customData: JSONDictionary?) -> Bool {
        performAction(identifier, customData: customData, trigger: .contentOperation, component: nil)
    }

    /// Performs an action and tells the content operations about it. No action is registered
    /// yet, so nothing is performed and the result is false; observers are told all the same.
    @discardableResult
    public func performAction(
        _ identifier: Identifier?, customData: JSONDictionary?, trigger: ActionTrigger, component: ComponentModel?
    ) -> Bool {
        let context = ActionContext(
            trigger: trigger, customActionIdentifier: identifier, customData: customData, featureInfo: featureInfo,
            viewURI: viewURI, viewModel: viewModel, componentModel: component)
        loader.actionPerformed(context)
        return false
    }

    // MARK: Geometry

    /// Changes the screen's size; the scroll offset stays within the content.
    public func resize(width: Int, height: Int?) {
        self.width = max(1, width)
        self.height = height.map { max(0, $0) }
        scroll(by: 0)
    }

    /// Rows the body's viewport has below the navigation bar; nil when the screen shows all content.
    public var viewportHeight: Int? {
        renderer.viewportHeight(forHeight: height, of: viewModel)
    }

    /// Columns and rows ``render(ascii:color:)`` draws now: the screen's size, or with no fixed
    /// height, as many rows as the navigation bar and everything the view shows take.
    public var renderedSize: Size {
        Size(width: width, height: renderer.renderedHeight(of: viewModel, layout: layout(), height: height))
    }

    /// Where everything goes: body frames in content rows, overlays centred in the viewport.
    public func layout() -> ViewLayout {
        renderer.layout(viewModel, width: width, viewportHeight: viewportHeight)
    }

    /// Scrolls the body by `rows` (negative: up), within the content; returns the new offset.
    @discardableResult
    public func scroll(by rows: Int) -> Int {
        let layout = layout()
        let maximum = max(0, layout.contentHeight - (viewportHeight ?? layout.contentHeight))
        scrollOffset = max(0, min(scrollOffset + rows, maximum))
        return scrollOffset
    }

    // MARK: Rendering

    /// The view as text at the screen's size and scroll offset, with Unicode or plain ASCII
    /// lines and boxes, and ANSI styles when `color` is true.
    public func render(ascii: Bool = false, color: Bool = false) -> String {
        renderer.render(
            viewModel, options: RenderOptions(width: width, height: height, scrollOffset: scrollOffset, ascii: ascii, color: color))
    }

    /// The laid-out frames as JSON (see ``FrameReport``).
    public func frameReport() -> String {
        FrameReport.json(for: viewModel, layout: layout())
    }

    /// Shows `state` on the visible body component at `index`.
    public func setSelectionState(_ state: ComponentSelectionState, forBodyAt index: Int) {
        renderer.setSelectionState(state, forBodyAt: index)
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
                viewportHeight: viewport ?? new.contentHeight)
        }
        self.viewModel = viewModel
        lastError = nil
        onUpdate?(self)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError) {
        lastError = error
        onUpdate?(self)
    }
}
