/// The mutable root that every builder handle of one view model builder tree points into.
final class BuilderStore {
    // Unchecked exclusivity: every access is a builder's get or a `modify` whose closure only
    // assigns builder state, never reaching the store again, so the runtime's access tracking
    // (about a tenth of building a component from Lua) would find nothing.
    @exclusivity(unchecked) var root: ViewModelState
    let configuration: BuilderConfiguration
    /// How JSON added to any builder of the tree is read.
    let schema: JSONSchema
    /// The run of an operation building the tree (``BuilderRun``), 0 while none does.
    var run: UInt64 = 0
    /// What that run was, once it has ended.
    var endedRun: String?

    init(root: ViewModelState, configuration: BuilderConfiguration, schema: JSONSchema) {
        self.root = root
        self.configuration = configuration
        self.schema = schema
    }
}
