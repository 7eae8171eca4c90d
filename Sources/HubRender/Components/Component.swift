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
