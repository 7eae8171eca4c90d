import CLua
import CLuaShim

/// A Swift class exposed to Lua as userdata: properties through `__index`/`__newindex`, methods
/// through a method table, `__tostring` and `__name` for the REPL.
///
/// Reading an unknown field gives nil; writing an unknown or read-only field is an error
/// naming the field.
final class LuaClass<Object: AnyObject> {
    typealias Getter = (LuaStack, Object) throws -> Void
    typealias Setter = (LuaStack, Object, Int32) throws -> Void
    typealias Method = (LuaStack, Object) throws -> Int32

    let name: String
    private var getters: [String: Getter] = [:]
    private var setters: [String: Setter] = [:]
    private var methods: [String: (body: Method, cost: Int)] = [:]
    private let describe: (Object) -> String

    init(name: String, describe: @escaping (Object) -> String) {
        self.name = name
        self.describe = describe
    }

    /// A read-only property: `get` pushes exactly one value.
    func property(_ key: String, get: @escaping Getter) {
        getters[key] = get
    }

    /// A read-write property: `set` reads the new value at the given index.
    func property(_ key: String, get: @escaping Getter, set: @escaping Setter) {
        getters[key] = get
        setters[key] = set
    }

    /// A method called as `object:key(...)`; arguments start at index 2. Each call costs
    /// `cost` instructions of the running budget.
    func method(_ key: String, cost: Int = LuaBridge.defaultCallCost, _ body: @escaping Method) {
        methods[key] = (body, cost)
    }

    /// Creates the metatable in `stack`'s state. Call once per state, after declaring members.
    func register(_ stack: LuaStack) {
        LuaBridge.ensureMetatable(stack, name)
        let methodTable = stack.top + 1
        stack.newTable(record: methods.count)
        for (key, (body, cost)) in methods {
            let typeName = name
            LuaBridge.pushFunction(stack, cost: cost) { call in
                guard let object = LuaBridge.object(call, at: 1, typeName: typeName, as: Object.self) else {
                    throw call.typeError(1, key, expected: typeName)
                }
                return try body(call, object)
            }
            stack.setRawField(methodTable, key)
        }
        let methodsReference = luaL_ref(stack.L, CLUA_REGISTRYINDEX)
        LuaBridge.pushFunction(stack) { call in
            guard let object = LuaBridge.object(call, at: 1, typeName: self.name, as: Object.self) else { return 0 }
            guard let key = call.string(at: 2) else {
                call.pushNil()
                return 1
            }
            if let getter = self.getters[key] {
                try getter(call, object)
                return 1
            }
            lua_rawgeti(call.L, CLUA_REGISTRYINDEX, lua_Integer(methodsReference))
            call.rawField(-1, key)
            call.remove(at: -2)
            return 1
        }
        stack.setRawField(-2, "__index")
        LuaBridge.pushFunction(stack) { call in
            guard let object = LuaBridge.object(call, at: 1, typeName: self.name, as: Object.self) else { return 0 }
            let key = call.string(at: 2) ?? "?"
            guard let setter = self.setters[key] else {
                let reason = self.getters[key] != nil || self.methods[key] != nil ? "read-only" : "unknown"
                throw LuaRaise(message: "cannot set \(reason) field '\(key)' of \(self.name)")
            }
            try setter(call, object, 3)
            return 0
        }
        stack.setRawField(-2, "__newindex")
        LuaBridge.pushFunction(stack) { call in
            guard let object = LuaBridge.object(call, at: 1, typeName: self.name, as: Object.self) else {
                call.push("\(self.name) (released)")
                return 1
            }
            call.push(self.describe(object))
            return 1
        }
        stack.setRawField(-2, "__tostring")
        stack.push(name)
        stack.setRawField(-2, "__name")
        stack.pop()
    }

    /// Pushes `object` as this class's userdata.
    func push(_ stack: LuaStack, _ object: Object) {
        LuaBridge.pushObject(stack, object, typeName: name)
    }

    /// The object at argument `index`, or an argument error.
    func check(_ stack: LuaStack, _ index: Int32, function: String) throws -> Object {
        guard let object = LuaBridge.object(stack, at: index, typeName: name, as: Object.self) else {
            throw stack.typeError(index, function, expected: name)
        }
        return object
    }
}
