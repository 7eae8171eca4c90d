import HubCore

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
