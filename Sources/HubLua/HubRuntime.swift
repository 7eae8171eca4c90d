import CLua
import CLuaShim
import Foundation
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

        public init(width: Int = 80, height: Int? = nil, margin: Int = 1, load: Bool = true) {
            self.width = width
            self.height = height
            self.margin = margin
            self.load = load
        }
    }

    public let lua: LuaState
    public let loop: EventLoop
    public let features = FeatureRegistry()
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

    private var folders: [FeatureFolder] = []
    var environments: [Int32] = []
    private var makeEnvironment: Int32 = 0
    private var sharedHub: Int32 = 0
    private var sleepToken: Int32 = 0
    private var awaitToken: Int32 = 0
    private var errorMetatable: Int32 = 0
    private var schemaBuilder: LuaSchemaBuilder?
    private var prependedOperations: [LuaFeatureOperations] = []
    private var appendedOperations: [LuaFeatureOperations] = []
    private var componentFactories: [String: LuaComponentFactory] = [:]
    /// The folder index of each feature, by feature identifier.
    private var featureFolders: [String: Int] = [:]
    var testCases: [LuaTestCase] = []

    /// A runtime on `clock` (virtual for tests: sleeping takes no real time).
    public init(clock: EventLoop.Clock = .real) throws {
        lua = try LuaState()
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

    private func loadPrelude() throws {
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

    /// The functions of `hub` shared by every feature folder.
    private func definePublicModule(_ stack: LuaStack) {
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.defineOperation(call) }
        stack.setRawField(-2, "operation")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.openScreen(call) }
        stack.setRawField(-2, "open")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.scheduleCallback(call) }
        stack.setRawField(-2, "after")
        LuaBridge.pushFunction(stack) { [unowned self] call in
            self.prependedOperations.append(try self.operationList(call, owner: "hub.prepend_operations"))
            return 0
        }
        stack.setRawField(-2, "prepend_operations")
        LuaBridge.pushFunction(stack) { [unowned self] call in
            self.appendedOperations.append(try self.operationList(call, owner: "hub.append_operations"))
            return 0
        }
        stack.setRawField(-2, "append_operations")
        LuaBridge.pushFunction(stack) { [unowned self] call in
            self.images.register(url: try call.checkString(1, "hub.register_image"), byteCount: try call.checkInt(2, "hub.register_image"))
            return 0
        }
        stack.setRawField(-2, "register_image")
        LuaBridge.pushFunction(stack) { [unowned self] call in try self.registerSchema(call) }
        stack.setRawField(-2, "schema")
        stack.newTable(record: 3)
        LuaBridge.pushFunction(stack) { call in
            let pretty = call.boolean(at: 2)
            call.push(try call.encodable(at: 1).serialized(pretty: pretty))
            return 1
        }
        stack.setRawField(-2, "encode")
        LuaBridge.pushFunction(stack) { call in
            call.push(json: try call.jsonArgument(1, function: "hub.json.decode"))
            return 1
        }
        stack.setRawField(-2, "decode")
        LuaBridge.pushFunction(stack) { [unowned self] call in
            let value = try call.jsonArgument(1, function: "hub.json.decode_view_model")
            let schema = self.schemas.schema(for: try call.optionalString(2, field: "schema"))
            let builder = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true), schema: schema)
            do {
                try builder.addJSON(value: value)
            } catch {
                throw LuaRaise(message: "hub.json.decode_view_model: \(ContentError.from(error).message)")
            }
            call.push(viewModel: builder.build())
            return 1
        }
        stack.setRawField(-2, "decode_view_model")
        stack.setRawField(-2, "json")
    }

    /// `hub.schema { id = ..., extends = "default", view = {...}, ... }`.
    private func registerSchema(_ call: LuaStack) throws -> Int32 {
        try call.checkTable(1, "hub.schema")
        guard let identifier = try call.stringField(1, "id") else {
            throw LuaRaise(message: "hub.schema needs a string 'id'")
        }
        let base = try call.stringField(1, "extends") ?? "default"
        guard var schema = base == "default" ? schemas.createNewSchema() : schemas.copySchema(base) else {
            throw LuaRaise(message: "hub.schema '\(identifier)': unknown schema '\(base)' to extend")
        }
        try schemaBuilder?.apply(call, spec: 1, to: &schema)
        do {
            try schemas.register(schema, identifier: identifier)
        } catch {
            throw LuaRaise(message: error.message)
        }
        return 0
    }

    /// `hub.after(ms, fn)`: calls `fn` on the event loop after `ms` milliseconds.
    private func scheduleCallback(_ call: LuaStack) throws -> Int32 {
        let milliseconds = try call.checkInt(1, "hub.after")
        guard call.type(at: 2) == LUA_TFUNCTION else {
            throw LuaRaise(message: "bad argument #2 to 'hub.after' (function expected, got \(call.typeName(at: 2)))")
        }
        let location = call.location(level: 1)
        call.pushValue(2)
        let reference = lua.reference()
        loop.schedule(after: milliseconds) { [weak self] in
            guard let self else { return }
            self.lua.pushReference(reference)
            self.lua.release(reference)
            do {
                try self.lua.call(arguments: 0, results: 0)
            } catch {
                self.report("hub.after callback from \(location)\(error)")
            }
        }
        return 0
    }

    /// The list of operations at argument 1, as a factory of fresh instances per view.
    private func operationList(_ call: LuaStack, owner: String) throws -> LuaFeatureOperations {
        try call.checkTable(1, owner)
        var entries: [LuaFeatureOperations.Entry] = []
        for position in stride(from: 1, through: call.rawLength(1), by: 1) {
            call.rawIndex(1, position)
            entries.append(try operationEntry(call, feature: owner, position: position))
        }
        return LuaFeatureOperations(runtime: self, feature: owner, entries: entries)
    }

    /// Creates the environment of folder `index` and keeps it.
    private func makeEnvironment(forFolder index: Int) throws {
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

    // MARK: Features

    /// An error loading feature folders; each entry names the folder and `file:line`.
    public struct LoadError: Error, CustomStringConvertible {
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// Loads every feature folder at `path` (a feature folder, or a folder of them). Returns the
    /// identifiers of the features registered; throws when a folder failed (others still load).
    @discardableResult
    public func loadFeatures(at path: String) throws -> [String] {
        let discovered = FeatureFolder.discover(at: path)
        guard !discovered.isEmpty else { throw LoadError(messages: ["no feature.lua found under '\(path)'"]) }
        let before = Set(features.all.map(\.identifier))
        var messages: [String] = []
        for folder in discovered {
            folders.append(folder)
            let index = folders.count - 1
            do {
                try makeEnvironment(forFolder: index)
                try runFile("feature.lua", folder: index)
            } catch {
                messages.append("feature folder '\(folder.displayPath)': \(error)")
            }
        }
        if !messages.isEmpty { throw LoadError(messages: messages) }
        return features.all.map(\.identifier).filter { !before.contains($0) }
    }

    /// The feature folders loaded so far, as (index, display path, absolute path).
    var loadedFolders: [(index: Int, displayPath: String, path: String)] {
        folders.enumerated().map { ($0.offset, $0.element.displayPath, $0.element.path) }
    }

    private func registerFeature(_ call: LuaStack, folder index: Int) throws -> Int32 {
        try call.checkTable(1, "hub.feature")
        call.rawField(1, "id")
        let identifier = try call.checkFieldString(-1, field: "id")
        call.pop()
        let title = try call.stringField(1, "title") ?? identifier
        let predicate = try uriPredicate(call)
        call.rawField(1, "operations")
        defer { call.pop() }
        guard call.type(at: -1) == LUA_TTABLE, call.rawLength(-1) > 0 else {
            throw LuaRaise(message: "feature '\(identifier)': 'operations' must be a non-empty list")
        }
        var entries: [LuaFeatureOperations.Entry] = []
        let list = call.absolute(-1)
        for position in 1...call.rawLength(list) {
            call.rawIndex(list, position)
            entries.append(try operationEntry(call, feature: identifier, position: position))
        }
        let registration = FeatureRegistration(
            identifier: identifier, viewURIPredicate: predicate, title: title,
            contentOperationFactories: [LuaFeatureOperations(runtime: self, feature: identifier, entries: entries)],
            contentReloadPolicy: try reloadPolicy(call, feature: identifier),
            customJSONSchemaIdentifier: try call.stringField(1, "schema"))
        do {
            try features.register(registration)
        } catch {
            throw LuaRaise(message: error.message)
        }
        featureFolders[identifier] = index
        return 0
    }

    /// The feature's `reload_policy` function as a content reload policy, or nil.
    private func reloadPolicy(_ call: LuaStack, feature: String) throws -> (any ContentReloadPolicy)? {
        call.rawField(1, "reload_policy")
        if call.isNil(-1) {
            call.pop()
            return nil
        }
        guard call.type(at: -1) == LUA_TFUNCTION else {
            defer { call.pop() }
            throw LuaRaise(message: "feature '\(feature)': 'reload_policy' must be a function(uri, current_view_model)")
        }
        return LuaReloadPolicy(runtime: self, reference: lua.reference(), feature: feature)
    }

    private func uriPredicate(_ call: LuaStack) throws -> ViewURIPredicate {
        call.rawField(1, "uri")
        defer { call.pop() }
        if let uri = call.string(at: -1) { return .exact(uri) }
        call.rawField(1, "uri_prefix")
        defer { call.pop() }
        if let prefix = call.string(at: -1) { return .root(prefix) }
        call.rawField(1, "uri_match")
        guard call.type(at: -1) == LUA_TFUNCTION else {
            call.pop()
            throw LuaRaise(message: "a feature needs 'uri', 'uri_prefix' or 'uri_match'")
        }
        let reference = lua.reference()
        call.pushNil()
        return ViewURIPredicate { [unowned self] uri in
            self.callFunction(reference, context: "uri_match", arguments: { $0.push(uri); return 1 }) {
                $0.boolean(at: -1)
            } ?? false
        }
    }

    /// Turns the value on top (popped) into an operation entry.
    private func operationEntry(_ call: LuaStack, feature: String, position: Int) throws -> LuaFeatureOperations.Entry {
        if call.type(at: -1) == LUA_TTABLE {
            call.rawField(-1, "__hub_factory")
            if call.type(at: -1) == LUA_TFUNCTION {
                clua_remove(call.L, -2)
                return .factory(lua.reference())
            }
            call.pop()
        }
        guard call.type(at: -1) == LUA_TTABLE || call.type(at: -1) == LUA_TFUNCTION else {
            let kind = call.typeName(at: -1)
            call.pop()
            throw LuaRaise(message: "feature '\(feature)': operations[\(position)] must be an operation, a function or hub.factory(...), got \(kind)")
        }
        try normalizeOperation(call, index: call.top)
        return .operation(lua.reference())
    }

    /// `hub.operation(spec)`: checks an operation table (or function) and gives it a name.
    private func defineOperation(_ call: LuaStack) throws -> Int32 {
        guard call.type(at: 1) == LUA_TTABLE || call.type(at: 1) == LUA_TFUNCTION else {
            throw LuaRaise(message: "bad argument #1 to 'hub.operation' (table or function expected, got \(call.typeName(at: 1)))")
        }
        call.pushValue(1)
        try normalizeOperation(call, index: call.top)
        return 1
    }

    /// Replaces the function or table at `index` with a checked operation table.
    private func normalizeOperation(_ call: LuaStack, index: Int32) throws {
        if call.type(at: index) == LUA_TFUNCTION {
            call.newTable(record: 2)
            call.pushValue(index)
            call.setRawField(-2, "perform")
            lua_copy(call.L, -1, index)
            call.pop()
        }
        call.rawField(index, "perform")
        guard call.type(at: -1) == LUA_TFUNCTION else {
            call.pop()
            throw LuaRaise(message: "an operation needs a 'perform' function")
        }
        let derivedName = functionSourceName(call)
        for optional in ["initial", "append", "on_action"] {
            call.rawField(index, optional)
            defer { call.pop() }
            guard call.isNil(-1) || call.type(at: -1) == LUA_TFUNCTION else {
                throw LuaRaise(message: "operation field '\(optional)' must be a function, got \(call.typeName(at: -1))")
            }
        }
        call.rawField(index, "name")
        let name = try call.optionalString(-1, field: "name")
        call.pop()
        if name == nil {
            call.push(derivedName)
            call.setRawField(index, "name")
        }
    }

    /// The base name of the file defining the function on top (popped), e.g. `rows`.
    private func functionSourceName(_ call: LuaStack) -> String {
        var info = lua_Debug()
        guard lua_getinfo(call.L, ">S", &info) != 0, let source = info.source else { return "operation" }
        let text = String(cString: source)
        guard text.hasPrefix("@") else { return "operation" }
        let file = (String(text.dropFirst()) as NSString).lastPathComponent
        let line = Int(info.linedefined)
        let base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return base == "feature" ? "\(base):\(line)" : base
    }

    // MARK: Components

    /// `hub.component { id = "ns:name", ... }`.
    private func registerComponent(_ call: LuaStack, folder index: Int) throws -> Int32 {
        try call.checkTable(1, "hub.component")
        call.rawField(1, "id")
        let idText = try call.checkFieldString(-1, field: "id")
        call.pop()
        guard let identifier = Identifier(string: idText) else {
            throw LuaRaise(message: "component id must be 'namespace:name', got '\(idText)'")
        }
        let spec = try componentSpec(call, at: 1, name: idText)
        try componentFactory(for: identifier.namespace, folder: index).define(name: identifier.name, spec: spec)
        return 0
    }

    /// `hub.components("ns", function(name) return spec_or_nil end)`.
    private func registerComponentResolver(_ call: LuaStack, folder index: Int) throws -> Int32 {
        let namespace = try call.checkString(1, "hub.components")
        guard call.type(at: 2) == LUA_TFUNCTION else {
            throw LuaRaise(message: "bad argument #2 to 'hub.components' (function(name) expected, got \(call.typeName(at: 2)))")
        }
        let factory = try componentFactory(for: namespace, folder: index)
        call.pushValue(2)
        factory.resolver = lua.reference()
        return 0
    }

    /// The factory of `namespace`, created and registered if new; another folder's is an error.
    private func componentFactory(for namespace: String, folder index: Int) throws -> LuaComponentFactory {
        let owner = folders[index].displayPath
        if let existing = componentFactories[namespace] {
            guard existing.owner == owner else {
                throw LuaRaise(message: "component namespace '\(namespace)' belongs to '\(existing.owner)'")
            }
            return existing
        }
        let factory = LuaComponentFactory(runtime: self, namespace: namespace, owner: owner)
        do {
            try components.register(factory, forNamespace: namespace)
        } catch {
            throw LuaRaise(message: error.message)
        }
        componentFactories[namespace] = factory
        return factory
    }

    /// Checks the component table at `index` and keeps it: traits, `size` and `render`, and
    /// which optional functions it has.
    private func componentSpec(_ call: LuaStack, at index: Int32, name: String) throws -> LuaComponentFactory.Spec {
        let table = call.absolute(index)
        var traits: Set<LayoutTrait> = []
        call.rawField(table, "traits")
        defer { call.pop() }
        if call.type(at: -1) == LUA_TTABLE {
            for position in stride(from: 1, through: call.rawLength(-1), by: 1) {
                call.rawIndex(-1, position)
                defer { call.pop() }
                traits.insert(LayoutTrait(rawValue: try call.checkFieldString(-1, field: "traits[\(position)]")))
            }
        } else if !call.isNil(-1) {
            throw LuaRaise(message: "component '\(name)': 'traits' must be a list of strings, got \(call.typeName(at: -1))")
        }
        for function in ["size", "render"] {
            call.rawField(table, function)
            defer { call.pop() }
            guard call.type(at: -1) == LUA_TFUNCTION else {
                throw LuaRaise(message: "component '\(name)' needs a '\(function)' function")
            }
        }
        var functions: Set<String> = []
        for function in LuaComponent.optionalFunctions {
            call.rawField(table, function)
            defer { call.pop() }
            if call.type(at: -1) == LUA_TFUNCTION {
                functions.insert(function)
            } else if !call.isNil(-1) {
                throw LuaRaise(message: "component '\(name)': '\(function)' must be a function, got \(call.typeName(at: -1))")
            }
        }
        call.pushValue(table)
        return LuaComponentFactory.Spec(reference: lua.reference(), traits: traits, functions: functions)
    }

    /// Asks a `hub.components` function for the component `name`; nil when it has none.
    func resolveComponent(_ resolver: Int32, name: String, namespace: String) -> LuaComponentFactory.Spec? {
        callFunction(resolver, context: "components '\(namespace)'", arguments: { $0.push(name); return 1 }) { stack in
            guard stack.type(at: -1) == LUA_TTABLE else { return nil }
            do {
                return try componentSpec(stack, at: -1, name: "\(namespace):\(name)")
            } catch {
                report("components '\(namespace)': \(error)")
                return nil
            }
        }
    }

    /// Calls the Lua function `reference` keeps with what `arguments` pushes (it returns how
    /// many) and reads the one result with `read`; a script error is reported as
    /// `context: error` and gives nil.
    func callFunction<Result>(
        _ reference: Int32, context: String, arguments: (LuaStack) -> Int32, read: (LuaStack) -> Result?
    ) -> Result? {
        let stack = lua.stack
        stack.pushReference(reference)
        let count = arguments(stack)
        do {
            try lua.call(arguments: count, results: 1)
        } catch {
            report("\(context): \(error)")
            return nil
        }
        defer { stack.pop() }
        return read(stack)
    }

    // MARK: Screens

    /// A screen for `uri`, after its first load finished (or nothing more can happen). With
    /// `options.load` false, it shows the initial view model and does not load.
    public func open(
        _ uri: String, options: ScreenOptions = ScreenOptions(),
        connectivity: ManualConnectivityStateResolver = ManualConnectivityStateResolver()
    ) throws -> Screen {
        let factory = ViewModelLoaderFactory(
            featureRegistry: features, prependedFactories: prependedOperations, appendedFactories: appendedOperations,
            connectivityResolver: { connectivity }, configuration: BuilderConfiguration(resolvesIcons: true),
            schemaRegistry: schemas)
        guard let loader = try factory.createLoader(forViewURI: uri) else {
            throw RegistrationError("no feature handles the view URI '\(uri)'")
        }
        let folder = featureFolders[loader.featureInfo.identifier].map { folders[$0].path }
        let imageLoader = OfflineImageLoader(loop: loop, folder: folder, registry: images)
        let host = ComponentHost(registry: components, imageLoader: imageLoader) { [loop] in loop.now }
        let renderer = ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: options.margin))
        let screen = Screen(viewURI: uri, loader: loader, renderer: renderer)
        if options.load {
            screen.appear()
            settle(screen)
        } else {
            screen.showInitialContent()
        }
        return screen
    }

    /// Runs the event loop until the screen's loader has drained its queue (or nothing is left).
    public func settle(_ screen: Screen) {
        loop.run { !screen.loader.isLoading }
    }

    private func openScreen(_ call: LuaStack) throws -> Int32 {
        let uri = try call.checkString(1, "hub.open")
        var options = ScreenOptions()
        let connectivity = ManualConnectivityStateResolver()
        if call.type(at: 2) == LUA_TTABLE {
            options.width = try call.integerField(2, "width") ?? options.width
            options.height = try call.integerField(2, "height")
            options.margin = try call.integerField(2, "margin") ?? options.margin
            options.load = call.booleanField(2, "load") ?? true
            call.rawField(2, "connectivity")
            if !call.isNil(-1) { connectivity.state = try connectivityState(call, at: -1) }
            call.pop()
        }
        let screen: Screen
        do {
            screen = try open(uri, options: options, connectivity: connectivity)
        } catch {
            throw LuaRaise(message: String(describing: error))
        }
        screenClass.push(call, LuaScreen(screen: screen, options: options, connectivity: connectivity))
        return 1
    }

    private func connectivityState(_ call: LuaStack, at index: Int32) throws -> ConnectivityState {
        guard let text = call.string(at: index), let state = ConnectivityState(rawValue: text) else {
            throw LuaRaise(message: "connectivity must be \"online\" or \"offline\"")
        }
        return state
    }

    /// The index of the operation named by argument `index` (a name, or a 1-based position).
    private func operationIndex(_ call: LuaStack, at index: Int32, in screen: Screen, function: String) throws -> Int {
        let operations = screen.loader.contentOperations
        if let position = call.integer(at: index) {
            guard operations.indices.contains(position - 1) else {
                throw LuaRaise(message: "'\(function)': no operation at position \(position) (the chain has \(operations.count))")
            }
            return position - 1
        }
        let name = try call.checkString(index, function)
        guard let found = operations.firstIndex(where: { $0.name == name }) else {
            let names = operations.map(\.name).joined(separator: ", ")
            throw LuaRaise(message: "'\(function)': no operation named '\(name)' (the chain has: \(names))")
        }
        return found
    }

    private func defineScreen() {
        screenClass.property("uri") { $0.push($1.screen.viewURI) }
        screenClass.property("model") { $0.push(viewModel: $1.screen.viewModel) }
        screenClass.property("error") { [unowned self] in self.push($0, error: $1.screen.lastError) }
        screenClass.property("loading") { $0.push($1.screen.loader.isLoading) }
        screenClass.property("connectivity") { $0.push($1.connectivity.state.rawValue) }
        screenClass.property("chain") { [unowned self] stack, screen in
            let statuses = screen.screen.loader.operationStatuses
            stack.newTable(array: statuses.count)
            for (offset, status) in statuses.enumerated() {
                stack.newTable(record: 4)
                stack.push(status.name); stack.setRawField(-2, "name")
                stack.push(status.phase.rawValue); stack.setRawField(-2, "status")
                self.push(stack, error: status.error); stack.setRawField(-2, "error")
                stack.push(status.runs); stack.setRawField(-2, "runs")
                stack.setRawIndex(-2, offset + 1)
            }
        }
        screenClass.method("render") { stack, screen in
            var options = RenderOptions(width: screen.options.width, height: screen.options.height)
            if stack.type(at: 2) == LUA_TTABLE {
                options.width = try stack.integerField(2, "width") ?? options.width
                options.height = try stack.integerField(2, "height") ?? options.height
                options.ascii = stack.booleanField(2, "ascii") ?? false
                options.color = stack.booleanField(2, "color") ?? false
            }
            stack.push(screen.screen.render(options))
            return 1
        }
        screenClass.method("frames") { stack, screen in
            let layout = screen.screen.layout(width: screen.options.width, viewportHeight: screen.viewportHeight)
            let model = screen.screen.viewModel
            func pushFrame(_ model: ComponentModel, _ rect: Rect) {
                stack.newTable(record: 5)
                stack.push(model.identifier); stack.setRawField(-2, "id")
                stack.push(rect.x); stack.setRawField(-2, "x")
                stack.push(rect.y); stack.setRawField(-2, "y")
                stack.push(rect.width); stack.setRawField(-2, "width")
                stack.push(rect.height); stack.setRawField(-2, "height")
            }
            func pushFrames(_ models: [ComponentModel], _ rects: [Rect]) {
                stack.newTable(array: rects.count)
                for (offset, (model, rect)) in zip(models, rects).enumerated() {
                    pushFrame(model, rect)
                    stack.setRawIndex(-2, offset + 1)
                }
            }
            stack.newTable(record: 4)
            if let header = model.header, let rect = layout.header { pushFrame(header, rect) } else { stack.pushNil() }
            stack.setRawField(-2, "header")
            pushFrames(model.body, layout.body)
            stack.setRawField(-2, "body")
            pushFrames(model.overlays, layout.overlays)
            stack.setRawField(-2, "overlays")
            stack.push(layout.contentHeight)
            stack.setRawField(-2, "content_height")
            return 1
        }
        screenClass.method("scroll") { stack, screen in
            let rows = try stack.checkInt(2, "scroll")
            let viewport = screen.viewportHeight ?? screen.screen.layout(width: screen.options.width).contentHeight
            stack.push(screen.screen.scroll(by: rows, width: screen.options.width, viewportHeight: viewport))
            return 1
        }
        let settling: (String, @escaping (LuaStack, LuaScreen) throws -> Void) -> Void = { [unowned self] name, action in
            self.screenClass.method(name) { stack, screen in
                try action(stack, screen)
                self.settle(screen.screen)
                stack.pushValue(1)
                return 1
            }
        }
        settling("load") { _, screen in screen.screen.appear() }
        settling("reload") { _, screen in screen.screen.reload() }
        settling("scroll_to_end") { _, screen in screen.screen.loadNextPage() }
        settling("reschedule") { [unowned self] stack, screen in
            let index = try self.operationIndex(stack, at: 2, in: screen.screen, function: "reschedule")
            screen.screen.loader.rescheduleOperation(at: index)
        }
        settling("set_connectivity") { [unowned self] stack, screen in
            screen.connectivity.update(try self.connectivityState(stack, at: 2))
        }
        settling("perform") { stack, screen in
            let text = try stack.checkString(2, "perform")
            guard let identifier = Identifier(string: text) else {
                throw LuaRaise(message: "bad argument #1 to 'perform' ('namespace:name' expected, got '\(text)')")
            }
            let custom = try stack.jsonDictionary(at: 3, field: "custom")
            screen.screen.performAction(identifier, customData: custom, trigger: .contentOperation, component: nil)
        }
        screenClass.method("snapshot") { [unowned self] stack, screen in
            let index = try self.operationIndex(stack, at: 2, in: screen.screen, function: "snapshot")
            guard let snapshot = screen.screen.loader.inputSnapshot(ofOperationAt: index) else {
                stack.pushNil()
                return 1
            }
            stack.push(viewModel: snapshot.build())
            return 1
        }
    }

    // MARK: Running operations

    private func defineContext() {
        contextClass.property("uri") { $0.push($1.viewURI) }
        contextClass.property("feature") { stack, run in
            stack.newTable(record: 2)
            stack.push(run.featureInfo.identifier)
            stack.setRawField(-2, "id")
            stack.push(run.featureInfo.title)
            stack.setRawField(-2, "title")
        }
        contextClass.property("connectivity") { $0.push($1.connectivityState.rawValue) }
        contextClass.property("view") { [bindings] stack, run in
            if let builder = run.builder { bindings.view.push(stack, builder) } else { stack.pushNil() }
        }
        contextClass.property("state") { $1.operation.pushState($0) }
        contextClass.property("page") { stack, run in
            if let page = run.context?.pageIndex { stack.push(page) } else { stack.pushNil() }
        }
        contextClass.property("error") { [unowned self] stack, run in
            self.push(stack, error: run.context?.previousError)
        }
        contextClass.method("finish") { _, run in
            run.context?.finish()
            return 0
        }
        contextClass.method("fail") { stack, run in
            run.context?.fail(try self.contentError(stack, run: run))
            return 0
        }
        contextClass.method("reschedule") { _, run in
            run.operation.handle?.reschedule()
            return 0
        }
        contextClass.method("perform_action") { stack, run in
            let text = try stack.checkString(2, "perform_action")
            guard let identifier = Identifier(string: text) else {
                throw LuaRaise(message: "bad argument #1 to 'perform_action' ('namespace:name' expected, got '\(text)')")
            }
            let custom = try stack.jsonDictionary(at: 3, field: "custom")
            stack.push(run.operation.handle?.performAction(identifier, customData: custom) ?? false)
            return 1
        }
    }

    /// Pushes a content error as a table (`message`, `domain`, `code`, `location`, `feature`,
    /// `operation`, `traceback`) whose `tostring` is the full description; nil for nil.
    func push(_ stack: LuaStack, error: ContentError?) {
        guard let error else { return stack.pushNil() }
        stack.newTable(record: 8)
        stack.push(error.message); stack.setRawField(-2, "message")
        stack.push(error.domain); stack.setRawField(-2, "domain")
        stack.push(error.code); stack.setRawField(-2, "code")
        stack.push(optional: error.location); stack.setRawField(-2, "location")
        stack.push(optional: error.feature); stack.setRawField(-2, "feature")
        stack.push(optional: error.operation); stack.setRawField(-2, "operation")
        stack.push(optional: error.traceback); stack.setRawField(-2, "traceback")
        stack.push(error.description); stack.setRawField(-2, "text")
        stack.pushReference(errorMetatable)
        lua_setmetatable(stack.L, -2)
    }

    /// The error `ctx:fail(...)` was given: a message, or a table with `message`, `domain`, `code`.
    private func contentError(_ stack: LuaStack, run: LuaOperationRun) throws -> ContentError {
        let (location, _) = LuaError.splitLocation(stack.location(level: 1))
        var error = ContentError(
            domain: "hub.lua", message: "operation failed", location: location.map { String($0) },
            feature: run.featureInfo.identifier, operation: run.operation.name)
        if let message = stack.string(at: 2) {
            error.message = message
        } else if stack.type(at: 2) == LUA_TTABLE {
            error.message = try stack.stringField(2, "message") ?? error.message
            error.domain = try stack.stringField(2, "domain") ?? error.domain
            error.code = try stack.integerField(2, "code") ?? error.code
        }
        return error
    }

    /// Runs `function` of `operation` as a coroutine for one run of the chain.
    func run(_ operation: LuaContentOperation, function: String, context: ContentOperationContext, page: Int?) {
        let run = LuaOperationRun(operation: operation, context: context)
        let stack = lua.stack
        guard let thread = lua_newthread(lua.L) else {
            context.fail(ContentError(domain: "hub.lua", message: "out of memory", feature: run.featureInfo.identifier, operation: operation.name))
            return
        }
        let threadReference = lua.reference()
        operation.pushFunction(stack, function)
        contextClass.push(stack, run)
        var arguments: Int32 = 1
        if let page {
            stack.push(page)
            arguments += 1
        }
        lua_xmove(lua.L, thread, arguments + 1)
        resume(thread, reference: threadReference, run: run, arguments: arguments)
    }

    private func resume(_ thread: OpaquePointer, reference: Int32, run: LuaOperationRun, arguments: Int32) {
        let threadStack = LuaStack(thread)
        let (status, results) = lua.resume(thread, arguments: arguments)
        switch status {
        case LUA_OK:
            lua.release(reference)
            if let context = run.context, !context.isCompleted { context.finish() }
        case LUA_YIELD:
            let first = threadStack.top - results + 1
            if results >= 2 && isToken(sleepToken, in: thread, at: first) {
                let milliseconds = threadStack.integer(at: first + 1) ?? 0
                threadStack.pop(results)
                loop.schedule(after: milliseconds) { [weak self] in
                    self?.resume(thread, reference: reference, run: run, arguments: 0)
                }
            } else if results >= 2 && isToken(awaitToken, in: thread, at: first) {
                lua_xmove(thread, lua.L, 1)
                threadStack.pop(results - 1)
                startAwait(thread, reference: reference, run: run)
            } else {
                threadStack.pop(results)
                lua.release(reference)
                fail(run, LuaError(message: "operation yielded outside hub.sleep and hub.await"))
            }
        default:
            let message = threadStack.string(at: -1) ?? "(error object is a \(threadStack.typeName(at: -1)) value)"
            luaL_traceback(lua.L, thread, message, 0)
            let error = LuaError(raw: lua.string(at: -1) ?? message)
            lua.pop()
            threadStack.pop()
            lua.release(reference)
            fail(run, error)
        }
    }

    private func isToken(_ token: Int32, in thread: OpaquePointer, at index: Int32) -> Bool {
        lua_rawgeti(thread, CLUA_REGISTRYINDEX, lua_Integer(token))
        defer { LuaStack(thread).pop() }
        return lua_rawequal(thread, index, -1) != 0
    }

    /// Calls the `start(done)` function on top of the main stack (popped); the first call of
    /// `done(...)` resumes the suspended operation with its arguments, on the next loop turn.
    private func startAwait(_ thread: OpaquePointer, reference: Int32, run: LuaOperationRun) {
        var resumed = false
        LuaBridge.pushFunction(lua.stack) { [weak self] call in
            guard let self, !resumed else { return 0 }
            resumed = true
            let count = call.top
            lua_xmove(call.L, thread, count)
            self.loop.schedule(after: 0) { [weak self] in
                self?.resume(thread, reference: reference, run: run, arguments: count)
            }
            return 0
        }
        do {
            try lua.call(arguments: 1, results: 0)
        } catch {
            lua.release(reference)
            fail(run, error)
        }
    }

    /// Calls `on_action(ctx, action)` of `operation`, if it has one.
    func runActionObserver(
        _ operation: LuaContentOperation, action: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState
    ) {
        guard operation.hasFunction("on_action") else { return }
        let stack = lua.stack
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: action.viewURI, featureInfo: featureInfo, builder: nil,
            connectivityState: connectivityState)
        operation.pushFunction(stack, "on_action")
        contextClass.push(stack, run)
        stack.newTable(record: 4)
        stack.push(optional: action.customActionIdentifier?.description); stack.setRawField(-2, "id")
        stack.push(action.trigger.rawValue); stack.setRawField(-2, "trigger")
        stack.push(optionalJSON: action.customData); stack.setRawField(-2, "custom")
        if let component = action.componentModel { stack.push(model: component) } else { stack.pushNil() }
        stack.setRawField(-2, "component")
        do {
            try lua.call(arguments: 2, results: 0)
        } catch {
            report(run.error(from: error).description)
        }
    }

    private func fail(_ run: LuaOperationRun, _ error: LuaError) {
        let contentError = run.error(from: error)
        if let context = run.context, !context.isCompleted {
            context.fail(contentError)
        } else {
            report(contentError.description)
        }
    }

    /// Runs `initial(ctx)` of `operation` synchronously.
    func runInitial(_ operation: LuaContentOperation, viewURI: String, builder: ViewModelBuilder) {
        let stack = lua.stack
        let info = features.registration(forViewURI: viewURI)?.featureInfo ?? FeatureInfo(identifier: operation.featureIdentifier, title: "")
        let run = LuaOperationRun(
            operation: operation, context: nil, viewURI: viewURI, featureInfo: info, builder: builder, connectivityState: .online)
        operation.pushFunction(stack, "initial")
        contextClass.push(stack, run)
        do {
            try lua.call(arguments: 1, results: 0)
        } catch {
            report(run.error(from: error).description)
        }
    }
}

