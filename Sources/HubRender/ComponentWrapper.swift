import HubCore

/// One component instance and what the runtime tracks about it: its current model, selection
/// state, size, and managed children. Forwards calls to the capabilities the component has.
final class ComponentWrapper: ComponentChildDelegate {
    let component: any Component
    let identifier: Identifier
    private(set) var model: ComponentModel?
    private(set) var selectionState = ComponentSelectionState.none
    private var size: Size?
    private unowned let host: ComponentHost
    private var children: [Int: ComponentWrapper] = [:]
    private var containerSize = Size.zero

    init(component: any Component, identifier: Identifier, host: ComponentHost) {
        self.component = component
        self.identifier = identifier
        self.host = host
    }

    /// Shows `model`; nothing happens when it equals the current model. Otherwise the outgoing
    /// model's UI state is saved, the component prepared for reuse and configured, and the
    /// incoming model's saved UI state restored. Returns whether the model changed.
    @discardableResult
    func configure(with model: ComponentModel, containerSize: Size) -> Bool {
        if let current = self.model, current == model { return false }
        if let current = self.model {
            saveUIState(for: current)
            component.prepareForReuse()
            for child in children.values { host.recycle(child) }
            children.removeAll()
        }
        self.model = model
        self.containerSize = containerSize
        component.configure(with: model, containerSize: containerSize)
        if let restorable = component as? any ComponentWithRestorableUIState, restorable.restoresUIState,
            let state = host.uiStates[model.identifier]
        {
            restorable.restoreUIState(state)
        }
        host.images.loadImages(for: self, containerSize: containerSize)
        return true
    }

    /// Saves the component's UI state for `model` (or for the current model).
    func saveUIState(for model: ComponentModel? = nil) {
        guard let model = model ?? self.model, let restorable = component as? any ComponentWithRestorableUIState,
            restorable.restoresUIState
        else { return }
        host.uiStates[model.identifier] = restorable.currentUIState
    }

    /// Tells the component its frame's size, if it changed since last time.
    func resize(to newSize: Size) {
        defer { size = newSize }
        guard let size, size != newSize, let observer = component as? any ComponentViewObserver, observer.observesView else { return }
        observer.viewDidResize(to: newSize)
    }

    func willAppear() {
        if let observer = component as? any ComponentViewObserver, observer.observesView { observer.viewWillAppear() }
    }

    func contentOffsetDidChange(to offset: Int) {
        if let observer = component as? any ComponentContentOffsetObserver, observer.observesContentOffset {
            observer.contentOffsetDidChange(to: offset)
        }
    }

    /// Shows `state`, unless the component already shows it.
    func setSelectionState(_ state: ComponentSelectionState) {
        guard state != selectionState else { return }
        selectionState = state
        if let selectable = component as? any ComponentWithSelectionState, selectable.tracksSelection {
            selectable.updateSelectionState(state)
        }
    }

    /// Prepares the component for use by another model (when it returns to the pool).
    func recycle() {
        saveUIState()
        for child in children.values { host.recycle(child) }
        children.removeAll()
    }

    func render(into canvas: TextCanvas) {
        guard let model else { return }
        if let parent = component as? any ComponentWithChildren {
            parent.childDelegate = self
        }
        component.render(model, into: canvas)
    }

    // MARK: ComponentChildDelegate

    func preferredSize(ofChild child: ComponentModel, containerSize: Size) -> Size {
        host.measuringComponent(for: child).preferredSize(for: child, containerSize: containerSize)
    }

    func renderChild(_ child: ComponentModel, into canvas: TextCanvas) {
        let index = child.index
        var wrapper = children[index]
        if let existing = wrapper, existing.identifier != child.componentIdentifier {
            host.recycle(existing)
            wrapper = nil
        }
        let childWrapper = wrapper ?? host.dequeue(for: child)
        children[index] = childWrapper
        childWrapper.configure(with: child, containerSize: containerSize)
        childWrapper.resize(to: canvas.frame.size)
        childWrapper.render(into: canvas)
    }
}

/// The components of one screen: a reuse pool keyed by component identifier, the UI states
/// saved per model identifier, the image loads, and one measuring component per identifier.
public final class ComponentHost {
    let registry: ComponentRegistry
    let images: ImageLoadCoordinator
    var uiStates: [String: JSONValue] = [:]
    private var idle: [Identifier: [ComponentWrapper]] = [:]
    private var measuring: [Identifier: any Component] = [:]
    private lazy var measuringChildren = MeasuringChildDelegate(host: self)
    /// How many components the host has created (for tests and tools).
    public private(set) var createdCount = 0

    /// A host creating components from `registry` and loading images with `imageLoader`;
    /// `now` gives milliseconds (for the image animation threshold).
    public init(registry: ComponentRegistry, imageLoader: any ImageLoader, now: @escaping () -> Int) {
        self.registry = registry
        images = ImageLoadCoordinator(loader: imageLoader, now: now)
    }

    /// The component used to measure and lay out models with `model`'s component identifier.
    public func measuringComponent(for model: ComponentModel) -> any Component {
        if let component = measuring[model.componentIdentifier] { return component }
        let component = registry.createComponent(for: model)
        if let parent = component as? any ComponentWithChildren {
            parent.childDelegate = measuringChildren
        }
        measuring[model.componentIdentifier] = component
        return component
    }

    /// An idle wrapper for `model`'s component, or a new one.
    func dequeue(for model: ComponentModel) -> ComponentWrapper {
        if let wrapper = idle[model.componentIdentifier]?.popLast() { return wrapper }
        createdCount += 1
        return ComponentWrapper(component: registry.createComponent(for: model), identifier: model.componentIdentifier, host: self)
    }

    /// Returns `wrapper` to the pool.
    func recycle(_ wrapper: ComponentWrapper) {
        wrapper.recycle()
        idle[wrapper.identifier, default: []].append(wrapper)
    }

    /// The saved UI state of the model `identifier`, if any.
    public func savedUIState(forModel identifier: String) -> JSONValue? {
        uiStates[identifier]
    }
}

/// The child delegate of measuring components: it measures children and draws nothing.
private final class MeasuringChildDelegate: ComponentChildDelegate {
    unowned let host: ComponentHost

    init(host: ComponentHost) {
        self.host = host
    }

    func preferredSize(ofChild child: ComponentModel, containerSize: Size) -> Size {
        host.measuringComponent(for: child).preferredSize(for: child, containerSize: containerSize)
    }

    func renderChild(_ child: ComponentModel, into canvas: TextCanvas) {}
}
