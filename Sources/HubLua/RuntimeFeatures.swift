import CLua
import Foundation
import HubCore

// Loading feature folders and registering features and their operations.

extension HubRuntime {
    /// An error loading feature folders; each entry names the folder and `file:line`.
    public struct LoadError: Error, CustomStringConvertible {
        /// One message per problem, e.g. per feature folder that failed to load.
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

    func registerFeature(_ call: LuaStack, folder index: Int) throws -> Int32 {
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
    func reloadPolicy(_ call: LuaStack, feature: String) throws -> (any ContentReloadPolicy)? {
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

    func uriPredicate(_ call: LuaStack) throws -> ViewURIPredicate {
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
    func operationEntry(_ call: LuaStack, feature: String, position: Int) throws -> LuaFeatureOperations.Entry {
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
    func defineOperation(_ call: LuaStack) throws -> Int32 {
        guard call.type(at: 1) == LUA_TTABLE || call.type(at: 1) == LUA_TFUNCTION else {
            throw LuaRaise(message: "bad argument #1 to 'hub.operation' (table or function expected, got \(call.typeName(at: 1)))")
        }
        call.pushValue(1)
        try normalizeOperation(call, index: call.top)
        return 1
    }

    /// Replaces the function or table at `index` with a checked operation table.
    func normalizeOperation(_ call: LuaStack, index: Int32) throws {
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
    func functionSourceName(_ call: LuaStack) -> String {
        var info = lua_Debug()
        guard lua_getinfo(call.L, ">S", &info) != 0, let source = info.source else { return "operation" }
        let text = String(cString: source)
        guard text.hasPrefix("@") else { return "operation" }
        let file = (String(text.dropFirst()) as NSString).lastPathComponent
        let line = Int(info.linedefined)
        let base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return base == "feature" ? "\(base):\(line)" : base
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

    /// Weak: the feature registry may be held after the runtime is gone.
    private weak var runtime: HubRuntime?
    private let feature: String
    private let entries: [Entry]

    init(runtime: HubRuntime, feature: String, entries: [Entry]) {
        self.runtime = runtime
        self.feature = feature
        self.entries = entries
    }

    func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation] {
        guard let runtime else {
            return [FailingOperation(name: feature, error: ContentError(domain: "hub.lua", message: "the Lua runtime is gone", feature: feature))]
        }
        var operations: [any ContentOperation] = []
        for entry in entries {
            switch entry {
            case .operation(let reference):
                operations.append(makeOperation(reference, runtime: runtime))
            case .factory(let reference):
                operations += runFactory(reference, viewURI: viewURI, runtime: runtime)
            }
        }
        return operations
    }

    func makeOperation(_ reference: Int32, runtime: HubRuntime) -> LuaContentOperation {
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

    func runFactory(_ reference: Int32, viewURI: String, runtime: HubRuntime) -> [any ContentOperation] {
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
            operations.append(makeOperation(runtime.lua.reference(), runtime: runtime))
        }
        return operations
    }
}

/// A feature's `reload_policy(uri, current_view_model)`; a script error counts as "reload".
final class LuaReloadPolicy: ContentReloadPolicy {
    /// Weak: a loader (and its policy) may outlive the runtime; then it always reloads.
    private weak var runtime: HubRuntime?
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
        return runtime?.callFunction(reference, context: "feature '\(feature)': reload_policy", arguments: arguments) {
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