/// A screen as Lua sees it, with its render options and its connectivity resolver.
final class LuaScreen {
    let screen: Screen
    let options: HubRuntime.ScreenOptions
    let connectivity: ManualConnectivityStateResolver

    init(screen: Screen, options: HubRuntime.ScreenOptions, connectivity: ManualConnectivityStateResolver) {
        self.screen = screen
        self.options = options
        self.connectivity = connectivity
    }

    /// The body's viewport height when the screen has a fixed height.
    var viewportHeight: Int? {
        options.height.map { max(0, $0 - screen.renderer.navigationBarHeight(for: screen.viewModel)) }
    }
}

/// The content operation factory of a Lua feature: fresh operation instances per view.
final class LuaFeatureOperations: ContentOperationFactory {
    enum Entry {
        /// A registry reference to an operation table.
        case operation(Int32)
        /// A registry reference to a `function(uri) -> { operations }`.
        case factory(Int32)
    }

    private unowned let runtime: HubRuntime
    private let feature: String
    private let entries: [Entry]

    init(runtime: HubRuntime, feature: String, entries: [Entry]) {
        self.runtime = runtime
        self.feature = feature
        self.entries = entries
    }

    func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation] {
        var operations: [any ContentOperation] = []
        for entry in entries {
            switch entry {
            case .operation(let reference):
                operations.append(makeOperation(reference))
            case .factory(let reference):
                operations += runFactory(reference, viewURI: viewURI)
            }
        }
        return operations
    }

    private func makeOperation(_ reference: Int32) -> LuaContentOperation {
        let stack = runtime.lua.stack
        runtime.lua.pushReference(reference)
        defer { stack.pop() }
        stack.rawField(-1, "name")
        let name = stack.string(at: -1) ?? "operation"
        stack.pop()
        stack.rawField(-1, "initial")
        let hasInitial = stack.type(at: -1) == LUA_TFUNCTION
        stack.pop()
        stack.rawField(-1, "append")
        let hasAppend = stack.type(at: -1) == LUA_TFUNCTION
        stack.pop()
        return LuaContentOperation(
            runtime: runtime, specReference: reference, name: name, featureIdentifier: feature, hasInitial: hasInitial,
            hasAppend: hasAppend)
    }

    private func runFactory(_ reference: Int32, viewURI: String) -> [any ContentOperation] {
        let stack = runtime.lua.stack
        runtime.lua.pushReference(reference)
        stack.push(viewURI)
        do {
            try runtime.lua.call(arguments: 1, results: 1)
        } catch {
            return [FailingOperation(name: "factory", error: ContentError(domain: "hub.lua", message: error.message, location: error.location, feature: feature, operation: "factory"))]
        }
        defer { stack.pop() }
        guard stack.type(at: -1) == LUA_TTABLE else {
            return [FailingOperation(name: "factory", error: ContentError(domain: "hub.lua", message: "hub.factory function must return a list of operations", feature: feature, operation: "factory"))]
        }
        var operations: [any ContentOperation] = []
        let list = stack.absolute(-1)
        for position in stride(from: 1, through: stack.rawLength(list), by: 1) {
            stack.rawIndex(list, position)
            guard stack.type(at: -1) == LUA_TTABLE || stack.type(at: -1) == LUA_TFUNCTION else {
                stack.pop()
                continue
            }
            if stack.type(at: -1) == LUA_TFUNCTION {
                stack.newTable(record: 2)
                clua_insert(stack.L, -2)
                stack.setRawField(-2, "perform")
                stack.push("factory")
                stack.setRawField(-2, "name")
            }
            operations.append(makeOperation(runtime.lua.reference()))
        }
        return operations
    }
}

