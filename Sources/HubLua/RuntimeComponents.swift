import CLua
import HubCore
import HubRender

// Registering Lua components.

extension HubRuntime {
    /// `hub.component { id = "ns:name", ... }`.
    func registerComponent(_ call: LuaStack, folder index: Int) throws -> Int32 {
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
    func registerComponentResolver(_ call: LuaStack, folder index: Int) throws -> Int32 {
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
    func componentFactory(for namespace: String, folder index: Int) throws -> LuaComponentFactory {
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
    func componentSpec(_ call: LuaStack, at index: Int32, name: String) throws -> LuaComponentFactory.Spec {
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
}
