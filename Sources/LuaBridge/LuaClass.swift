import CLua
import CLuaShim

/// A Swift class exposed to Lua as userdata whose metatable is named `name`: properties through
/// `__index`/`__newindex`, methods through a method table, `__tostring` and `__name` for the
/// REPL. Its members are declared in tables when it is registered, as Lua's own libraries
/// declare theirs in `luaL_Reg` arrays.
///
/// Reading an unknown field gives nil; writing an unknown or read-only field is an error naming
/// the field (an unknown one with the settable field it is likely a typo of), and so is writing
/// a value the property does not take, or writing to or calling a method of an object whose run
/// has ended (``LuaRunLifetime``).
package struct LuaClass<Object: AnyObject>: Sendable {
    /// The metatable's name, which errors call the type by, e.g. `hub.Screen`.
    package let name: String
    /// Finds the object a handle of the class names (see `hub_object_block`); nil for a class
    /// without handles.
    package let resolveHandle: (@Sendable (LuaStack, Int32) -> Object?)?
    /// How deep an object lies in its view model, which C's staged methods need to know (see
    /// `hub_object_block.nesting`); nil for objects that are not builders.
    package let nesting: (@Sendable (Object) -> Int)?
    /// The run each object belongs to, for objects used only while it lasts; nil for others.
    package let lifetime: LuaRunLifetime<Object>?

    /// A class named `name`, whose handles `resolveHandle` resolves when it has them, whose
    /// objects lie `nesting` deep in their view model when they are builders, and last as long
    /// as their run by `lifetime`.
    package init(
        name: String, resolveHandle: (@Sendable (LuaStack, Int32) -> Object?)? = nil,
        nesting: (@Sendable (Object) -> Int)? = nil, lifetime: LuaRunLifetime<Object>? = nil
    ) {
        self.name = name
        self.resolveHandle = resolveHandle
        self.nesting = nesting
        self.lifetime = lifetime
    }

    /// Creates the metatable in `stack`'s state, with `properties` and `methods`; `describe`
    /// gives `tostring(object)`; `deferredWrites` sets the values C kept for the deferred
    /// properties, given their names in slot order. A class with handles gets their metatable
    /// too. Call once per state.
    ///
    /// `__index` and `__newindex` are C functions that look the key up in tables built here
    /// once (methods by name, properties by slot), and the closures check objects against this
    /// state's metatable by address: no member access builds a String from its key or hashes
    /// one in Swift, and calling a method takes no Swift call to find it.
    package func register(
        _ stack: LuaStack, describe: @escaping (Object) -> String, properties: [String: LuaProperty<Object>],
        methods: LuaMethods<Object> = [:], deferredWrites: (([String]) -> LuaDeferredWrites)? = nil
    ) {
        LuaBridge.ensureMetatable(stack, name)
        let metatableIndex = stack.absolute(-1)
        guard let metatable = lua_topointer(stack.L, -1) else { return }
        let handles = resolveHandle != nil ? pushHandleMetatable(stack, of: metatableIndex) : nil
        let object = { [self] (call: LuaStack, index: Int32) in
            LuaBridge.object(call, at: index, metatable: metatable, as: Object.self) ?? handle(call, index, metatable: handles)
        }
        // Deferred properties take the first slots, then kept ones, so that their objects need
        // a user value for each of those slots only.
        let deferredCount = properties.values.count(where: { $0.deferred != nil })
        let userValues = deferredCount + properties.values.count(where: \.isKept)
        let rank = { (name: String) in
            let property = properties[name]
            return (property?.deferred != nil ? 0 : property?.isKept == true ? 1 : 2, name)
        }
        let slots = properties.keys.sorted { rank($0) < rank($1) }
        let members = slots.map { properties[$0]! }
        let methodNames = Set(methods.members.map(\.name))
        assert(methodNames.isDisjoint(with: slots), "\(name): a member is both a property and a method")
        let settable = slots.filter { properties[$0]?.set != nil }

        stack.newTable(record: methods.members.count)
        for method in methods.members {
            let body: LuaFunction = { [self] call in
                guard let target = object(call, 1) else { throw call.typeError(1, method.name, expected: name) }
                try checkRun(of: target)
                return try method.body(call, target)
            }
            if let staging = methods.staging[method.name] {
                staging.pushHandleMetatable(stack)
                stack.push(Int(staging.step.code))
                stack.pushValue(metatableIndex)
                if handles != nil { lua_rawgetp(stack.L, metatableIndex, hub_handles_key()) } else { stack.pushNil() }
                hub_class_push_stage_cache(stack.L)
                LuaBridge.pushClosure(stack, hub_class_stage, cost: method.cost, upvalues: 5, body)
            } else {
                LuaBridge.pushFunction(stack, cost: method.cost, body)
            }
            stack.setRawField(-2, method.name)
        }
        pushSlots(stack, slots, codes: members.map { $0.isKept ? Int(HUB_KEPT) : nil })
        LuaBridge.pushClosure(stack, hub_class_index, upvalues: 2) { call in
            guard let target = object(call, 1), let slot = call.integer(at: 3), members.indices.contains(slot - 1) else { return 0 }
            try members[slot - 1].get(call, target)
            return 1
        }
        stack.setRawField(-2, "__index")

        pushSlots(stack, slots, codes: members.map { $0.deferred?.rawValue })
        assert(deferredCount <= Int(HUB_PENDING_SLOTS), "\(name): too many properties to defer writes")
        let applier = deferredCount > 0 ? deferredWrites?(Array(slots.prefix(deferredCount))) : nil
        assert((deferredCount > 0) == (applier != nil), "\(name): deferred properties need the class's deferred writes")
        if let applier { LuaBridge.pushBlock(stack, applier) }
        let newindex: lua_CFunction = applier != nil ? hub_class_newindex_deferring : hub_class_newindex
        LuaBridge.pushClosure(stack, newindex, upvalues: applier != nil ? 2 : 1) { [self] call in
            guard let target = object(call, 1) else { return 0 }
            try checkRun(of: target)
            guard let slot = call.integer(at: 4), members.indices.contains(slot - 1), let set = members[slot - 1].set else {
                let key = call.string(at: 2) ?? "?"
                guard properties[key] == nil, !methodNames.contains(key) else {
                    throw LuaRaise(message: "cannot set read-only field '\(key)' of \(name)")
                }
                let hint = TableKeys.suggestion(for: key, in: settable)
                throw LuaRaise(message: "cannot set unknown field '\(key)' of \(name)\(hint)")
            }
            do {
                try set(call, target, 3)
            } catch let error as LuaValueError {
                throw LuaRaise(message: error.within(slots[slot - 1]).description)
            }
            return 0
        }
        if userValues > 0 {
            hub_class_prepare_data(stack.L, Int32(userValues), -1)
            lua_rawsetp(stack.L, metatableIndex, hub_class_data_key())
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
        stack.push(strings: methods.members.map(\.name).sorted())
        stack.setRawField(-2, Self.methodsField)
        if handles != nil { fillHandleMetatable(stack, of: metatableIndex) }
        stack.pop()
    }

    /// `[-0, +1]` Pushes a table from each name of `slots` to its 1-based position, coded as
    /// `slot + HUB_DEFER_CODE * kind` where `codes` gives a kind (`HUB_DEFER_*` in the slots of
    /// `__newindex`, `HUB_KEPT` in those of `__index`).
    private func pushSlots(_ stack: LuaStack, _ slots: [String], codes: [Int?]) {
        stack.newTable(record: slots.count)
        for (offset, slot) in slots.enumerated() {
            let kind = codes.indices.contains(offset) ? codes[offset] : nil
            stack.push(offset + 1 + (kind ?? 0) * Int(HUB_DEFER_CODE))
            stack.setRawField(-2, slot)
        }
    }

    /// The metatable field listing the class's properties and methods, for completion.
    package static var membersField: String { "__members" }

    /// The metatable field listing the class's methods only, for completion after `:`.
    package static var methodsField: String { "__methods" }

    /// Pushes `object` as this class's userdata.
    package func push(_ stack: LuaStack, _ object: Object) {
        LuaBridge.pushObject(stack, object, typeName: name, nesting: nesting?(object) ?? 0, run: lifetime?.run(object) ?? 0)
    }

    /// Raises, for a method or a write, when `object`'s run has ended.
    private func checkRun(of object: Object) throws {
        if let ended = lifetime?.ended(object) { throw LuaRaise(message: "\(name) \(ended)") }
    }

    /// The object at argument `index`, or an argument error.
    package func check(_ stack: LuaStack, _ index: Int32, function: String) throws -> Object {
        guard let object = object(stack, at: index) else {
            throw stack.typeError(index, function, expected: name)
        }
        return object
    }

    /// The object at `index`, or the one a handle at `index` names; nil when the value is
    /// neither of this class (or was released).
    package func object(_ stack: LuaStack, at index: Int32) -> Object? {
        if let object = LuaBridge.object(stack, at: index, typeName: name, as: Object.self) { return object }
        guard resolveHandle != nil else { return nil }
        pushHandleMetatable(stack)
        let handles = lua_topointer(stack.L, -1)
        stack.pop()
        return handle(stack, index, metatable: handles)
    }
}
