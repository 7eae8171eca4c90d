/// How new builders are seeded and which optional model features are on.
public struct BuilderConfiguration: Sendable, Equatable {
    /// Namespace, name and category of every new component model builder.
    public var componentDefaults: ComponentDefaults
    /// Whether an icon resolver exists; without one, models never carry icons or placeholder icons.
    public var resolvesIcons: Bool

    /// A configuration; by default standard component defaults and no icon resolver.
    public init(componentDefaults: ComponentDefaults = .standard, resolvesIcons: Bool = false) {
        self.componentDefaults = componentDefaults
        self.resolvesIcons = resolvesIcons
    }
}
