import HubCore

/// How to render a view as text.
public struct RenderOptions: Sendable, Equatable {
    /// Columns (default 80).
    public var width: Int
    /// Rows of the whole output, navigation bar included; nil shows all content.
    public var height: Int?
    /// Rows the body is scrolled by.
    public var scrollOffset: Int
    /// Plain ASCII lines and boxes instead of Unicode box drawing.
    public var ascii: Bool
    /// ANSI styles.
    public var color: Bool

    public init(width: Int = 80, height: Int? = nil, scrollOffset: Int = 0, ascii: Bool = false, color: Bool = false) {
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.ascii = ascii
        self.color = color
    }
}

/// Lays out and draws view models: a navigation bar with the title, the pinned header, the
/// body (Hub Framework's layout, in cells) and overlays centred over the body's viewport.
public final class ViewRenderer {
    public let registry: ComponentRegistry
    public let layoutManager: any ComponentLayoutManager
    private var components: [Identifier: any Component] = [:]

    public init(registry: ComponentRegistry, layoutManager: any ComponentLayoutManager) {
        self.registry = registry
        self.layoutManager = layoutManager
    }

    /// Rows the navigation bar takes: the title and a rule, or none without a title.
    public func navigationBarHeight(for viewModel: ViewModel) -> Int {
        viewModel.title == nil ? 0 : 2
    }

    /// The component that renders `model` (one instance per component identifier).
    public func component(for model: ComponentModel) -> any Component {
        if let component = components[model.componentIdentifier] { return component }
        let component = registry.createComponent(for: model)
        components[model.componentIdentifier] = component
        return component
    }

    /// Forgets cached components, e.g. after components were registered again.
    public func resetComponents() {
        components.removeAll()
    }

    /// Where everything goes at `width`; overlays are centred in a viewport `viewportHeight` high
    /// (the content height when nil).
    public func layout(_ viewModel: ViewModel, width: Int, viewportHeight: Int? = nil) -> ViewLayout {
        let container = Size(width: width, height: viewportHeight ?? 0)
        var headerFrame: Rect?
        var headerInfo: (traits: Set<LayoutTrait>, height: Int)?
        if let header = viewModel.header {
            let headerComponent = component(for: header)
            let size = headerComponent.preferredSize(for: header, containerSize: container)
            headerFrame = Rect(x: 0, y: 0, width: min(max(0, size.width), width), height: max(0, size.height))
            headerInfo = (headerComponent.layoutTraits, max(0, size.height))
        }
        let engine = CollectionLayout(layoutManager: layoutManager) { [unowned self] in self.component(for: $0) }
        let body = engine.layoutBody(viewModel.body, containerSize: container, header: headerInfo)
        let viewport = viewportHeight ?? max(body.contentHeight, headerFrame?.maxY ?? 0)
        let overlays = viewModel.overlays.map { overlay -> Rect in
            let size = component(for: overlay).preferredSize(for: overlay, containerSize: Size(width: width, height: viewport))
            let overlayWidth = min(max(0, size.width), width)
            let overlayHeight = max(0, size.height)
            return Rect(x: (width - overlayWidth) / 2, y: max(0, (viewport - overlayHeight) / 2), width: overlayWidth, height: overlayHeight)
        }
        return ViewLayout(header: headerFrame, body: body.frames, overlays: overlays, contentHeight: body.contentHeight)
    }

    /// The view as text lines joined by newlines, with a final newline.
    public func render(_ viewModel: ViewModel, options: RenderOptions = RenderOptions()) -> String {
        let width = max(1, options.width)
        let navigationHeight = navigationBarHeight(for: viewModel)
        let fixedViewport = options.height.map { max(0, $0 - navigationHeight) }
        let layout = layout(viewModel, width: width, viewportHeight: fixedViewport)
        let viewport = fixedViewport ?? max(layout.contentHeight, layout.header?.maxY ?? 0, layout.overlays.map(\.maxY).max() ?? 0)
        let surface = TextSurface(width: width, height: navigationHeight + viewport, boxCharacters: options.ascii ? .ascii : .unicode)
        let screen = surface.canvas
        if let title = viewModel.title {
            let text = DisplayWidth.prefix(of: title, fitting: width)
            screen.text((width - DisplayWidth.of(text)) / 2, 0, text, style: TextStyle(bold: true))
            screen.hline(0, 1, width)
        }
        let viewportCanvas = screen.canvas(for: Rect(x: 0, y: navigationHeight, width: width, height: viewport))
        for (model, frame) in zip(viewModel.body, layout.body) {
            let shifted = Rect(x: frame.x, y: frame.y - options.scrollOffset, width: frame.width, height: frame.height)
            guard shifted.maxY > 0, shifted.y < viewport else { continue }
            component(for: model).render(model, into: viewportCanvas.canvas(for: shifted))
        }
        if let header = viewModel.header, let frame = layout.header {
            let canvas = viewportCanvas.canvas(for: frame)
            canvas.fill(0, 0, frame.width, frame.height)
            component(for: header).render(header, into: canvas)
        }
        for (model, frame) in zip(viewModel.overlays, layout.overlays) {
            let canvas = viewportCanvas.canvas(for: frame)
            canvas.fill(0, 0, frame.width, frame.height)
            component(for: model).render(model, into: canvas)
        }
        return surface.lines(color: options.color).joined(separator: "\n") + "\n"
    }
}
