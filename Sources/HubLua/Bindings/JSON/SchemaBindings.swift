import HubCore
internal import LuaBridge

/// Custom JSON schemas from Lua, registered into the manager's schema registry:
/// `hub.schema { id, extends, view = {...}, component = {...}, image = {...}, target = {...} }`,
/// whose paths are lists of keys, `hub.each` (every element of an array), functions (transform
/// a value; nil drops it) and `hub.first(path, path, ...)` (the first path that gives a value wins).
final class SchemaBindings {
    typealias Setter = @Sendable (inout JSONSchema, JSONPath) -> Void

    /// The keys of each sub-schema table and the schema property each sets; a component's plain
    /// fields are those of `ComponentFields`, by name.
    static let setters: [String: [String: Setter]] = [
        "view": [
            "id": { $0.viewModelSchema.identifier = $1.stringPath },
            "title": { $0.viewModelSchema.navigationBarTitle = $1.stringPath },
            "header": { $0.viewModelSchema.header = $1.dictionaryPath },
            "body": { $0.viewModelSchema.body = $1.dictionaryPath },
            "overlays": { $0.viewModelSchema.overlays = $1.dictionaryPath },
            "custom": { $0.viewModelSchema.customData = $1.dictionaryPath },
        ],
        "component": componentSetters,
        "image": [
            "uri": { $0.componentImageDataSchema.url = $1.urlPath },
            "placeholder": { $0.componentImageDataSchema.placeholderIconIdentifier = $1.stringPath },
            "local": { $0.componentImageDataSchema.localImage = $1.stringPath },
            "custom": { $0.componentImageDataSchema.customData = $1.dictionaryPath },
        ],
        "target": [
            "uri": { $0.componentTargetSchema.uri = $1.urlPath },
            "view": { $0.componentTargetSchema.initialViewModel = $1.dictionaryPath },
            "actions": { $0.componentTargetSchema.actionIdentifiers = $1.stringPath },
            "custom": { $0.componentTargetSchema.customData = $1.dictionaryPath },
        ],
    ]

    private static let componentSetters: [String: Setter] = {
        var setters: [String: Setter] = [
            "id": { $0.componentModelSchema.identifier = $1.stringPath },
            ComponentFieldName.component: { $0.componentModelSchema.componentIdentifier = $1.stringPath },
            ComponentFieldName.category: { $0.componentModelSchema.componentCategory = $1.stringPath },
            ComponentFieldName.mainImage: { $0.componentModelSchema.mainImageData = $1.dictionaryPath },
            ComponentFieldName.backgroundImage: { $0.componentModelSchema.backgroundImageData = $1.dictionaryPath },
            ComponentFieldName.customImages: { $0.componentModelSchema.customImageData = $1.dictionaryPath },
            ComponentFieldName.icon: { $0.componentModelSchema.iconIdentifier = $1.stringPath },
            ComponentFieldName.target: { $0.componentModelSchema.target = $1.dictionaryPath },
            ComponentFieldName.children: { $0.componentModelSchema.children = $1.dictionaryPath },
        ]
        for field in ComponentFields.texts { setters[field.name] = { $0.componentModelSchema[field] = $1.stringPath } }
        for field in ComponentFields.data { setters[field.name] = { $0.componentModelSchema[field] = $1.dictionaryPath } }
        return setters
    }()

    private let lua: LuaState
    private let problems: ProblemLog
    private let registry: JSONSchemaRegistry
    /// `hub.each`: a marker table.
    let eachToken: LuaReference
    /// The metatable of the tables `hub.first(...)` returns.
    private let firstMetatable: LuaReference
    /// The schemas each folder registered, by folder path.
    private var registered: [String: [String]] = [:]

    init(lua: LuaState, registry: JSONSchemaRegistry, problems: ProblemLog) {
        self.lua = lua
        self.registry = registry
        self.problems = problems
        let stack = lua.stack
        eachToken = lua.makeMarker()
        stack.newTable(record: 1)
        stack.push(false)
        stack.setRawField(-2, "__metatable")
        firstMetatable = lua.reference(popping: stack)
    }

    /// Removes from the registry the schemas `folder` registered.
    func rollBack(_ folder: FeatureFolder) {
        for identifier in registered.removeValue(forKey: folder.path) ?? [] {
            registry.unregister(identifier)
        }
    }

    /// `hub.schema { id = ..., extends = "default", view = {...}, ... }`.
    func registerSchema(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.checkTable(1, "hub.schema")
        try call.chargeMemory(LuaStack.registrationSize)
        if let problem = TableKeys.firstUnknownKey(call, table: 1, known: ["id", "extends"] + Self.setters.keys) {
            throw call.argumentError(1, "hub.schema", problem)
        }
        let (identifier, base) = try call.argument(1, "hub.schema") {
            (try call.stringField(1, "id"), try call.stringField(1, "extends") ?? "default")
        }
        guard let identifier else {
            throw LuaRaise(message: "hub.schema needs a string 'id'")
        }
        guard var schema = base == "default" ? registry.createNewSchema() : registry.copySchema(base) else {
            throw LuaRaise(message: "hub.schema '\(identifier)': unknown schema '\(base)' to extend")
        }
        try apply(call, spec: 1, to: &schema)
        do {
            try registry.register(schema, identifier: identifier)
        } catch {
            throw LuaRaise(message: error.message)
        }
        registered[folder.path, default: []].append(identifier)
        return 0
    }