/// A feature's `reload_policy(uri, current_view_model)`; a script error counts as "reload".
final class LuaReloadPolicy: ContentReloadPolicy {
    private unowned let runtime: HubRuntime
    private let reference: Int32
    private let feature: String

    init(runtime: HubRuntime, reference: Int32, feature: String) {
        self.runtime = runtime
        self.reference = reference
        self.feature = feature
    }

    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool {
        let arguments: (LuaStack) -> Int32 = { stack in
            stack.push(viewURI)
            stack.push(viewModel: currentViewModel)
            return 2
        }
        return runtime.callFunction(reference, context: "feature '\(feature)': reload_policy", arguments: arguments) {
            $0.boolean(at: -1)
        } ?? true
    }
}

/// An operation standing in for one that could not be created: it always fails with `error`.
final class FailingOperation: ContentOperation {
    let name: String
    private let error: ContentError

    init(name: String, error: ContentError) {
        self.name = name
        self.error = error
    }

    func perform(_ context: ContentOperationContext) {
        context.fail(error)
    }
}

extension HubRuntime {
    /// Runs `source` in the environment of the loaded feature folder whose path ends with
    /// `folderSuffix` (globals persist between calls) and returns its first result as JSON.
    public func evaluate(_ source: String, inFolder folderSuffix: String, chunkName: String = "=eval") throws -> JSONValue {
        guard let folder = loadedFolders.first(where: { $0.path.hasSuffix(folderSuffix) }) else {
            throw LuaError(message: "no loaded feature folder ends with '\(folderSuffix)'")
        }
        try lua.load(source, chunkName: chunkName)
        lua.pushReference(environments[folder.index])
        guard lua_setupvalue(lua.L, -2, 1) != nil else {
            lua.pop()
            throw LuaError(message: "cannot set the environment of \(chunkName)")
        }
        try lua.call(arguments: 0, results: 1)
        defer { lua.pop() }
        do {
            return try lua.stack.json(at: -1)
        } catch {
            return .string("<\(lua.typeName(at: -1))>")
        }
    }
}

extension HubRuntime {
    /// Runs the Lua file at `path` in an environment of its folder (e.g. to register schemas).
    public func runScript(at path: String) throws {
        let folder = FeatureFolder(path: (path as NSString).deletingLastPathComponent)
        folders.append(folder)
        let index = folders.count - 1
        try makeEnvironment(forFolder: index)
        try runFile((path as NSString).lastPathComponent, folder: index)
    }

    /// The view model that JSON `bytes` describe in the schema `schema` (default: the default
    /// schema). Errors name `source` with line and column.
    public func viewModel(fromJSON bytes: [UInt8], source: String, schema: String? = nil) throws(ContentError) -> ViewModel {
        let builder = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true), schema: schemas.schema(for: schema))
        try bytes.withUnsafeBufferPointer { buffer throws(ContentError) in try builder.addJSON(bytes: buffer, source: source) }
        return builder.build()
    }

    /// A renderer for view models that belong to no screen, with the runtime's components.
    public func makeRenderer(margin: Int = 1) -> ViewRenderer {
        let host = ComponentHost(registry: components, imageLoader: OfflineImageLoader(loop: loop, registry: images)) { [loop] in loop.now }
        return ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: margin))
    }
}
