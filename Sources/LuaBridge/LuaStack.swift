import CLua
import CLuaShim

/// One Lua thread's stack (the main thread, or the coroutine that called a Swift function).
///
/// Every method here is safe to call from Swift: none can raise a Lua error, except on running
/// out of memory, which cannot happen while Swift is the host (see `LuaState`). Each says what
/// it pops and pushes, as the Lua manual does: `[-pop, +push]`.
package struct LuaStack: Equatable {
    let L: OpaquePointer

    package init(_ L: OpaquePointer) {
        self.L = L
    }

    // MARK: Slots

    /// The index of the top value (the number of values on the stack).
    package var top: Int32 { lua_gettop(L) }

    /// `[-count, +0]` Pops `count` values.
    package func pop(_ count: Int32 = 1) { clua_pop(L, count) }

    /// `index` as an absolute (positive) index.
    package func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// `[-1, +0]` Pops the top value into the global `name` (a raw write of the globals table).
    package func setGlobal(_ name: String) {
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(LUA_RIDX_GLOBALS))
        clua_insert(L, -2)
        lua_setfield(L, -2, name)
        pop()
    }

    /// `[-0, +1]` Pushes a copy of the value at `index`.
    package func pushValue(_ index: Int32) { lua_pushvalue(L, index) }

    /// `[-1, +1]` Moves the top value to `index`, shifting the values above it up.
    package func insert(at index: Int32) { clua_insert(L, index) }

    /// `[-1, +0]` Removes the value at `index`, shifting the values above it down.
    package func remove(at index: Int32) { clua_remove(L, index) }

    /// `[-1, +0]` Pops the top value into slot `index`.
    package func replace(_ index: Int32) {
        lua_copy(L, -1, index)
        pop()
    }

    /// Makes sure `count` more values fit; false when the stack cannot grow that much.
    package func ensureRoom(_ count: Int32) -> Bool {
        lua_checkstack(L, count) != 0
    }

    /// `[-count, +0]` Moves the top `count` values to `other`, a thread of the same state
    /// (`[+count]` there).
    package func move(_ count: Int32, to other: LuaStack) {
        lua_xmove(L, other.L, count)
    }

    // MARK: Reading

    /// The type of the value at `index`.
    package func type(at index: Int32) -> LuaType { LuaType(code: lua_type(L, index)) }

    /// The name of the value's type, or its metatable's `__name` (e.g. `hub.Screen`), as Lua's
    /// own error messages name types.
    package func typeName(at index: Int32) -> String {
        if type(at: index) == .userdata || type(at: index) == .table,
            luaL_getmetafield(L, index, "__name") != LUA_TNIL
        {
            defer { pop() }
            if let name = string(at: -1) { return name }
        }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// Whether the value at `index` is nil or absent.
    package func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= 0 }

    /// The string at `index` without converting numbers (nil unless it is a string).
    package func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        return String(luaBytes: pointer, count: length)
    }

    /// Calls `body` with the bytes of the string at `index` (not a number), read in place;
    /// nil when it is not a string.
    package func withStringBytes<Result>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        return try body(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// The string at `index` (not a number) when its bytes are UTF-8 text, read exactly; nil
    /// when it is not a string. Throws ``NotUTF8`` for a string that is not UTF-8, which
    /// ``string(at:)`` would repair.
    package func utf8String(at index: Int32) throws(NotUTF8) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        // Validated once, as the string is made; where it fails is looked for only then.
        if let string = String(validating: bytes, as: UTF8.self) { return string }
        throw NotUTF8.firstInvalid(in: bytes) ?? NotUTF8(position: length, byte: bytes.last ?? 0)
    }

    /// Whether the value at `index` is a number of Lua's integer subtype (`math.type` says
    /// `integer`); a float with an integral value (`2.0`) is not.
    package func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    /// The integer at `index` (nil unless it is a number with an integer value).
    package func integer(at index: Int32) -> Int? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    /// The number at `index` (nil unless it is a number).
    package func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The value at `index` as Lua tests conditions: false only for nil and false.
    package func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// Whether the values at `first` and `second` are the same, without metamethods.
    package func rawEqual(_ first: Int32, _ second: Int32) -> Bool { lua_rawequal(L, first, second) != 0 }

    // MARK: Pushing

    /// `[-0, +1]` Pushes `hub_keep_caller`, which wraps a Lua function in a C function: a
    /// function called through it finds its caller's line even when called in a tail call
    /// (the prelude's `require`).
    package func pushKeepCaller() {
        lua_pushcclosure(L, hub_keep_caller, 0)
    }

    /// `[-0, +1]` Pushes a string.
    package func push(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// `[-0, +1]` Pushes `bytes` as a string.
    package func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// `[-0, +1]` Pushes an integer.
    package func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }

    /// `[-0, +1]` Pushes a float.
    package func push(_ value: Double) { lua_pushnumber(L, value) }

    /// `[-0, +1]` Pushes a boolean.
    package func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }

    /// `[-0, +1]` Pushes nil.
    package func pushNil() { lua_pushnil(L) }

    /// `[-0, +1]` Pushes a string, or nil.
    package func push(optional string: String?) {
        if let string { push(string) } else { pushNil() }
    }

    /// `[-0, +1]` Pushes the value `reference` keeps.
    package func push(_ reference: LuaReference) {
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(reference.slot))
    }

    // MARK: Tables

    /// `[-0, +1]` Pushes a new table with room for `array` elements and `record` fields.
    package func newTable(array: Int = 0, record: Int = 0) {
        lua_createtable(L, Int32(array), Int32(record))
    }

    /// `[-0, +1]` Pushes `table[key]` without metamethods.
    package func rawField(_ table: Int32, _ key: String) {
        let absolute = lua_absindex(L, table)
        push(key)
        lua_rawget(L, absolute)
    }

    /// `[-1, +0]` Sets `table[key]` to the value on top, without metamethods.
    package func setRawField(_ table: Int32, _ key: String) {
        let absolute = lua_absindex(L, table)
        push(key)
        clua_insert(L, -2)
        lua_rawset(L, absolute)
    }

    /// `[-1, +0]` Sets `table[index]` to the value on top, without metamethods.
    package func setRawIndex(_ table: Int32, _ index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    /// `[-0, +1]` Pushes `table[index]` without metamethods.
    package func rawIndex(_ table: Int32, _ index: Int) {
        lua_rawgeti(L, table, lua_Integer(index))
    }

    /// The length of the table or string at `index`, without metamethods.
    package func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Iterates the table at `index` in `next` order; `body` sees the key at -2 and the value at
    /// -1 and must leave the stack as it found it.
    package func forEachPair(_ index: Int32, _ body: () throws -> Void) rethrows {
        let table = absolute(index)
        pushNil()
        while lua_next(L, table) != 0 {
            try body()
            pop()
        }
    }

    /// `[-0, +1]` Pushes a list of strings.
    package func push(strings: [String]) {
        newTable(array: strings.count)
        for (offset, string) in strings.enumerated() {
            push(string)
            setRawIndex(-2, offset + 1)
        }
    }

    /// `[-1, +0]` Pops a table (or nil) and makes it the metatable of the value at `index`.
    package func setMetatable(_ index: Int32) {
        lua_setmetatable(L, index)
    }

    /// `[-0, +(0|1)]` Pushes the metatable of the value at `index`; false (nothing pushed) when
    /// it has none.
    package func pushMetatable(_ index: Int32) -> Bool {
        lua_getmetatable(L, index) != 0
    }

    // MARK: Functions and places

    /// `file:line: ` of the Lua function `level` levels up the call stack, or an empty string.
    package func location(level: Int32 = 1) -> String {
        luaL_where(L, level)
        let text = string(at: -1) ?? ""
        pop()
        return text
    }

    /// The chunk name (`@path` for files) of the Lua function that called the running Swift
    /// function; nil when a C function called it.
    package func callerSource() -> String? {
        var info = lua_Debug()
        guard lua_getstack(L, 1, &info) != 0, lua_getinfo(L, "S", &info) != 0, let source = info.source, let what = info.what,
            String(cString: what) != "C"
        else { return nil }
        return String(cString: source)
    }

    /// `[-1, +0]` Pops a function and returns where it is defined: its chunk name (`@path` for
    /// files) and first line; nil for a C function.
    package func popFunctionDefinition() -> (source: String, line: Int)? {
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, let source = info.source, info.linedefined >= 0 else { return nil }
        return (String(cString: source), Int(info.linedefined))
    }

    /// `file:line` of the innermost function on this thread's call stack that is a script's (not
    /// a C function, nor one of Hub's own chunks, whose names start with `=hub.`); nil when
    /// there is none. For a suspended coroutine, that is where it is waiting.
    package func scriptLocation() -> String? {
        var info = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(L, level, &info) != 0 {
            level += 1
            guard lua_getinfo(L, "Sl", &info) != 0, info.currentline >= 0, let source = info.source else { continue }
            if String(cString: source).hasPrefix("=hub.") { continue }
            let place = withUnsafeBytes(of: info.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return "\(place):\(info.currentline)"
        }
        return nil
    }

    /// Charges `cost` instructions of host work to the running budget, if any. It never raises:
    /// a budget this empties runs out at the script's next instructions.
    package func chargeBudget(_ cost: Int) {
        let limits = hub_state_limits(L)
        guard let limits, limits.pointee.budget_limit > 0 else { return }
        limits.pointee.budget -= cost
    }

    /// The run whose script is executing (see ``LuaRunLifetime``), 0 for none: set while a run
    /// is resumed, put back after, and 0 once the run has ended (`ctx:finish()`) though its
    /// script goes on.
    package var executingRun: UInt64 {
        get { hub_state_limits(L)?.pointee.run ?? 0 }
        nonmutating set { hub_state_limits(L)?.pointee.run = newValue }
    }

    /// Swift bytes one registration a script makes (a timer, a test case, a feature, ...) takes
    /// besides its strings, as the memory limit counts it.
    package static let registrationSize = 256

    /// Counts `bytes` of Swift memory the running call is about to add to models against the
    /// memory limit; throws "not enough memory" instead when that would go past it (as any
    /// charge too large to add up does).
    package func chargeMemory(_ bytes: Int) throws {
        guard let limits = hub_state_limits(L), limits.pointee.limit > 0 else { return }
        let (total, overflow) = (limits.pointee.used + limits.pointee.host_used).addingReportingOverflow(max(0, bytes))
        guard !overflow, total <= limits.pointee.limit else {
            throw LuaRaise(message: "not enough memory (the limit is \(limits.pointee.limit >> 20) MiB)")
        }
        limits.pointee.host_used += max(0, bytes)
    }

    /// Gives back `bytes` that ``chargeMemory(_:)`` counted for memory that is freed again
    /// (what drawing a screen takes while it draws): transient memory does not stay charged
    /// until the running call ends.
    package func releaseMemory(_ bytes: Int) {
        guard let limits = hub_state_limits(L), limits.pointee.limit > 0 else { return }
        limits.pointee.host_used -= min(limits.pointee.host_used, max(0, bytes))
    }

    /// Charges `instructions` of work Swift does for the running script (parsing its JSON,
    /// encoding its values) to the script's budget; throws "instruction budget exceeded"
    /// when that uses it up, and from then on the script cannot go on.
    package func chargeWork(_ instructions: Int) throws {
        guard hub_budget_debit(L, instructions) != 0, let limits = hub_state_limits(L) else { return }
        throw LuaRaise(message: "instruction budget exceeded (\(limits.pointee.budget_limit) instructions)")
    }

    /// Whether the running Swift function was called as a method (`object:name(...)`), so that
    /// argument 1 is `self`; Lua's `luaL_argerror` asks the same.
    package var isMethodCall: Bool {
        var info = lua_Debug()
        guard lua_getstack(L, 0, &info) != 0, lua_getinfo(L, "n", &info) != 0, let kind = info.namewhat else { return false }
        return String(cString: kind) == "method"
    }
}

extension String {
    /// The `count` bytes at `bytes` (a Lua string's), invalid UTF-8 repaired.
    init(luaBytes bytes: UnsafeRawPointer, count: Int) {
        // Copied into the string's own storage, then checked: a short ASCII string (an
        // identifier, most texts) is then made without validating its bytes one by one, which
        // `String(decoding:as:)` does first.
        self.init(unsafeUninitializedCapacity: count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            UnsafeMutableRawPointer(base).copyMemory(from: bytes, byteCount: count)
            return count
        }
    }
}
