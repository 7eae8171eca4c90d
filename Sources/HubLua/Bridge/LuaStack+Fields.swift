/// Reading values that stand for named fields (`row.title = v`, `{ width = 60 }`): errors name
/// the field. Strings read here are copied into Swift (mostly into models), so they count
/// against the memory limit.
extension LuaStack {
    /// The string (or number, as text) at `index`, nil for nil; an error naming `field` otherwise.
    func optionalString(_ index: Int32, field: String) throws -> String? {
        if isNil(index) { return nil }
        if let value = string(at: index) {
            try chargeMemory(value.utf8.count)
            return value
        }
        if type(at: index) == .number, let value = number(at: index) {
            return integer(at: index).map(String.init) ?? String(value)
        }
        throw LuaRaise(message: "field '\(field)' expects a string or nil, got \(typeName(at: index))")
    }

    /// The string at `index` for a field that cannot be nil.
    func checkFieldString(_ index: Int32, field: String) throws -> String {
        guard let value = string(at: index) else {
            throw LuaRaise(message: "field '\(field)' expects a string, got \(typeName(at: index))")
        }
        try chargeMemory(value.utf8.count)
        return value
    }

    /// The integer at `index`, nil for nil; an error naming `field` otherwise.
    func optionalInteger(_ index: Int32, field: String) throws -> Int? {
        if isNil(index) { return nil }
        guard let value = integer(at: index) else {
            throw LuaRaise(message: "field '\(field)' expects an integer or nil, got \(typeName(at: index))")
        }
        return value
    }

    /// `table[key]` (raw) as an optional string, or an error naming the field.
    func stringField(_ table: Int32, _ key: String) throws -> String? {
        rawField(table, key)
        defer { pop() }
        return try optionalString(-1, field: key)
    }

    /// `table[key]` (raw) as an optional integer, or an error naming the field.
    func integerField(_ table: Int32, _ key: String) throws -> Int? {
        rawField(table, key)
        defer { pop() }
        return try optionalInteger(-1, field: key)
    }

    /// `table[key]` (raw) as a boolean; nil when absent.
    func booleanField(_ table: Int32, _ key: String) -> Bool? {
        rawField(table, key)
        defer { pop() }
        return isNil(-1) ? nil : boolean(at: -1)
    }

    /// Checks that the value at `index` is a table, for a field that takes a string or a table.
    func checkTableField(_ index: Int32, field: String) throws {
        guard type(at: index) == .table else {
            throw LuaRaise(message: "field '\(field)' expects a string or a table, got \(typeName(at: index))")
        }
    }
}
