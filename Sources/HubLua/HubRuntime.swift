import CLua
import HubCore
import HubRender

/// Everything a set of Lua features runs in: one Lua state, the registries, the event loop.
///
/// A runtime lives on one thread. Feature folders are loaded with ``loadFeatures(at:)``;
/// ``open(_:options:)`` creates a screen for a view URI and returns once its first load has
/// finished (or nothing more can happen).
public final class HubRuntime {
    /// Options for a screen opened by the runtime.
    public struct ScreenOptions: Sendable {
        /// Columns used by `render()` when no width is given.
        public var width: Int
        /// Rows of the whole rendered output; nil shows all content.
        public var height: Int?
        /// The default layout manager's margin in cells.
        public var margin: Int
        /// Whether to load content (false: show the initial view model only).
        public var load: Bool

        /// Options with 80 columns, no height limit, a margin of 1 and content loading on.
        public init(width: Int = 80, height: Int? = nil, margin: Int = 1, load: Bool = true) {
            self.width = width
            self.height = height
            self.margin = margin
            self.load = load
        }
    }

    /// The Lua state every script of the runtime runs in.
    public let lua: LuaState
    /// The loop all asynchronous work of the runtime runs on.
    public let loop: EventLoop
    /// The features registered with `hub.feature`.
    public let features = FeatureRegistry()
    /// The default component library (`default:*`) and the components defined in Lua.
    public let components: ComponentRegistry
    /// Remote image data the screens' offline image loaders serve (`hub.register_image`).
    public let images = ImageRegistry()
    /// The default JSON schema and the custom ones registered with `hub.schema`.
    public let schemas = JSONSchemaRegistry()
    /// Problems found while running scripts that did not stop anything (e.g. a component that
    /// failed to render), in order.
    public private(set) var problems: [String] = []

    let bindings = BuilderBindings()
    let canvasClass = makeCanvasClass()
    let contextClass = LuaClass<LuaOperationRun>(name: "hub.Context") { "Context(\($0.operation.name), \($0.viewURI))" }
    let screenClass = LuaClass<LuaScreen>(name: "hub.Screen") { "Screen(\($0.screen.viewURI))" }

    var folders: [FeatureFolder] = []
    var environments: [Int32] = []
    var makeEnvironment: Int32 = 0
    var sharedHub: Int32 = 0
    var sleepToken: Int32 = 0
    var awaitToken: Int32 = 0
    var errorMetatable: Int32 = 0
    var schemaBuilder: LuaSchemaBuilder?
    var prependedOperations: [LuaFeatureOperations] = []
    var appendedOperations: [LuaFeatureOperations] = []
    var componentFactories: [String: LuaComponentFactory] = [:]
    /// The folder index of each feature, by feature identifier.
    var featureFolders: [String: Int] = [:]
    var testCases: [LuaTestCase] = []

    /// Instructions a script may run per call or per operation resume before it fails with
    /// "instruction budget exceeded" (about a second of work).
    public static let defaultInstructionBudget = 200_000_000

    /// A runtime on `clock` (virtual for tests: sleeping takes no real time).
    public init(clock: EventLoop.Clock = .real) throws {
        lua = try LuaState()
        lua.instructionBudget = HubRuntime.defaultInstructionBudget
        loop = EventLoop(clock: clock)
        components = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        try components.register(DefaultComponentFactory(), forNamespace: DefaultComponentFactory.namespace)
        let stack = lua.stack
        bindings.register(stack)
        canvasClass.register(stack)
        LuaBridge.ensureMetatable(stack, ModelBox.typeName)
        stack.pop()
        defineContext()
        defineScreen()
        contextClass.register(stack)
        screenClass.register(stack)
        try loadPrelude()
    }

    deinit {
        componentFactories.removeAll()
        testCases.removeAll()
    }

    /// Records a problem that did not stop anything.
    func report(_ message: String) {
        problems.append(message)
    }

    // MARK: Prelude and environments

    func loadPrelude() throws {
        let stack = lua.stack
        try lua.load(Prelude.source, chunkName: Prelude.chunkName)
        stack.newTable(record: 8)
        definePublicModule(stack)
        stack.pushValue(-1)
        sharedHub = lua.reference()
        stack.newTable()
        stack.pushValue(-1)
        sleepToken = lua.reference()
        LuaBridge.pushFunction(stack) { [unowned self] call in
            self.loop.advance(by: try call.checkInt(1, "hub.sleep"))
            return 0
        }
        stack.newTable()
        stack.pushValue(-1)
        awaitToken = lua.reference()
        stack.newTable()
        stack.pushValue(-1)
        let eachToken = lua.reference()
        try lua.call(arguments: 5, results: 3)
        let firstMetatable = lua.reference()
        errorMetatable = lua.reference()
        makeEnvironment = lua.reference()
        schemaBuilder = LuaSchemaBuilder(runtime: self, eachToken: eachToken, firstMetatable: firstMetatable)
    }

    /// Creates the environment of folder `index` and keeps it.
    func makeEnvironment(forFolder index: Int) throws {
        let stack = lua.stack
        let folder = folders[index]
        lua.pushReference(makeEnvironment)
        stack.newTable(record: 4)
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.registerFeature(call, folder: index) }
        stack.setRawField(-2, "feature")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.registerComponent(call, folder: index) }
        stack.setRawField(-2, "component")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.registerComponentResolver(call, folder: index) }
        stack.setRawField(-2, "components")
        LuaBridge.pushFunction(stack) { call in
            call.push(try folder.read(try call.checkString(1, "hub.read")))
            return 1
        }
        stack.setRawField(-2, "read")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.registerTest(call, folder: index) }
        stack.setRawField(-2, "test")
        stack.newTable(record: 1)
        lua.pushReference(sharedHub)
        stack.setRawField(-2, "__index")
        lua_setmetatable(stack.L, -2)
        LuaBridge.pushFunction(stack) { call in
            let module = try folder.module(try call.checkString(1, "require"))
            call.push(module.source)
            call.push(module.chunkName)
            return 2
        }
        try lua.call(arguments: 2, results: 1)
        environments.append(lua.reference())
    }

    /// Runs the file `relative` of folder `index` in that folder's environment (a fresh one
    /// when `fresh` is true).
    func runFile(_ relative: String, folder index: Int, fresh: Bool = false) throws {
        let folder = folders[index]
        guard let absolute = folder.resolve(relative) else { throw LuaError(message: "'\(relative)' is outside the feature folder") }
        let source: String
        do {
            source = try folder.read(relative)
        } catch {
            throw LuaError(message: "cannot read \(folder.display(absolute))")
        }
        try lua.load(source, chunkName: "@" + folder.display(absolute))
        if fresh {
            try makeEnvironment(forFolder: index)
            lua.pushReference(environments.removeLast())
        } else {
            lua.pushReference(environments[index])
        }
        guard lua_setupvalue(lua.L, -2, 1) != nil else {
            lua.pop()
            throw LuaError(message: "cannot set the environment of \(relative)")
        }
        try lua.call(arguments: 0, results: 0)
    }
}
