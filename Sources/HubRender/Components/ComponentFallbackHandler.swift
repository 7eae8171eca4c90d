import HubCore

/// Provides the defaults of new component models and the components used for unknown ones.
public protocol ComponentFallbackHandler {
    /// Namespace, name and category every new component model builder starts with.
    var componentDefaults: ComponentDefaults { get }

    /// A component for a model whose component is unknown; never nil.
    func createFallbackComponent(forCategory category: String) -> any Component
}
