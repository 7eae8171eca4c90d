import HubCore

/// Lays out and draws one screen's view models: a navigation bar with the title, the pinned
/// header, the body (Hub Framework's layout, in cells) and overlays centred over the body's
/// viewport, later ones on top.
///
/// Body components are rendered only while visible; each visible slot keeps its component,
/// which is reconfigured only when its model changes, and goes back to the host's reuse pool
/// when it scrolls out of view.
public final class ViewRenderer {
    /// Where the renderer's components come from and go back to.
    public let host: ComponentHost
    /// The margins the body's layout uses.
    public let layoutManager: any ComponentLayoutManager
    /// The shown header's component, if any.
    private(set) var headerSlot: ComponentWrapper?
    /// The shown body components' components, by body index (nil: not shown). An array, not a
    /// dictionary: a render of a long body updates it in place, without hashing every index.
    // Unchecked exclusivity: only the renderer's own methods reach it, never re-entrantly.
    @exclusivity(unchecked) private var bodySlots: [ComponentWrapper?] = []
    /// The shown overlays' components, by overlay index.
    private(set) var overlaySlots: [Int: ComponentWrapper] = [:]
    private var lastScrollOffset: Int?
    /// How many drawings the last render recorded and how long its text was: the next one,
    /// likely alike, makes room for as much at once. (The count is also what a render cost:
    /// tests read it to see that drawing was bounded by the canvas, not by the numbers drawn.)
    private(set) var lastDrawingCount = 0
    /// The most drawings a first render makes room for at once (3.5 MiB of them).
    private static let firstRenderDrawings = 1 << 16
    private var lastTextBytes = 0

    /// A renderer whose components come from `host`.
    public init(host: ComponentHost, layoutManager: any ComponentLayoutManager) {
        self.host = host
        self.layoutManager = layoutManager
    }

    /// A renderer with its own host; its images never load (no event loop runs them).
    public convenience init(registry: ComponentRegistry, layoutManager: any ComponentLayoutManager) {
        let loop = HubEventLoop(clock: .virtual)
        self.init(
            host: ComponentHost(registry: registry, imageLoader: OfflineImageLoader(loop: loop), now: { loop.now }),
            layoutManager: layoutManager)
    }

    /// Where everything goes at `width`; overlays are centred in a viewport `viewportHeight` high
    /// (the content height when nil).
    public func layout(_ viewModel: ViewModel, width: Int, viewportHeight: Int? = nil) -> ViewLayout {
        let container = Size(width: width, height: viewportHeight ?? 0)
        var headerFrame: Rect?
        var headerInfo: (traits: Set<LayoutTrait>, height: Int)?
        if let header = viewModel.header {
            let headerComponent = host.measuringComponent(for: header)
            let size = headerComponent.preferredSize(for: header, containerSize: container)
            headerFrame = Rect(x: 0, y: 0, width: min(max(0, size.width), width), height: max(0, size.height))
            headerInfo = (headerComponent.layoutTraits, max(0, size.height))
        }
        let engine = CollectionLayout(layoutManager: layoutManager) { [host] in host.measuringComponent(for: $0) }
        let body = engine.layoutBody(viewModel.body, containerSize: container, header: headerInfo)
        let viewport = ViewGeometry.viewportHeight(fixed: viewportHeight, contentHeight: body.contentHeight, header: headerFrame)
        let overlays = viewModel.overlays.map { overlay -> Rect in
            let size = host.measuringComponent(for: overlay).preferredSize(for: overlay, containerSize: Size(width: width, height: viewport))
            let overlayWidth = min(max(0, size.width), width)
            let overlayHeight = max(0, size.height)
            return Rect(x: (width - overlayWidth) / 2, y: max(0, (viewport - overlayHeight) / 2), width: overlayWidth, height: overlayHeight)
        }
        return ViewLayout(header: headerFrame, body: body.frames, overlays: overlays, contentHeight: body.contentHeight)
    }

