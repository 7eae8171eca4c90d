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

/// The mutable root that every builder handle of one view model builder tree points into.
final class BuilderStore {
    var root: ViewModelState
    let configuration: BuilderConfiguration
    /// How JSON added to any builder of the tree is read.
    let schema: JSONSchema

    init(root: ViewModelState, configuration: BuilderConfiguration, schema: JSONSchema) {
        self.root = root
        self.configuration = configuration
        self.schema = schema
    }
}

/// An O(1) snapshot of a view model builder's whole tree, from which new builders can start.
public struct ViewModelBuilderSnapshot {
    let state: ViewModelState
    let configuration: BuilderConfiguration
    let schema: JSONSchema

    /// Whether the snapshot has no header, body or overlay builders.
    public var isEmpty: Bool { state.isEmpty }

    /// The view model the snapshot builds (with no feature-title default applied).
    public func build() -> ViewModel {
        ViewModelBuilder(snapshot: self).build()
    }
}
