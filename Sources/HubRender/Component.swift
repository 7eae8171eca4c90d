import HubCore

/// Renders component models into character cells. One component renders one model at a time
/// and may be reused for other models with the same component identifier.
public protocol Component: AnyObject {
    /// How the layout should place the component; constant for a component.
    var layoutTraits: Set<LayoutTrait> { get }

    /// The size the component wants for `model` in a container of `containerSize`.
    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size

    /// Resets state before the component is used for another model.
    func prepareForReuse()

    /// Draws `model` into `canvas`, which is clipped to the component's frame.
    func render(_ model: ComponentModel, into canvas: TextCanvas)
}

extension Component {
    public func prepareForReuse() {}
}

/// Creates the components of one namespace by name.
public protocol ComponentFactory {
    /// The component for `name`, or nil when the factory does not know it.
    func createComponent(named name: String) -> (any Component)?
}

/// A component factory made of a closure.
public struct BlockComponentFactory: ComponentFactory {
    private let block: (String) -> (any Component)?

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
