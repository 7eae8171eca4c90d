import HubCore

/// The components of one screen: a reuse pool keyed by component identifier, the UI states
/// saved per model identifier, the image loads, and one measuring component per identifier.
public final class ComponentHost {
    let registry: ComponentRegistry
    let images: ImageLoadCoordinator
    var uiStates: [String: JSONValue] = [:]
    // Unchecked exclusivity, here and on `createdCount` and `onComponentEvent`: all on the
    // screen's thread, never in overlapping accesses (the host's own methods change the pool and
    // the count; the event closure is set once by its screen and only read, then called, by
    // wrappers); the runtime's check of each access was a tenth of making a component.
    @exclusivity(unchecked) private var idle: [Identifier: [ComponentWrapper]] = [:]
    /// How many wrappers ``idle`` holds: a render that makes its components anew (a screen's
    /// first) does not look into the pool for each.
    @exclusivity(unchecked) private var idleCount = 0
    /// The capability protocols of each component class made so far.
    @exclusivity(unchecked) private var conformancesByClass: [ObjectIdentifier: ComponentConformances] = [:]
    private var measuring: [Identifier: any Component] = [:]
    private lazy var measuringChildren = MeasuringChildDelegate(host: self)
    /// How many components the host has created (for tests and tools).
    @exclusivity(unchecked) public private(set) var createdCount = 0
    /// Told when a component appears on screen (is drawn after being off screen) and when it
    /// disappears (returns to the pool), with the model it showed.
    @exclusivity(unchecked) var onComponentEvent: ((ScreenEvent.Kind, ComponentModel) -> Void)?
    /// Performs actions components ask for, with the model the component shows.
    var performComponentAction: ((Identifier, JSONDictionary?, ComponentModel) -> Bool)?
    /// Told of every component drawn, children included, with its model and its frame on the
    /// surface; nil (the usual case) costs a render nothing.
    var onDraw: ((ComponentModel, Rect) -> Void)?

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
        if idleCount > 0, let wrapper = idle[model.componentIdentifier]?.popLast() {
            idleCount -= 1
            return wrapper
        }
        createdCount += 1
        let component = registry.createComponent(for: model)
        return ComponentWrapper(component: component, identifier: model.componentIdentifier, conformances: conformances(of: component), host: self)
    }

    /// The capability protocols `component`'s class adopts, found once per class.
    private func conformances(of component: any Component) -> ComponentConformances {
        let type = ObjectIdentifier(Swift.type(of: component))
        if let known = conformancesByClass[type] { return known }
        let found = ComponentConformances(of: component)
        conformancesByClass[type] = found
        return found
    }

    /// Returns `wrapper` to the pool; the model it showed has disappeared.
    func recycle(_ wrapper: ComponentWrapper) {
        wrapper.recycle()
        if let model = wrapper.model { onComponentEvent?(.componentDidDisappear, model) }
        idle[wrapper.identifier, default: []].append(wrapper)
        idleCount += 1
    }

    /// Forgets every idle and measuring component, so that components are made afresh by the
    /// registry (after their definitions changed); saved UI states stay.
    func forgetComponents() {
        idle.removeAll()
        idleCount = 0
        measuring.removeAll()
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
