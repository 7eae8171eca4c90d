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
    ///
    /// `__index` and `__newindex` are C functions that look the key up in tables built here
    /// once (methods by name, properties by slot), and the closures check objects against this
    /// state's metatable by address: no member access builds a String from its key or hashes
    /// one in Swift, and calling a method takes no Swift call to find it.
    func register(
        _ stack: LuaStack, describe: @escaping (Object) -> String, properties: [String: LuaProperty<Object>],
        methods: LuaMethods<Object> = [:]
    ) {
        LuaBridge.ensureMetatable(stack, name)
        guard let metatable = lua_topointer(stack.L, -1) else { return }
        let object = { (call: LuaStack, index: Int32) in LuaBridge.object(call, at: index, metatable: metatable, as: Object.self) }
        // Deferred properties take the first slots, so that their objects need a user value
        // for each of those slots only.
        let deferredCount = properties.values.count(where: { $0.deferred != nil })
        let rank = { (name: String) in (properties[name]?.deferred == nil ? 1 : 0, name) }
        let slots = properties.keys.sorted { rank($0) < rank($1) }
        let members = slots.map { properties[$0]! }
        let methodNames = Set(methods.members.map(\.name))
        assert(methodNames.isDisjoint(with: slots), "\(name): a member is both a property and a method")

        stack.newTable(record: methods.members.count)
        for method in methods.members {
            LuaBridge.pushFunction(stack, cost: method.cost) { [self] call in
                guard let target = object(call, 1) else { throw call.typeError(1, method.name, expected: name) }
                return try method.body(call, target)
            }
            stack.setRawField(-2, method.name)
        }
        pushSlots(stack, slots)
        LuaBridge.pushClosure(stack, hub_class_index, upvalues: 2) { call in
            guard let target = object(call, 1), let slot = call.integer(at: 3), members.indices.contains(slot - 1) else { return 0 }
            try members[slot - 1].get(call, target)
            return 1
        }
        stack.setRawField(-2, "__index")

        pushSlots(stack, slots, codes: members.map { $0.deferred?.kind })
        assert(deferredCount <= Int(HUB_PENDING_SLOTS), "\(name): too many properties to defer writes")
        if deferredCount > 0 {
            hub_class_prepare_deferring(stack.L, Int32(deferredCount))
            lua_rawsetp(stack.L, -3, hub_deferring_key())
            pushApplier(stack, members, object: object)
        }
        let newindex: lua_CFunction = deferredCount > 0 ? hub_class_newindex_deferring : hub_class_newindex
        LuaBridge.pushClosure(stack, newindex, upvalues: deferredCount > 0 ? 2 : 1) { [self] call in
            guard let target = object(call, 1) else { return 0 }
            guard let slot = call.integer(at: 4), members.indices.contains(slot - 1), let set = members[slot - 1].set else {
                let key = call.string(at: 2) ?? "?"
                let reason = properties[key] != nil || methodNames.contains(key) ? "read-only" : "unknown"
                throw LuaRaise(message: "cannot set \(reason) field '\(key)' of \(name)")
            }
            do {
                try set(call, target, 3)
            } catch let error as LuaValueError {
                throw LuaRaise(message: error.within(slots[slot - 1]).description)
            }
            return 0
        }
        stack.setRawField(-2, "__newindex")
        LuaBridge.pushFunction(stack) { [self] call in
            call.push(object(call, 1).map(describe) ?? "\(name) (released)")
            return 1
        }
        stack.setRawField(-2, "__tostring")
        stack.push(name)
        stack.setRawField(-2, "__name")
        stack.push(strings: (slots + methods.members.map(\.name)).sorted())
        stack.setRawField(-2, Self.membersField)
        stack.pop()
    }

    /// `[-0, +1]` Pushes the block of the class's applier: it sets the deferred writes of the
    /// object at a stack index, each kept as the object's user value at its slot, through the
    /// slot's ``LuaProperty/deferred`` applier.
    private func pushApplier(
        _ stack: LuaStack, _ members: [LuaProperty<Object>], object: @escaping (LuaStack, Int32) -> Object?
    ) {
        LuaBridge.pushBlock(stack, LuaDeferredWrites { stack, index, written in
            guard let target = object(stack, index) else { return }
            var rest = written
            while rest != 0 {
                let slot = rest.trailingZeroBitCount + 1
                rest &= rest - 1
                guard let apply = members[slot - 1].deferred?.apply else { continue }
                lua_getiuservalue(stack.L, index, Int32(slot))
                apply(stack, target, -1)
                stack.pop()
            }
        })
    }

    /// `[-0, +1]` Pushes a table from each name of `slots` to its 1-based position, coded as
    /// deferred (``LuaDeferredKind/code(slot:)``) where `codes` gives a kind.
    private func pushSlots(_ stack: LuaStack, _ slots: [String], codes: [LuaDeferredKind?] = []) {
        stack.newTable(record: slots.count)
        for (offset, slot) in slots.enumerated() {
            let kind = codes.indices.contains(offset) ? codes[offset] : nil
            stack.push(kind?.code(slot: offset + 1) ?? offset + 1)
            stack.setRawField(-2, slot)
        }
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
    /// Sets the property of the object to the value at the index given, one of its deferred
    /// kind's (charged already): cannot fail.
    typealias Applier = (LuaStack, Object, Int32) -> Void

    /// Reads the property.
    let get: Getter
    /// Sets the property; nil when it is read-only.
    let set: Setter?
    /// The values C keeps until Swift next looks, and how they are set then; nil when every
    /// value goes to `set` at once.
    let deferred: (kind: LuaDeferredKind, apply: Applier)?

    /// A read-only property.
    static func readOnly(_ get: @escaping Getter) -> LuaProperty {
        LuaProperty(get: get, set: nil, deferred: nil)
    }

    /// A property that can be set.
    static func readWrite(get: @escaping Getter, set: @escaping Setter) -> LuaProperty {
        LuaProperty(get: get, set: set, deferred: nil)
    }

    /// A property that can be set whose values of `kind` C keeps, to be set by `apply` when Swift
    /// next looks; others are set by `set`. Scripts cannot tell the difference: a read, a call
    /// into Swift or the end of the script hands kept values over first.
    static func deferring(_ kind: LuaDeferredKind, get: @escaping Getter, set: @escaping Setter, apply: @escaping Applier) -> LuaProperty {
        LuaProperty(get: get, set: set, deferred: (kind, apply))
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
