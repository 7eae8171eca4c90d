import HubCore

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

/// A component that performs actions, e.g. in response to a custom interaction (Hub
/// Framework's `HUBComponentActionPerformer`).
public protocol ComponentActionPerformer: Component {
    /// Set by the runtime while the component shows a model on a screen.
    var actionDelegate: (any ComponentActionDelegate)? { get set }
}

/// Performs actions for a component: with trigger `ActionTrigger/component` and the model the
/// component shows.
public protocol ComponentActionDelegate: AnyObject {
    /// Performs the action `identifier` with `customData`; returns whether it was performed.
    func component(_ component: any Component, performAction identifier: Identifier, customData: JSONDictionary?) -> Bool
}

/// A component told of every action performed in the view it is shown in, performed or not
/// (Hub Framework's `HUBComponentActionObserver`).
public protocol ComponentActionObserver: Component {
    /// Whether the component observes actions now (true by default).
    var observesActions: Bool { get }
    /// Called after an action was performed (or handled, or not performed at all).
    func actionPerformed(_ context: ActionContext)
}

extension ComponentActionObserver {
    public var observesActions: Bool { true }
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
