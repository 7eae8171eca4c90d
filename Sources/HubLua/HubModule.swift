import CLua
import HubCore

// The `hub` module functions shared by every feature folder.

extension HubRuntime {
    /// The functions of `hub` shared by every feature folder.
    func definePublicModule(_ stack: LuaStack) {
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
    func registerSchema(_ call: LuaStack) throws -> Int32 {
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
    func scheduleCallback(_ call: LuaStack) throws -> Int32 {
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
    func operationList(_ call: LuaStack, owner: String) throws -> LuaFeatureOperations {
        try call.checkTable(1, owner)
        var entries: [LuaFeatureOperations.Entry] = []
        for position in stride(from: 1, through: call.rawLength(1), by: 1) {
            call.rawIndex(1, position)
            entries.append(try operationEntry(call, feature: owner, position: position))
        }
        return LuaFeatureOperations(runtime: self, feature: owner, entries: entries)
    }
}
