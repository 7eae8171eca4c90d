import CLua
import CLuaShim

/// Non-raising helpers over one Lua thread's stack (the main thread, or the coroutine that
/// called a Swift function).
struct LuaStack {
    let L: OpaquePointer

    init(_ L: OpaquePointer) {
        self.L = L
    }

    var top: Int32 { lua_gettop(L) }

    func pop(_ count: Int32 = 1) { clua_pop(L, count) }

    func type(at index: Int32) -> Int32 { lua_type(L, index) }

    func typeName(at index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= 0 }

    /// The string at `index` without converting numbers (nil unless it is a string).
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    func integer(at index: Int32) -> Int? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    func push(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }

    func push(_ value: Double) { lua_pushnumber(L, value) }

    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }

    func pushNil() { lua_pushnil(L) }

    func push(optional string: String?) {
        if let string { push(string) } else { pushNil() }
    }

    func pushValue(_ index: Int32) { lua_pushvalue(L, index) }

    func newTable(array: Int = 0, record: Int = 0) {
        lua_createtable(L, Int32(array), Int32(record))
    }

    /// Pushes `table[key]` without metamethods.
    func rawField(_ table: Int32, _ key: String) {
        let absolute = lua_absindex(L, table)
        push(key)
        lua_rawget(L, absolute)
    }

    /// Sets `table[key]` to the value on top (popped), without metamethods.
    func setRawField(_ table: Int32, _ key: String) {
        let absolute = lua_absindex(L, table)
        push(key)
        clua_insert(L, -2)
        lua_rawset(L, absolute)
    }

    /// Sets `table[index]` to the value on top (popped), without metamethods.
    func setRawIndex(_ table: Int32, _ index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    /// Pushes `table[index]` without metamethods.
    func rawIndex(_ table: Int32, _ index: Int) {
        lua_rawgeti(L, table, lua_Integer(index))
    }

    func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Pushes the value a registry reference keeps alive.
    func pushReference(_ reference: Int32) {
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(reference))
    }

    func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// `file:line: ` of the Lua function `level` levels up, or an empty string.
    func location(level: Int32 = 1) -> String {
        luaL_where(L, level)
        let text = string(at: -1) ?? ""
        pop()
        return text
    }

    /// Iterates the table at `index` in `next` order; `body` sees the key at -2 and value at -1
    /// and must leave the stack as it found it.
    func forEachPair(_ index: Int32, _ body: () throws -> Void) rethrows {
        let table = absolute(index)
        pushNil()
        while lua_next(L, table) != 0 {
            try body()
            pop()
        }
    }

    /// A function argument's string, or an error naming the argument and function.
    func checkString(_ index: Int32, _ function: String) throws -> String {
        guard let value = string(at: index) else {
            throw LuaRaise(message: "bad argument #\(index) to '\(function)' (string expected, got \(typeName(at: index)))")
        }
        return value
    }

    /// A function argument that must be a table.
    func checkTable(_ index: Int32, _ function: String) throws {
        guard type(at: index) == LUA_TTABLE else {
            throw LuaRaise(message: "bad argument #\(index) to '\(function)' (table expected, got \(typeName(at: index)))")
        }
    }
}
