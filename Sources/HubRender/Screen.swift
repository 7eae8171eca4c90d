import HubCore

/// A headless view controller: it shows a view URI's content as its loader delivers it, and
/// renders it as text.
///
/// On ``appear()`` it shows the loader's initial view model, then loads. A failed load keeps
/// the previous view model and records the error.
public final class Screen: ViewModelLoaderDelegate {
    public let viewURI: String
    public let loader: ViewModelLoader
    public let renderer: ViewRenderer
    /// The view model shown now.
    public private(set) var viewModel: ViewModel
    /// The error of the last load, or nil when it succeeded.
    public private(set) var lastError: ContentError?
    /// Rows the body is scrolled by.
    public var scrollOffset = 0
    /// Called after every view model update or failure.
    public var onUpdate: ((Screen) -> Void)?
    private var hasAppeared = false

    public init(viewURI: String, loader: ViewModelLoader, renderer: ViewRenderer) {
        self.viewURI = viewURI
        self.loader = loader
        self.renderer = renderer
        viewModel = .empty
        loader.delegate = self
    }

    /// Shows the initial view model (on first appearance) and loads content.
    public func appear() {
        if !hasAppeared {
            hasAppeared = true
            viewModel = loader.initialViewModel
        }
        loader.loadViewModel()
    }

    /// Loads again, ignoring the reload policy.
    public func reload() {
        loader.reloadViewModel()
    }

    /// The view as text.
    public func render(_ options: RenderOptions = RenderOptions()) -> String {
        var options = options
        options.scrollOffset = scrollOffset
        return renderer.render(viewModel, options: options)
    }

    /// Where everything goes at `width`.
    public func layout(width: Int, viewportHeight: Int? = nil) -> ViewLayout {
        renderer.layout(viewModel, width: width, viewportHeight: viewportHeight)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        self.viewModel = viewModel
        lastError = nil
        onUpdate?(self)
    }

    public func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError) {
        lastError = error
        onUpdate?(self)
    }
}
