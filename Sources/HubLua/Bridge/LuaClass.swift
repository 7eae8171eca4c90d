import CLua
import CLuaShim

/// A Swift class exposed to Lua as userdata whose metatable is named `name`: properties through
/// `__index`/`__newindex`, methods through a method table, `__tostring` and `__name` for the
/// REPL. Its members are declared in tables when it is registered, as Lua's own libraries
/// declare theirs in `luaL_Reg` arrays.
///
/// Reading an unknown field gives nil; writing an unknown or read-only field is an error naming
/// the field, and so is writing a value the property does not take.
struct LuaClass<Object: AnyObject>: Sendable {
    /// The metatable's name, which errors call the type by, e.g. `hub.Screen`.
    let name: String

    /// Creates the metatable in `stack`'s state, with `properties` and `methods`; `describe`
    /// gives `tostring(object)`. Call once per state.
    func register(
        _ stack: LuaStack, describe: @escaping (Object) -> String, properties: [String: LuaProperty<Object>],
        methods: LuaMethods<Object> = [:]
    ) {
        LuaBridge.ensureMetatable(stack, name)
        let methodTable = stack.top + 1
        stack.newTable(record: methods.members.count)
        for method in methods.members {
            LuaBridge.pushFunction(stack, cost: method.cost) { [self] call in
                try method.body(call, try check(call, 1, function: method.name))
            }
            stack.setRawField(methodTable, method.name)
        }
        let methodsReference = luaL_ref(stack.L, CLUA_REGISTRYINDEX)
        let methodNames = Set(methods.members.map(\.name))
        LuaBridge.pushFunction(stack) { [self] call in
            guard let object = object(call, at: 1) else { return 0 }
            guard let key = call.string(at: 2) else {
                call.pushNil()
                return 1
            }
            if let property = properties[key] {
                try property.get(call, object)
                return 1
            }
            lua_rawgeti(call.L, CLUA_REGISTRYINDEX, lua_Integer(methodsReference))
            call.rawField(-1, key)
            call.remove(at: -2)
            return 1
        }
        stack.setRawField(-2, "__index")
        LuaBridge.pushFunction(stack) { [self] call in
            guard let object = object(call, at: 1) else { return 0 }
            let key = call.string(at: 2) ?? "?"
            guard let set = properties[key]?.set else {
                let reason = properties[key] != nil || methodNames.contains(key) ? "read-only" : "unknown"
                throw LuaRaise(message: "cannot set \(reason) field '\(key)' of \(name)")
            }
            do {
                try set(call, object, 3)
            } catch let error as LuaValueError {
                throw LuaRaise(message: error.within(key).description)
            }
            return 0
        }
        stack.setRawField(-2, "__newindex")
        LuaBridge.pushFunction(stack) { [self] call in
            call.push(object(call, at: 1).map(describe) ?? "\(name) (released)")
            return 1
        }
        stack.setRawField(-2, "__tostring")
        stack.push(name)
        stack.setRawField(-2, "__name")
        stack.push(strings: (Array(properties.keys) + methods.members.map(\.name)).sorted())
        stack.setRawField(-2, Self.membersField)
        stack.pop()
    }

    /// The metatable field listing the class's properties and methods, for completion.
    static var membersField: String { "__members" }

    /// Pushes `object` as this class's userdata.
    func push(_ stack: LuaStack, _ object: Object) {
        LuaBridge.pushObject(stack, object, typeName: name)
    }

    /// The object at argument `index`, or an argument error.
    func check(_ stack: LuaStack, _ index: Int32, function: String) throws -> Object {
        guard let object = object(stack, at: index) else {
            throw stack.typeError(index, function, expected: name)
        }
        return object
    }

    /// The object at `index`; nil when the value is not one of this class (or was released).
    private func object(_ stack: LuaStack, at index: Int32) -> Object? {
        LuaBridge.object(stack, at: index, typeName: name, as: Object.self)
    }
}

/// A property of a Lua class: how to read it and, unless it is read-only, how to set it.
struct LuaProperty<Object: AnyObject> {
    /// Pushes exactly one value: the property of the object.
    typealias Getter = (LuaStack, Object) throws -> Void
    /// Sets the property of the object to the value at the index given; a value it does not
    /// take is a `LuaValueError`.
    typealias Setter = (LuaStack, Object, Int32) throws -> Void

    /// Reads the property.
    let get: Getter
    /// Sets the property; nil when it is read-only.
    let set: Setter?

    /// A read-only property.
    static func readOnly(_ get: @escaping Getter) -> LuaProperty {
        LuaProperty(get: get, set: nil)
    }

    /// A property that can be set.
    static func readWrite(get: @escaping Getter, set: @escaping Setter) -> LuaProperty {
        LuaProperty(get: get, set: set)
    }
}

/// The methods of a Lua class, by name, each called as `object:name(...)` (arguments start at
/// index 2) and costing the running budget a number of instructions per call. Tables of
/// methods that cost differently are joined with `+`.
struct LuaMethods<Object: AnyObject>: ExpressibleByDictionaryLiteral {
    /// A method: reads its arguments, pushes its results and returns their count.
    typealias Body = (LuaStack, Object) throws -> Int32

    /// The methods, in the order they are declared.
    let members: [(name: String, body: Body, cost: Int)]

    /// Methods given as functions (static methods or closures), each costing `cost` a call.
    init(cost: Int = LuaBridge.defaultCallCost, _ methods: KeyValuePairs<String, Body>) {
        members = methods.map { ($0, $1, cost) }
    }

    /// Methods given as functions costing the default a call: `["text": CanvasBindings.text]`.
    init(dictionaryLiteral methods: (String, Body)...) {
        members = methods.map { ($0, $1, LuaBridge.defaultCallCost) }
    }

    /// `owner`'s methods (`"render": ScreenBindings.render`), each costing `cost` a call. They
    /// hold `owner` weakly, as `LuaLibrary` functions do.
    init<Owner: AnyObject>(_ owner: Owner, cost: Int = LuaBridge.defaultCallCost, _ methods: KeyValuePairs<String, (Owner) -> Body>) {
        members = methods.map { name, method in
            (name, { [weak owner] stack, object in try method(try owner.orGone())(stack, object) }, cost)
        }
    }

    /// The methods of both tables.
    private init(members: [(name: String, body: Body, cost: Int)]) {
        self.members = members
    }

    /// The methods of `methods` followed by those of `other`.
    static func + (methods: LuaMethods, other: LuaMethods) -> LuaMethods {
        LuaMethods(members: methods.members + other.members)
    }
}
