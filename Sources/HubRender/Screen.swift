import HubCore

/// A headless view controller: it shows a view URI's content as its loader delivers it, and
/// renders it as text.
///
/// On ``appear()`` it shows the loader's initial view model, then loads. A failed load keeps
/// the previous view model and records the error.
public final class Screen: ViewModelLoaderDelegate, ActionPerformer {
    /// The view the screen shows.
    public let viewURI: String
    /// The loader that runs the view's content loading chain.
    public let loader: ViewModelLoader
    /// Lays out and draws the screen's view models.
    public let renderer: ViewRenderer
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
    /// The width and viewport of the last render, to keep the scroll anchor across updates.
    private var lastGeometry: (width: Int, viewport: Int?)?

    /// A screen for `viewURI` that becomes `loader`'s delegate and action performer.
    public init(viewURI: String, loader: ViewModelLoader, renderer: ViewRenderer) {
        self.viewURI = viewURI
        self.loader = loader
        self.renderer = renderer
        viewModel = .empty
        loader.delegate = self
        loader.actionPerformer = self
    }

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
            trigger: trigger, customActionIdentifier: identifier, customData: customData, featureInfo: loader.featureInfo,
            viewURI: viewURI, viewModel: viewModel, componentModel: component)
        loader.actionPerformed(context)
        return false
    }

    /// Scrolls the body by `rows` (negative: up), within the content; returns the new offset.
    @discardableResult
    public func scroll(by rows: Int, width: Int, viewportHeight: Int) -> Int {
        let content = layout(width: width, viewportHeight: viewportHeight).contentHeight
        scrollOffset = max(0, min(scrollOffset + rows, max(0, content - viewportHeight)))
        return scrollOffset
    }

    /// Shows `state` on the visible body component at `index`.
    public func setSelectionState(_ state: ComponentSelectionState, forBodyAt index: Int) {
        renderer.setSelectionState(state, forBodyAt: index)
    }

    /// The view as text.
    public func render(_ options: RenderOptions = RenderOptions()) -> String {
        lastGeometry = (options.width, options.height.map { max(0, $0 - renderer.navigationBarHeight(for: viewModel)) })
        var options = options
        options.scrollOffset = scrollOffset
        return renderer.render(viewModel, options: options)
    }

    /// Where everything goes at `width`.
    public func layout(width: Int, viewportHeight: Int? = nil) -> ViewLayout {
        renderer.layout(viewModel, width: width, viewportHeight: viewportHeight)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        previousViewModel = self.viewModel
        cachedDiff = nil
        if let geometry = lastGeometry, scrollOffset > 0 {
            let old = layout(width: geometry.width, viewportHeight: geometry.viewport)
            let new = renderer.layout(viewModel, width: geometry.width, viewportHeight: geometry.viewport)
            let diff = ViewModelDiff(from: self.viewModel, to: viewModel)
            cachedDiff = diff
            scrollOffset = CollectionLayout.targetContentOffset(
                proposed: scrollOffset, diff: diff,
                topmostVisibleIndex: CollectionLayout.topmostVisibleIndex(in: old.body, offset: scrollOffset),
                oldFrames: old.body, newFrames: new.body, contentHeight: new.contentHeight,
                viewportHeight: geometry.viewport ?? new.contentHeight)
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