    /// `hub.first(path, path, ...)`: the first path that gives a value wins.
    func first(_ call: LuaStack) throws -> Int32 {
        let count = call.top
        call.newTable(array: Int(count))
        for position in stride(from: 1, through: count, by: 1) {
            call.pushValue(position)
            call.setRawIndex(-2, Int(position))
        }
        call.push(firstMetatable)
        call.setMetatable(-2)
        return 1
    }

    /// Applies the sub-schema tables of the spec at `index` to `schema`.
    private func apply(_ stack: LuaStack, spec index: Int32, to schema: inout JSONSchema) throws {
        for (part, setters) in SchemaBindings.setters.sorted(by: { $0.key < $1.key }) {
            stack.rawField(index, part)
            defer { stack.pop() }
            if stack.isNil(-1) { continue }
            guard stack.type(at: -1) == .table else {
                throw LuaRaise(message: "hub.schema: '\(part)' must be a table of paths, got \(stack.typeName(at: -1))")
            }
            let table = stack.absolute(-1)
            var keys: [String] = []
            try stack.forEachPair(table) {
                guard let key = stack.string(at: -2), setters[key] != nil else {
                    let known = setters.keys.sorted().joined(separator: ", ")
                    throw LuaRaise(message: "hub.schema: unknown key '\(stack.string(at: -2) ?? "?")' in '\(part)' (known: \(known))")
                }
                keys.append(key)
            }
            for key in keys.sorted() {
                stack.rawField(table, key)
                defer { stack.pop() }
                let path = try self.path(stack, at: stack.top, name: "\(part).\(key)")
                setters[key]?(&schema, path)
            }
        }
    }

    /// The path described by the Lua value at `index`.
    private func path(_ stack: LuaStack, at index: Int32, name: String) throws -> JSONPath {
        if let key = stack.string(at: index) { return JSONPath().goTo(key) }
        guard stack.type(at: index) == .table else {
            throw LuaRaise(message: "hub.schema: path '\(name)' must be a list of keys, hub.each and functions")
        }
        if isFirst(stack, at: index) {
            var combined: JSONPath?
            for position in stride(from: 1, through: stack.rawLength(index), by: 1) {
                stack.rawIndex(index, position)
                defer { stack.pop() }
                let next = try path(stack, at: stack.top, name: "\(name)[\(position)]")
                combined = combined.map { $0.combine(with: next) } ?? next
            }
            return combined ?? JSONPath()
        }
        var path = JSONPath()
        for position in stride(from: 1, through: stack.rawLength(index), by: 1) {
            stack.rawIndex(index, position)
            defer { stack.pop() }
            if let key = stack.string(at: -1) {
                path = path.goTo(key)
            } else if isToken(stack, eachToken) {
                path = path.forEach()
            } else if stack.type(at: -1) == .function {
                path = path.run(transform(stack, name: name))
            } else if stack.type(at: -1) == .table && isFirst(stack, at: -1) {
                let nested = try self.path(stack, at: stack.top, name: name)
                path = path.run { value in
                    guard case .object(let dictionary) = value else { return nil }
                    return nested.values(from: dictionary).first
                }
            } else {
                throw LuaRaise(message: "hub.schema: path '\(name)' has a \(stack.typeName(at: -1)) at position \(position)")
            }
        }
        return path
    }

    /// Whether the value on top is the marker `token` keeps.
    private func isToken(_ stack: LuaStack, _ token: LuaReference) -> Bool {
        stack.push(token)
        defer { stack.pop() }
        return stack.rawEqual(-1, -2)
    }

    /// Whether the value at `index` was made by `hub.first`.
    private func isFirst(_ stack: LuaStack, at index: Int32) -> Bool {
        guard stack.pushMetatable(index) else { return false }
        stack.push(firstMetatable)
        defer { stack.pop(2) }
        return stack.rawEqual(-1, -2)
    }

    /// A path step calling the Lua function on top of the stack (kept alive by the step).
    private func transform(_ stack: LuaStack, name: String) -> (JSONValue) -> JSONValue? {
        stack.pushValue(-1)
        let function = lua.reference(popping: stack)
        return { [weak lua, problems] value in
            guard let lua else { return nil }
            return problems.attempt(name, context: "schema path '\(name)'") {
                try lua.call(function, arguments: { $0.push(json: value); return 1 }) { try? $0.json(at: -1) }
            } ?? nil
        }
    }
}