    /// The view as text lines joined by newlines, with a final newline. `layout`, when given,
    /// is this view model's ``layout(_:width:viewportHeight:)`` at the options' size, already
    /// worked out by the caller.
    public func render(_ viewModel: ViewModel, options: RenderOptions = RenderOptions(), layout: ViewLayout? = nil) -> String {
        let geometry = ViewGeometry(width: options.width, height: options.height)
        let width = geometry.width
        let navigationHeight = ViewGeometry.navigationBarHeight(for: viewModel)
        let layout = layout ?? self.layout(viewModel, width: width, viewportHeight: geometry.viewportHeight(for: viewModel))
        let viewport = geometry.drawnViewportHeight(of: viewModel, layout: layout)
        let surface = TextSurface(width: width, height: navigationHeight + viewport, boxCharacters: options.ascii ? .ascii : .unicode)
        // A first render has no count to go by: most rows take a drawing or more. Up to a bound,
        // so that a view millions of rows high reserves no more than a long list needs.
        surface.reserveCapacity(drawings: lastDrawingCount > 0 ? lastDrawingCount : min(surface.height, Self.firstRenderDrawings))
        let screen = surface.canvas
        NavigationBar.draw(viewModel.title, in: screen)
        let viewportCanvas = screen.canvas(for: Rect(x: 0, y: navigationHeight, width: width, height: viewport))
        let container = Size(width: width, height: viewport)
        let offsetChanged = lastScrollOffset != options.scrollOffset
        lastScrollOffset = options.scrollOffset
        // Shown components by index and frame, not by a copy of their model (hundreds of bytes each).
        var shown: [(index: Int, frame: Rect)] = []
        for (index, frame) in layout.body.prefix(viewModel.body.count).enumerated() {
            let shifted = Rect(x: frame.x, y: frame.y - options.scrollOffset, width: frame.width, height: frame.height)
            guard shifted.maxY > 0, shifted.y < viewport else { continue }
            shown.append((index, shifted))
        }
        // Components scrolled out of view go back to the pool first (in index order), so the
        // ones scrolled in reuse them.
        var isShown = [Bool](repeating: false, count: viewModel.body.count)
        for (index, _) in shown { isShown[index] = true }
        for index in bodySlots.indices {
            guard let wrapper = bodySlots[index], index >= isShown.count || !isShown[index] else { continue }
            host.recycle(wrapper)
            bodySlots[index] = nil
        }
        bodySlots.removeLast(max(0, bodySlots.count - isShown.count))
        bodySlots.append(contentsOf: repeatElement(nil, count: isShown.count - bodySlots.count))
        // Models are read in place through a buffer pointer, not copied field by field.
        viewModel.body.withUnsafeBufferPointer { body in
            for (index, frame) in shown {
                let (wrapper, appeared) = slot(bodySlots[index], for: body[index], container: container)
                bodySlots[index] = wrapper
                if appeared || offsetChanged { wrapper.contentOffsetDidChange(to: options.scrollOffset) }
                draw(wrapper, in: viewportCanvas.canvas(for: frame))
            }
        }
        if let header = viewModel.header, let frame = layout.header {
            let (wrapper, appeared) = slot(headerSlot, for: header, container: container)
            headerSlot = wrapper
            if appeared || offsetChanged { wrapper.contentOffsetDidChange(to: options.scrollOffset) }
            let canvas = viewportCanvas.canvas(for: frame)
            canvas.fill(0, 0, frame.width, frame.height)
            draw(wrapper, in: canvas)
        } else if let wrapper = headerSlot {
            host.recycle(wrapper)
            headerSlot = nil
        }
        var overlays: [Int: ComponentWrapper] = [:]
        for (index, (model, frame)) in zip(viewModel.overlays, layout.overlays).enumerated() {
            let (wrapper, appeared) = slot(overlaySlots.removeValue(forKey: index), for: model, container: container)
            overlays[index] = wrapper
            if appeared || offsetChanged { wrapper.contentOffsetDidChange(to: options.scrollOffset) }
            let canvas = viewportCanvas.canvas(for: frame)
            canvas.fill(0, 0, frame.width, frame.height)
            draw(wrapper, in: canvas)
        }
        for wrapper in overlaySlots.values { host.recycle(wrapper) }
        overlaySlots = overlays
        lastDrawingCount = surface.drawingCount
        let text = surface.text(color: options.color, expectedBytes: lastTextBytes)
        lastTextBytes = text.utf8.count
        return text
    }

    /// The wrapper for a slot showing `model`: the slot's own when it has the same component
    /// identifier, otherwise one from the pool. `appeared` is true for a wrapper new to the slot.
    private func slot(_ current: ComponentWrapper?, for model: ComponentModel, container: Size) -> (wrapper: ComponentWrapper, appeared: Bool) {
        if let current, current.identifier == model.componentIdentifier {
            current.configure(with: model, containerSize: container)
            return (current, false)
        }
        if let current { host.recycle(current) }
        let wrapper = host.dequeue(for: model)
        wrapper.configure(with: model, containerSize: container)
        wrapper.willAppear()
        return (wrapper, true)
    }

    private func draw(_ wrapper: ComponentWrapper, in canvas: TextCanvas) {
        wrapper.resize(to: canvas.frame.size)
        wrapper.saveUIState()
        wrapper.render(into: canvas)
    }

    /// Shows `state` on the shown body component at `indexPath` (a body index, then child
    /// indexes); nothing happens when it is not shown.
    public func setSelectionState(_ state: ComponentSelectionState, at indexPath: [Int]) {
        guard let first = indexPath.first, bodySlots.indices.contains(first) else { return }
        bodySlots[first]?.descendant(at: indexPath.dropFirst())?.setSelectionState(state)
    }

    /// The shown body components' components, by body index.
    var shownBodySlots: [Int: ComponentWrapper] {
        var slots: [Int: ComponentWrapper] = [:]
        for (index, wrapper) in bodySlots.enumerated() { slots[index] = wrapper }
        return slots
    }

    /// Tells the shown components (the header, the body in order, the overlays, each with its
    /// shown children) that they are about to appear again, as when their screen reappears.
    func viewWillAppear() {
        headerSlot?.willAppear()
        for wrapper in bodySlots { wrapper?.willAppear() }
        for index in overlaySlots.keys.sorted() { overlaySlots[index]?.willAppear() }
    }

    /// Lets go of every component (shown or pooled), saving their UI states: the next render
    /// makes new ones from the registry, as after their definitions changed.
    public func replaceComponents() {
        for wrapper in [headerSlot].compactMap({ $0 }) + bodySlots.compactMap({ $0 }) + Array(overlaySlots.values) {
            host.recycle(wrapper)
        }
        headerSlot = nil
        bodySlots = []
        overlaySlots = [:]
        lastScrollOffset = nil
        host.forgetComponents()
    }

    /// Tells every shown component that observes actions about `context`: the header, the body
    /// in order, the overlays, each with its shown children.
    public func actionPerformed(_ context: ActionContext) {
        headerSlot?.actionPerformed(context)
        for wrapper in bodySlots { wrapper?.actionPerformed(context) }
        for index in overlaySlots.keys.sorted() { overlaySlots[index]?.actionPerformed(context) }
    }
}
