/// How new builders are seeded and which optional model features are on.
public struct BuilderConfiguration: Sendable, Equatable {
    /// Namespace, name and category of every new component model builder.
    public var componentDefaults: ComponentDefaults
    /// Whether an icon resolver exists; without one, models never carry icons or placeholder icons.
    public var resolvesIcons: Bool

    public init(componentDefaults: ComponentDefaults = .standard, resolvesIcons: Bool = false) {
        self.componentDefaults = componentDefaults
        self.resolvesIcons = resolvesIcons
    }
}

/// The mutable root that every builder handle of one view model builder tree points into.
final class BuilderStore {
    var root: ViewModelState
    let configuration: BuilderConfiguration

    init(root: ViewModelState, configuration: BuilderConfiguration) {
        self.root = root
        self.configuration = configuration
    }
}

/// An O(1) snapshot of a view model builder's whole tree, from which new builders can start.
public struct ViewModelBuilderSnapshot {
    let state: ViewModelState
    let configuration: BuilderConfiguration

    /// Whether the snapshot has no header, body or overlay builders.
    public var isEmpty: Bool { state.isEmpty }

    /// The view model the snapshot builds (with no feature-title default applied).
    public func build() -> ViewModel {
        ViewModelBuilder(snapshot: self).build()
    }
}
