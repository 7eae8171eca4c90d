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
