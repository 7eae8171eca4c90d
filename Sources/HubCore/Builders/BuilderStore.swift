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
