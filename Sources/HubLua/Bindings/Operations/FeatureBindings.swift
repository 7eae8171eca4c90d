import HubCore
import HubRender
internal import LuaBridge

/// Registers Lua features and their chains into the manager: `hub.feature` (per folder),
/// `hub.operation`, `hub.factory`, `hub.prepend_operations` and `hub.append_operations`.
package final class FeatureBindings {
    private let lua: LuaState
    private let manager: HubManager
    private let operations: OperationBindings
    private let actions: ActionBindings
    private let problems: ProblemLog
    /// What each folder registered, by folder path, so that it can be rolled back.
    private var registered: [String: [Registration]] = [:]
    /// The files (chunk names, `@path`) that registered features, by folder path: editing one
    /// reloads its whole folder.
    private(set) var featureSources: [String: Set<String>] = [:]

    /// One registration a folder made into the manager.
    private enum Registration {
        case feature(FeatureRegistration)
        case prepended(LuaFeatureOperations)
        case appended(LuaFeatureOperations)
    }

    /// What whoever runs Hub grants: which folders may add operations to every chain.
    private let grants: GrantsBox
    /// Folders loaded earlier that declared a feature id a later folder declared again: both
    /// fail, so that no folder can take another's id (and its namespace) by loading first.
    /// ``HubRuntime`` rolls them back and takes them from here.
    var contested: [ContestedFolder] = []

    /// Where features were registered, for `hub check`.
    private let ledger: RegistrationLedger
    /// The URI each feature claims by name (its exact `uri`, or its `uri_prefix`), for `hub check`.
    package private(set) var claimedURIs: [String: String] = [:]
    /// The features of ``claimedURIs`` that claim a `uri_prefix`: the URI is the start of their
    /// views', not one of them.
    package private(set) var prefixClaims: Set<String> = []

    init(
        lua: LuaState, manager: HubManager, operations: OperationBindings, actions: ActionBindings, problems: ProblemLog,
        ledger: RegistrationLedger, grants: GrantsBox
    ) {
        self.grants = grants
        self.ledger = ledger
        self.lua = lua
        self.manager = manager
        self.operations = operations
        self.actions = actions
        self.problems = problems
    }

    /// Removes from the manager everything `folder` registered; returns its features.
    @discardableResult
    func rollBack(_ folder: FeatureFolder) -> [FeatureRegistration] {
        featureSources[folder.path] = nil
        var features: [FeatureRegistration] = []
        for registration in registered.removeValue(forKey: folder.path) ?? [] {
            switch registration {
            case .feature(let feature):
                manager.featureRegistry.unregister(feature.identifier)
                claimedURIs[feature.identifier] = nil
                prefixClaims.remove(feature.identifier)
                features.append(feature)
            case .prepended(let factory):
                manager.prependedContentOperationFactories.removeAll { ($0 as? LuaFeatureOperations) === factory }
            case .appended(let factory):
                manager.appendedContentOperationFactories.removeAll { ($0 as? LuaFeatureOperations) === factory }
            }
        }
        return features
    }

    // MARK: hub.feature

    /// The keys of a `hub.feature` table.
    static let featureKeys = [
        "id", "title", "uri", "uri_prefix", "uri_exclude", "uri_match", "operations", "schema", "reload_policy", "action_handler",
        "hosts", "max_response", "store",
    ] + LuaLimits.keys
    /// The keys of a feature's `store` table.
    static let storeKeys = ["shares", "share_with", "max_value", "max_keys"]
    /// The keys of an operation table.
    static let operationKeys = ["name", "perform", "initial", "append", "on_action"] + LuaLimits.keys

    /// `hub.feature { id, title, uri | uri_prefix (and uri_exclude) | uri_match, operations,
    /// schema, reload_policy, action_handler, timeout, max_reschedules, budget }`.
    func registerFeature(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.checkTable(1, "hub.feature")
        try call.chargeMemory(LuaStack.registrationSize)
        let registration = try call.argument(1, "hub.feature") { try featureRegistration(call, folder: folder) }
        do {
            try manager.featureRegistry.register(registration)
        } catch {
            let here = call.location(level: 1)
            guard let first = ledger.first("feature", registration.identifier), first.folder != folder.path else {
                let first = ledger.first("feature", registration.identifier).map { " (at \($0.location))" } ?? ""
                throw LuaRaise(message: error.message + first)
            }
            let second = here.hasSuffix(": ") ? String(here.dropLast(2)) : here
            let rule = "a feature id belongs to one folder, so neither folder loads"
            contested.append(ContestedFolder(
                path: first.folder,
                error: LuaError(
                    message: "feature '\(registration.identifier)' is declared again at \(second): \(rule)", location: first.location)))
            throw LuaRaise(message: "feature '\(registration.identifier)' is declared already at \(first.location): \(rule)")
        }
        registered[folder.path, default: []].append(.feature(registration))
        if let source = call.callerSource() { featureSources[folder.path, default: []].insert(source) }
        ledger.record("feature", registration.identifier, at: call.location(level: 1), folder: folder.path)
        if let uri = try call.stringField(1, "uri") {
            claimedURIs[registration.identifier] = uri
        } else if let prefix = try call.stringField(1, "uri_prefix") {
            claimedURIs[registration.identifier] = prefix
            prefixClaims.insert(registration.identifier)
        }
        return 0
    }

    /// The feature the `hub.feature` table at argument 1 describes.
    private func featureRegistration(_ call: LuaStack, folder: FeatureFolder) throws -> FeatureRegistration {
        call.rawField(1, "id")
        let hasIdentifier = !call.isNil(-1)
        call.pop()
        let typo = hasIdentifier ? "" : TableKeys.misspelling(of: "id", call, table: 1, known: Self.featureKeys)
        guard typo.isEmpty else { throw LuaRaise(message: "hub.feature: a feature needs a string 'id'\(typo)") }
        let identifier = try call.field(1, "id", call.requiredString(at:))
        let owner = "feature '\(identifier)'"
        try TableKeys.check(call, table: 1, known: Self.featureKeys, owner: owner)
        let limits = try LuaLimits(call, table: 1, owner: owner)
        let title = try call.stringField(1, "title") ?? identifier
        let predicate = try uriPredicate(call, feature: identifier)
        call.rawField(1, "operations")
        defer { call.pop() }
        guard call.type(at: -1) == .table, call.rawLength(-1) > 0 else {
            throw LuaRaise(message: "feature '\(identifier)': 'operations' must be a non-empty list")
        }
        let entries = try operationEntries(call, list: call.top, owner: owner)
        var registration = FeatureRegistration(
            identifier: identifier, viewURIPredicate: predicate, title: title,
            contentOperationFactories: [
                LuaFeatureOperations(features: self, runner: operations, feature: identifier, entries: entries, limits: limits)
            ],
            contentReloadPolicy: try reloadPolicy(call, feature: identifier),
            customJSONSchemaIdentifier: try call.stringField(1, "schema"),
            actionHandler: try actionHandler(call, feature: identifier), resourceFolder: folder.path)
        registration.network = try networkPolicy(call, owner: owner)
        registration.store = try storePolicy(call, owner: owner)
        return registration
    }

    /// What the feature's `hosts` (host patterns) and `max_response` (bytes) allow it to fetch.
    private func networkPolicy(_ call: LuaStack, owner: String) throws -> HTTPPolicy {
        var policy = HTTPPolicy()
        let hosts = try call.field(1, "hosts") { try call.optionalStrings(at: $0) } ?? []
        for (position, text) in hosts.enumerated() {
            guard let pattern = HostPattern(text) else {
                throw LuaRaise(message: "\(owner): hosts[\(position + 1)] '\(text)' is not a host: write a host "
                    + "(\"api.example.com\"), a host and port (\"127.0.0.1:8099\"), any port (\"127.0.0.1:*\") or any subdomain "
                    + "(\"*.example.org\"), without a scheme or path")
            }
            policy.hosts.append(pattern)
        }
        if let bytes = try call.integerField(1, "max_response") {
            guard bytes > 0 else { throw LuaRaise(message: "\(owner): 'max_response' must be a positive integer, got \(bytes)") }
            policy.maxResponseBytes = bytes
        }
        return policy
    }

    /// What the feature's `store = { shares, share_with, max_value, max_keys }` allows it to keep.
    private func storePolicy(_ call: LuaStack, owner: String) throws -> StorePolicy {
        var policy = StorePolicy()
        call.rawField(1, "store")
        defer { call.pop() }
        let table = call.top
        if call.isNil(table) { return policy }
        guard call.type(at: table) == .table else {
            throw LuaRaise(message: "\(owner): 'store' must be a table { shares, share_with, max_value, max_keys }, got \(call.typeName(at: table))")
        }
        try TableKeys.check(call, table: table, known: Self.storeKeys, owner: "\(owner): store")
        policy.shares = try call.field(table, "shares") { try call.optionalStrings(at: $0) } ?? []
        policy.shareWith = try call.field(table, "share_with") { try call.optionalStrings(at: $0) } ?? []
        for (key, limit) in [("max_value", \StoreLimits.maxValueBytes), ("max_keys", \StoreLimits.maxKeys)] {
            guard let value = try call.integerField(table, key) else { continue }
            guard value > 0 else { throw LuaRaise(message: "\(owner): store.\(key) must be a positive integer, got \(value)") }
            policy.limits[keyPath: limit] = value
        }
        return policy
    }

    /// The feature's `action_handler` function as an action handler, or nil.
    private func actionHandler(_ call: LuaStack, feature: String) throws -> LuaActionHandler? {
        call.rawField(1, "action_handler")
        defer { call.pop() }
        if call.isNil(-1) { return nil }
        guard call.type(at: -1) == .function else {
            throw LuaRaise(message: "feature '\(feature)': 'action_handler' must be a function(ctx)")
        }
        return actions.makeHandler(call, at: -1, owner: "feature '\(feature)'")
    }

    /// The feature's `reload_policy` function as a content reload policy, or nil.
    private func reloadPolicy(_ call: LuaStack, feature: String) throws -> (any ContentReloadPolicy)? {
        call.rawField(1, "reload_policy")
        if call.isNil(-1) {
            call.pop()
            return nil
        }
        if call.type(at: -1) == .table {
            defer { call.pop() }
            let owner = "feature '\(feature)': reload_policy"
            try TableKeys.check(call, table: -1, known: ["max_age"], owner: owner)
            guard let maxAge = try? call.integerField(-1, "max_age"), maxAge >= 0 else {
                throw LuaRaise(message: "\(owner): 'max_age' must be a number of milliseconds, 0 or more")
            }
            return MaxAgeReloadPolicy(milliseconds: maxAge)
        }
        guard call.type(at: -1) == .function else {
            call.pop()
            throw LuaRaise(message: "feature '\(feature)': 'reload_policy' must be { max_age = milliseconds } or a function(uri, current_view_model)")
        }
        return LuaReloadPolicy(lua: lua, problems: problems, function: lua.reference(popping: call), feature: feature)
    }

    /// The feature's `uri` (exact), `uri_prefix` (a string prefix, but none of the URIs in the
    /// list `uri_exclude`) or `uri_match` (a function), of the feature `feature`.
    private func uriPredicate(_ call: LuaStack, feature: String) throws -> ViewURIPredicate {
        if let uri = try call.stringField(1, "uri") { return .exact(uri) }
        if let prefix = try call.stringField(1, "uri_prefix") {
            return .root(prefix, excluding: Set(try call.field(1, "uri_exclude") { try call.optionalStrings(at: $0) } ?? []))
        }
        call.rawField(1, "uri_match")
        guard call.type(at: -1) == .function else {
            call.pop()
            throw LuaRaise(message: "a feature needs 'uri', 'uri_prefix' or 'uri_match'")
        }
        let function = lua.reference(popping: call)
        return ViewURIPredicate { [weak lua, problems] uri in
            guard let lua else { return false }
            return problems.attempt("uri_match", context: "uri_match", feature: feature) {
                try lua.call(function, arguments: { $0.push(uri); return 1 }) { $0.boolean(at: -1) }
            } ?? false
        }
    }

    // MARK: Operations

    /// `hub.operation(spec)`: checks an operation table (or function) and gives it a name.
    func defineOperation(_ call: LuaStack) throws -> Int32 {
        guard call.type(at: 1) == .table || call.type(at: 1) == .function else {
            throw call.typeError(1, "hub.operation", expected: "table or function")
        }
        call.pushValue(1)
        _ = try call.argument(1, "hub.operation") { try normalizeOperation(call, index: call.top, owner: "hub.operation") }
        return 1
    }

    /// `hub.factory(function(uri) return { operations } end)`: operations made per view.
    func defineFactory(_ call: LuaStack) throws -> Int32 {
        try call.checkFunction(1, "hub.factory")
        call.newTable(record: 1)
        call.pushValue(1)
        call.setRawField(-2, Self.factoryField)
        return 1
    }

    /// The field of the table `hub.factory` returns.
    private static let factoryField = "__hub_factory"

    /// `hub.prepend_operations { ... }`: operations run before every feature's own.
    func prependOperations(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try grants.grants.checkAppWide(folder, function: "hub.prepend_operations", reach: "run in every feature's chain")
        let factory = try operationList(call, owner: "hub.prepend_operations")
        manager.prependedContentOperationFactories.append(factory)
        registered[folder.path, default: []].append(.prepended(factory))
        return 0
    }

    /// `hub.append_operations { ... }`: operations run after every feature's own.
    func appendOperations(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try grants.grants.checkAppWide(folder, function: "hub.append_operations", reach: "run in every feature's chain")
        let factory = try operationList(call, owner: "hub.append_operations")
        manager.appendedContentOperationFactories.append(factory)
        registered[folder.path, default: []].append(.appended(factory))
        return 0
    }

    /// The list of operations at argument 1, as a factory of fresh instances per view.
    private func operationList(_ call: LuaStack, owner: String) throws -> LuaFeatureOperations {
        try call.checkTable(1, owner)
        return LuaFeatureOperations(
            features: self, runner: operations, feature: owner,
            entries: try call.argument(1, owner) { try operationEntries(call, list: 1, owner: owner) }, limits: LuaLimits())
    }

    /// The operations (and `hub.factory` tables) of the list at `list`.
    private func operationEntries(_ call: LuaStack, list: Int32, owner: String) throws -> [LuaFeatureOperations.Entry] {
        var entries: [LuaFeatureOperations.Entry] = []
        for position in stride(from: 1, through: call.rawLength(list), by: 1) {
            call.rawIndex(list, position)
            let operation = try LuaValueError.inField("operations[\(position)]") { try entry(call, owner: owner, position: position) }
            entries.append(operation)
        }
        return entries
    }

    /// `[-1, +0]` Turns the value on top (a `hub.factory`, an operation table or a function)
    /// into an operation entry, checked.
    func entry(_ call: LuaStack, owner: String, position: Int) throws -> LuaFeatureOperations.Entry {
        if call.type(at: -1) == .table {
            call.rawField(-1, Self.factoryField)
            if call.type(at: -1) == .function {
                call.remove(at: -2)
                return .factory(lua.reference(popping: call))
            }
            call.pop()
        }
        guard call.type(at: -1) == .table || call.type(at: -1) == .function else {
            let kind = call.typeName(at: -1)
            call.pop()
            throw LuaRaise(message: "\(owner): operations[\(position)] must be an operation, a function or hub.factory(...), got \(kind)")
        }
        let limits = try normalizeOperation(call, index: call.top, owner: "\(owner): operations[\(position)]")
        return .operation(lua.reference(popping: call), limits)
    }

    /// Replaces the function or table at `index` with a checked operation table that has a name
    /// (by default its file's base name, e.g. `rows`); returns the limits it sets.
    private func normalizeOperation(_ call: LuaStack, index: Int32, owner: String) throws -> LuaLimits {
        if call.type(at: index) == .function {
            call.newTable(record: 2)
            call.pushValue(index)
            call.setRawField(-2, "perform")
            call.replace(index)
        }
        call.rawField(index, "perform")
        guard call.type(at: -1) == .function else {
            call.pop()
            let typo = TableKeys.misspelling(of: "perform", call, table: index, known: Self.operationKeys)
            throw LuaRaise(message: "\(owner): an operation needs a 'perform' function\(typo)")
        }
        let derivedName = Self.name(of: call.popFunctionDefinition())
        for optional in ["initial", "append", "on_action"] {
            call.rawField(index, optional)
            defer { call.pop() }
            guard call.isNil(-1) || call.type(at: -1) == .function else {
                throw LuaRaise(message: "\(owner): operation field '\(optional)' must be a function, got \(call.typeName(at: -1))")
            }
        }
        let name = try call.stringField(index, "name")
        let limits = try LuaLimits(call, table: index, owner: "operation '\(name ?? derivedName)'")
        try TableKeys.check(call, table: index, known: Self.operationKeys, owner: "operation '\(name ?? derivedName)'")
        if name == nil {
            call.push(derivedName)
            call.setRawField(index, "name")
        }
        return limits
    }

    /// The base name of the file a function is defined in (`rows` for `.../rows.lua`), with its
    /// line for functions defined in `feature.lua`.
    private static func name(of definition: (source: String, line: Int)?) -> String {
        guard let definition, definition.source.hasPrefix("@") else { return "operation" }
        let path = definition.source.dropFirst()
        let file = path.split(separator: "/").last.map(String.init) ?? String(path)
        let base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return base == "feature" ? "feature:\(definition.line)" : base
    }
}

/// A loaded folder that must fail: another declared one of its feature ids.
struct ContestedFolder {
    /// The folder's path.
    let path: String
    /// Why it fails, naming both declarations, located at the first.
    let error: LuaError
}
