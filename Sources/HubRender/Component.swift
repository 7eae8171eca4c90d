import HubCore

/// Renders component models into character cells. One component renders one model at a time
/// and is reused for other models with the same component identifier.
///
/// Optional capabilities are the protocols below (children, images, UI state, selection, view
/// and content-offset observation); the runtime uses the ones a component adopts and reports
/// as supported.
public protocol Component: AnyObject {
    /// How the layout should place the component; constant for a component.
    var layoutTraits: Set<LayoutTrait> { get }

    /// The size the component wants for `model` in a container of `containerSize`.
    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size

    /// Resets state before the component is used for another model.
    func prepareForReuse()

    /// Takes `model` as the model to show (called when the model changes, not on every render).
    func configure(with model: ComponentModel, containerSize: Size)

    /// Draws `model` into `canvas`, which is clipped to the component's frame.
    func render(_ model: ComponentModel, into canvas: TextCanvas)
}

extension Component {
    public func prepareForReuse() {}
    public func configure(with model: ComponentModel, containerSize: Size) {}
}

/// A component that shows child components managed by the runtime.
public protocol ComponentWithChildren: Component {
    /// Set by the runtime before the component renders.
    var childDelegate: (any ComponentChildDelegate)? { get set }
}

/// What the runtime offers a component with children.
public protocol ComponentChildDelegate: AnyObject {
    /// The size the managed child component for `child` wants in `containerSize`.
    func preferredSize(ofChild child: ComponentModel, containerSize: Size) -> Size
    /// Renders `child` with its managed component into `canvas` (and loads its images).
    func renderChild(_ child: ComponentModel, into canvas: TextCanvas)
}

/// A component that shows images: asked for the size it wants each image in (zero: do not
/// load it), then told when an image has loaded.
public protocol ComponentWithImageHandling: Component {
    /// Whether the component handles images now (a Lua component may not).
    var handlesImages: Bool { get }
    /// The size to load `image` of `model` at in `containerSize`; zero skips the image.
    func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size
    /// Called when the image `data` describes has loaded; `animated` when the load was slow.
    func imageDidLoad(_ image: LoadedImage, for data: ComponentImageData, model: ComponentModel, animated: Bool)
}

/// A component with UI state (e.g. a scroll position) saved per model identifier while it is
/// reused for other models, and restored when it shows that model again.
public protocol ComponentWithRestorableUIState: Component {
    /// Whether the component saves and restores UI state now (true by default).
    var restoresUIState: Bool { get }
    /// The state to save; nil removes the saved state.
    var currentUIState: JSONValue? { get }
    /// Restores `state`, saved earlier for the model the component now shows.
    func restoreUIState(_ state: JSONValue)
}

/// How a component is selected.
public enum ComponentSelectionState: String, Sendable {
    /// Neither highlighted nor selected.
    case none
    /// Highlighted, e.g. while being pressed.
    case highlighted
    /// Selected.
    case selected
}

/// A component that shows its selection state; never told the same state twice in a row.
public protocol ComponentWithSelectionState: Component {
    /// Whether the component shows selection states now (true by default).
    var tracksSelection: Bool { get }
    /// Shows `state`.
    func updateSelectionState(_ state: ComponentSelectionState)
}

/// A component told when its frame's size changes and when it is about to appear.
public protocol ComponentViewObserver: Component {
    /// Whether the component is told about resizing and appearing now (true by default).
    var observesView: Bool { get }
    /// Called when the component's frame has changed to `size`.
    func viewDidResize(to size: Size)
    /// Called when the component is about to appear.
    func viewWillAppear()
}

/// A component told the body's scroll offset (in rows) when it changes.
public protocol ComponentContentOffsetObserver: Component {
    /// Whether the component is told about scrolling now (true by default).
    var observesContentOffset: Bool { get }
    /// Called with the body's new scroll offset in rows.
    func contentOffsetDidChange(to offset: Int)
}

extension ComponentWithImageHandling {
    public var handlesImages: Bool { true }
}

extension ComponentWithRestorableUIState {
    public var restoresUIState: Bool { true }
}

extension ComponentWithSelectionState {
    public var tracksSelection: Bool { true }
}

extension ComponentViewObserver {
    public var observesView: Bool { true }
}

extension ComponentContentOffsetObserver {
    public var observesContentOffset: Bool { true }
}

/// Creates the components of one namespace by name.
public protocol ComponentFactory {
    /// The component for `name`, or nil when the factory does not know it.
    func createComponent(named name: String) -> (any Component)?
}

/// A component factory made of a closure.
public struct BlockComponentFactory: ComponentFactory {
    private let block: (String) -> (any Component)?

    /// A factory that calls `block` with the component's name.
    public init(_ block: @escaping (String) -> (any Component)?) {
        self.block = block
    }

    public func createComponent(named name: String) -> (any Component)? {
        block(name)
    }
}

/// Provides the defaults of new component models and the components used for unknown ones.
public protocol ComponentFallbackHandler {
    /// Namespace, name and category every new component model builder starts with.
    var componentDefaults: ComponentDefaults { get }

    /// A component for a model whose component is unknown; never nil.
    func createFallbackComponent(forCategory category: String) -> any Component
}
