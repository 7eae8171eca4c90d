import HubCore

/// One component instance and what the runtime tracks about it: its current model, selection
/// state, size, and managed children. Forwards calls to the capabilities the component has, and
/// the actions the component performs to its host, with its model.
final class ComponentWrapper: ComponentChildDelegate, ComponentActionDelegate {
    let component: any Component
    let identifier: Identifier
    /// The current model (one reference: comparing it with the model to show is one pointer
    /// comparison when they are the same).
    private(set) var model: ComponentModel?
    private(set) var selectionState = ComponentSelectionState.none
    private var size: Size?
    private unowned let host: ComponentHost
    /// The managed children shown, by child index.
    // Unchecked exclusivity: only the wrapper's own methods change it, never re-entrantly.
    @exclusivity(unchecked) private(set) var children: [Int: ComponentWrapper] = [:]
    private var containerSize = Size.zero
    /// The capability protocols the component's class adopts: only those are cast to, as a
    /// conformance check costs hundreds of instructions.
    let conformances: ComponentConformances
    /// The capabilities every render asks for, cast once; nil for a component with none of
    /// them (most), whose wrapper is then smaller.
    private let capabilities: RenderCapabilities?
    private var restorable: (any ComponentWithRestorableUIState)? { capabilities?.restorable }
    private var parent: (any ComponentWithChildren)? { capabilities?.parent }
    private var viewObserver: (any ComponentViewObserver)? { capabilities?.viewObserver }

    /// A wrapper of `component`, whose class adopts `conformances`.
    init(component: any Component, identifier: Identifier, conformances: ComponentConformances, host: ComponentHost) {
        self.component = component
        self.identifier = identifier
        self.conformances = conformances
        self.host = host
        capabilities = conformances.isDisjoint(with: [.restorableUIState, .children, .viewObserver])
            ? nil : RenderCapabilities(of: component, conformances)
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
        if conformances.contains(.actionPerformer), let performer = component as? any ComponentActionPerformer {
            performer.actionDelegate = self
        }
        component.configure(with: model, containerSize: containerSize)
        if let restorable, restorable.restoresUIState, let state = host.uiStates[model.identifier]
        {
            restorable.restoreUIState(state)
        }
        host.images.loadImages(for: self, containerSize: containerSize)
        return true
    }

    /// Saves the component's UI state for `model` (or for the current model).
    func saveUIState(for model: ComponentModel? = nil) {
        // The capability first: most components have none, and then the model is not read.
        guard let restorable, restorable.restoresUIState, let identifier = model?.identifier ?? self.model?.identifier else { return }
        host.uiStates[identifier] = restorable.currentUIState
    }

    /// Tells the component its frame's size, if it changed since last time (a component is
    /// first sized from zero).
    func resize(to newSize: Size) {
        defer { size = newSize }
        guard (size ?? .zero) != newSize, let viewObserver, viewObserver.observesView else { return }
        viewObserver.viewDidResize(to: newSize)
    }

    /// Tells the component, and the host's event observer, that it is about to appear; then
    /// its shown children.
    func willAppear() {
        if let model { host.onComponentEvent?(.componentWillAppear, model) }
        if let viewObserver, viewObserver.observesView { viewObserver.viewWillAppear() }
        forEachChild { $0.willAppear() }
    }

    /// The wrapper showing the managed child at `indexPath` below this one (itself for an
    /// empty path); nil when that child is not shown.
    func descendant(at indexPath: ArraySlice<Int>) -> ComponentWrapper? {
        guard let first = indexPath.first else { return self }
        return children[first]?.descendant(at: indexPath.dropFirst())
    }

    /// Tells the component and its shown children about `context`, if they observe actions.
    func actionPerformed(_ context: ActionContext) {
        if conformances.contains(.actionObserver), let observer = component as? any ComponentActionObserver, observer.observesActions {
            observer.actionPerformed(context)
        }
        forEachChild { $0.actionPerformed(context) }
    }

    /// Tells the component and its shown children the body's scroll offset, if they observe it.
    func contentOffsetDidChange(to offset: Int) {
        if conformances.contains(.contentOffsetObserver), let observer = component as? any ComponentContentOffsetObserver,
            observer.observesContentOffset
        {
            observer.contentOffsetDidChange(to: offset)
        }
        forEachChild { $0.contentOffsetDidChange(to: offset) }
    }

    /// Shows `state`, unless the component already shows it.
    func setSelectionState(_ state: ComponentSelectionState) {
        guard state != selectionState else { return }
        selectionState = state
        if conformances.contains(.selectionState), let selectable = component as? any ComponentWithSelectionState,
            selectable.tracksSelection
        {
            selectable.updateSelectionState(state)
        }
    }

    /// Prepares the component for use by another model (when it returns to the pool).
    func recycle() {
        saveUIState()
        for child in children.values { host.recycle(child) }
        children.removeAll()
    }

    /// Runs `body` on the shown children's wrappers in child order.
    private func forEachChild(_ body: (ComponentWrapper) -> Void) {
        guard !children.isEmpty else { return }
        for index in children.keys.sorted() {
            if let child = children[index] { body(child) }
        }
    }

    func render(into canvas: TextCanvas) {
        guard let model else { return }
        host.onDraw?(model, canvas.frame)
        parent?.childDelegate = self
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
        childWrapper.configure(with: child, containerSize: size ?? containerSize)
        if wrapper == nil { childWrapper.willAppear() }
        childWrapper.resize(to: canvas.frame.size)
        childWrapper.render(into: canvas)
    }

    // MARK: ComponentActionDelegate

    func component(_ component: any Component, performAction identifier: Identifier, customData: JSONDictionary?) -> Bool {
        guard let model else { return false }
        return host.performComponentAction?(identifier, customData, model) ?? false
    }
}

/// The capabilities of a component that every render of it uses, cast once.
private final class RenderCapabilities {
    let restorable: (any ComponentWithRestorableUIState)?
    let parent: (any ComponentWithChildren)?
    let viewObserver: (any ComponentViewObserver)?

    init(of component: any Component, _ conformances: ComponentConformances) {
        restorable = conformances.contains(.restorableUIState) ? component as? any ComponentWithRestorableUIState : nil
        parent = conformances.contains(.children) ? component as? any ComponentWithChildren : nil
        viewObserver = conformances.contains(.viewObserver) ? component as? any ComponentViewObserver : nil
    }
}
