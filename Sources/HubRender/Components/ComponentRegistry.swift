import HubCore

/// Component factories by namespace, with a fallback for unknown components.
public final class ComponentRegistry {
    private var factories: [String: any ComponentFactory] = [:] {
        didSet { (lastNamespace, lastFactory) = (nil, nil) }
    }
    /// The namespace last asked for, and its factory (see ``factory(forNamespaceOf:)``): two
    /// properties, compared and read in place, where one optional pair was copied out (a
    /// retain and a release of both) on every ask.
    // Unchecked exclusivity: only ``factory(forNamespaceOf:)`` and `factories`' observer reach
    // them, never re-entrantly.
    @exclusivity(unchecked) private var lastNamespace: String?
    @exclusivity(unchecked) private var lastFactory: (any ComponentFactory)?
    /// Where unknown components' stand-ins and new models' defaults come from.
    public let fallbackHandler: any ComponentFallbackHandler

    /// The component identifiers no factory knew, in the order they were first asked for; their
    /// models were drawn by the fallback for their category.
    public private(set) var unknownIdentifiers: [Identifier] = []

    /// An empty registry that falls back on `fallbackHandler`.
    public init(fallbackHandler: any ComponentFallbackHandler) {
        self.fallbackHandler = fallbackHandler
    }

    /// Registers `factory` for `namespace`; a namespace can have one factory only.
    public func register(_ factory: any ComponentFactory, forNamespace namespace: String) throws(RegistrationError) {
        guard factories[namespace] == nil else {
            throw RegistrationError("a component factory for namespace '\(namespace)' is already registered")
        }
        factories[namespace] = factory
    }

    /// Frees `namespace` (nothing happens if it is unknown).
    public func unregisterFactory(forNamespace namespace: String) {
        factories.removeValue(forKey: namespace)
    }

    /// Whether a factory is registered for `namespace`.
    public func hasFactory(forNamespace namespace: String) -> Bool {
        factories[namespace] != nil
    }

    /// The factory registered for `namespace`, if any.
    public func factory(forNamespace namespace: String) -> (any ComponentFactory)? {
        factories[namespace]
    }

    /// Whether a factory makes the component `identifier`, so that the fallback does not stand
    /// in for it; asking records nothing in ``unknownIdentifiers``.
    public func makesComponent(_ identifier: Identifier) -> Bool {
        factories[identifier.namespace]?.createComponent(named: identifier.name) != nil
    }

    /// The namespaces with a factory, sorted.
    public var namespaces: [String] { factories.keys.sorted() }

    /// A component for `model`: from its namespace's factory, else the fallback for its category.
    public func createComponent(for model: ComponentModel) -> any Component {
        createComponent(identifier: model.componentIdentifier, category: model.componentCategory)
    }

    /// A component for `identifier`, or the fallback for `category` when none is known.
    public func createComponent(identifier: Identifier, category: String) -> any Component {
        if let component = factory(forNamespaceOf: identifier)?.createComponent(named: identifier.name) {
            return component
        }
        return fallback(for: identifier, category: category)
    }

    /// The factory for `identifier`'s namespace. The last one found is kept with its namespace:
    /// a render asks for the same one again and again, and comparing the name costs less than
    /// hashing it.
    private func factory(forNamespaceOf identifier: Identifier) -> (any ComponentFactory)? {
        if lastNamespace == identifier.namespace, let lastFactory { return lastFactory }
        guard let factory = factories[identifier.namespace] else { return nil }
        (lastNamespace, lastFactory) = (identifier.namespace, factory)
        return factory
    }

    /// The fallback's component for `category`, standing in for the unknown `identifier`.
    private func fallback(for identifier: Identifier, category: String) -> any Component {
        if !unknownIdentifiers.contains(identifier) { unknownIdentifiers.append(identifier) }
        return fallbackHandler.createFallbackComponent(forCategory: category)
    }
}
