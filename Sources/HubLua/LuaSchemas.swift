import CLua
import HubCore

/// `hub.schema { id, extends, view = {...}, component = {...}, image = {...}, target = {...} }`:
/// custom JSON schemas whose paths are Lua lists of keys, `hub.each` (every element of an
/// array), functions (transform a value; nil drops it) and `hub.first(path, path, ...)` (the
/// first path that gives a value wins).
struct LuaSchemaBuilder {
    typealias Setter = @Sendable (inout JSONSchema, JSONPath) -> Void

    /// The keys of each sub-schema table and the schema property each sets.
    static let setters: [String: [String: Setter]] = [
        "view": [
            "id": { $0.viewModelSchema.identifier = $1.stringPath },
            "title": { $0.viewModelSchema.navigationBarTitle = $1.stringPath },
            "header": { $0.viewModelSchema.header = $1.dictionaryPath },
            "body": { $0.viewModelSchema.body = $1.dictionaryPath },
            "overlays": { $0.viewModelSchema.overlays = $1.dictionaryPath },
            "custom": { $0.viewModelSchema.customData = $1.dictionaryPath },
        ],
        "component": [
            "id": { $0.componentModelSchema.identifier = $1.stringPath },
            "group": { $0.componentModelSchema.groupIdentifier = $1.stringPath },
            "component": { $0.componentModelSchema.componentIdentifier = $1.stringPath },
            "category": { $0.componentModelSchema.componentCategory = $1.stringPath },
            "title": { $0.componentModelSchema.title = $1.stringPath },
            "subtitle": { $0.componentModelSchema.subtitle = $1.stringPath },
            "accessory": { $0.componentModelSchema.accessoryTitle = $1.stringPath },
            "description": { $0.componentModelSchema.descriptionText = $1.stringPath },
            "main_image": { $0.componentModelSchema.mainImageData = $1.dictionaryPath },
            "background_image": { $0.componentModelSchema.backgroundImageData = $1.dictionaryPath },
            "custom_images": { $0.componentModelSchema.customImageData = $1.dictionaryPath },
            "icon": { $0.componentModelSchema.iconIdentifier = $1.stringPath },
            "target": { $0.componentModelSchema.target = $1.dictionaryPath },
            "metadata": { $0.componentModelSchema.metadata = $1.dictionaryPath },
            "logging": { $0.componentModelSchema.loggingData = $1.dictionaryPath },
            "custom": { $0.componentModelSchema.customData = $1.dictionaryPath },
            "children": { $0.componentModelSchema.children = $1.dictionaryPath },
        ],
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

    unowned let runtime: HubRuntime
    /// Registry references of the `hub.each` and `hub.first` markers.
    let eachToken: Int32
    let firstMetatable: Int32

    /// Applies the sub-schema tables of the spec at `index` to `schema`.
    func apply(_ stack: LuaStack, spec index: Int32, to schema: inout JSONSchema) throws {
        for (part, setters) in LuaSchemaBuilder.setters.sorted(by: { $0.key < $1.key }) {
            stack.rawField(index, part)
            defer { stack.pop() }
            if stack.isNil(-1) { continue }
            guard stack.type(at: -1) == LUA_TTABLE else {
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
        guard stack.type(at: index) == LUA_TTABLE else {
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
            } else if stack.type(at: -1) == LUA_TFUNCTION {
                path = path.run(transform(stack, name: name))
            } else if stack.type(at: -1) == LUA_TTABLE && isFirst(stack, at: -1) {
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

    private func isToken(_ stack: LuaStack, _ token: Int32) -> Bool {
        stack.pushReference(token)
        defer { stack.pop() }
        return lua_rawequal(stack.L, -1, -2) != 0
    }

    private func isFirst(_ stack: LuaStack, at index: Int32) -> Bool {
        guard lua_getmetatable(stack.L, index) != 0 else { return false }
        stack.pushReference(firstMetatable)
        defer { stack.pop(2) }
        return lua_rawequal(stack.L, -1, -2) != 0
    }

    /// A path step calling the Lua function on top of the stack (kept alive by a reference).
    private func transform(_ stack: LuaStack, name: String) -> (JSONValue) -> JSONValue? {
        stack.pushValue(-1)
        let reference = runtime.lua.reference()
        return { [weak runtime] value in
            runtime?.callFunction(reference, context: "schema path '\(name)'", arguments: { $0.push(json: value); return 1 }) {
                try? $0.json(at: -1)
            }
        }
    }
}
