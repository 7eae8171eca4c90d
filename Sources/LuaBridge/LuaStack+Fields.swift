/// A value a binding read that is not what it should be, and the field that held it, if any.
/// The function that read it says where the value came from: an argument of a call
/// (`LuaStack.argument`, which makes it a bad-argument error) or a property being set
/// (`LuaClass`, which raises it as is).
package struct LuaValueError: Error, CustomStringConvertible {
    /// The field the value was read from, within the fields around it (`target.uri`); nil for
    /// a value read directly.
    package var field: String?
    /// What is wrong with the value, as Lua words it: `string expected, got table`.
    package let problem: String

    package init(field: String? = nil, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// `field 'target.uri': string expected, got number`, or the problem alone.
    package var description: String {
        field.map { "field '\($0)': \(problem)" } ?? problem
    }

    /// This error, about a value read from within field `key`: `target` and `uri` give
    /// `target.uri`, `operations` and `[2]` give `operations[2]`.
    package func within(_ key: String) -> LuaValueError {
        LuaValueError(field: field.map { $0.hasPrefix("[") ? "\(key)\($0)" : "\(key).\($0)" } ?? key, problem: problem)
    }

    /// Runs `read`, which reads what field `key` holds; an error about the value names the field.
    package static func inField<Result>(_ key: String, _ read: () throws -> Result) throws -> Result {
        do {
            return try read()
        } catch let error as LuaValueError {
            throw error.within(key)
        }
    }
}

/// Reading values that stand for named things (`row.title = v`, `{ width = 60 }`): each reader
/// throws a `LuaValueError` that whoever asked names. Strings read here are copied into Swift
/// (mostly into models), so they count against the memory limit.
extension LuaStack {
    /// The error for the value at `index` not being `expected`: `expected expected, got type`.
    package func valueError(_ index: Int32, expected: String) -> LuaValueError {
        LuaValueError(problem: "\(expected) expected, got \(typeName(at: index, absent: "no value"))")
    }

    /// The name of the type of the value at `index`, or `absent` when there is no value there.
    private func typeName(at index: Int32, absent: String) -> String {
        type(at: index) == .none ? absent : typeName(at: index)
    }

    /// The value at `index` as an error shows a value it did not take: a string quoted, a
    /// number as Lua writes it, anything else by its type.
    package func shownValue(at index: Int32) -> String {
        if let text = string(at: index) { return "'\(text)'" }
        if let value = integer(at: index) { return String(value) }
        if let value = number(at: index) { return "\(value)" }  // with a NaN's sign, as Lua writes it
        return typeName(at: index, absent: "no value")
    }

    /// The string at `index` (not a number).
    package func requiredString(at index: Int32) throws -> String {
        guard let value = string(at: index) else { throw valueError(index, expected: "string") }
        try chargeMemory(value.utf8.count)
        return value
    }

    /// The string (or number, as text) at `index`; nil for nil.
    package func optionalString(at index: Int32) throws -> String? {
        if isNil(index) { return nil }
        if type(at: index) == .number, let value = number(at: index) {
            return integer(at: index).map(String.init) ?? String(value)
        }
        return try requiredString(at: index)
    }

    /// The list of strings at `index` (`{ "a", "b" }`); nil for nil.
    package func optionalStrings(at index: Int32) throws -> [String]? {
        try optionalList(at: index, of: "strings") { try requiredString(at: -1) }
    }

    /// The list of integers at `index` (`{ 2, 1 }`); nil for nil.
    package func optionalIntegers(at index: Int32) throws -> [Int]? {
        try optionalList(at: index, of: "integers") {
            guard let value = try optionalInteger(at: -1) else { throw valueError(-1, expected: "integer") }
            return value
        }
    }

    /// The list at `index`, each item read by `read` from the top of the stack (an error about
    /// one names its position); nil for nil.
    private func optionalList<Item>(at index: Int32, of items: String, _ read: () throws -> Item) throws -> [Item]? {
        if isNil(index) { return nil }
        guard type(at: index) == .table else { throw valueError(index, expected: "list of \(items)") }
        let list = absolute(index)
        return try (0..<rawLength(list)).map { offset in
            rawIndex(list, offset + 1)
            defer { pop() }
            return try LuaValueError.inField("[\(offset + 1)]", read)
        }
    }

    /// The integer at `index`; nil for nil.
    package func optionalInteger(at index: Int32) throws -> Int? {
        if isNil(index) { return nil }
        if let value = integer(at: index) { return value }
        if type(at: index) == .number { throw LuaValueError(problem: "number has no integer representation") }
        throw valueError(index, expected: "integer")
    }

    /// The option at `index` named by its raw value, one of `options` (as Lua's
    /// `luaL_checkoption` reads one).
    package func option<Option: RawRepresentable<String>>(at index: Int32, _ options: [Option]) throws -> Option {
        if let text = string(at: index), let option = options.first(where: { $0.rawValue == text }) {
            return option
        }
        let names = options.map { "'\($0.rawValue)'" }
        let expected = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
        throw LuaValueError(problem: "\(expected) expected, got \(shownValue(at: index))")
    }

    /// `table[key]` (raw), read by `read` from the index it is pushed at; an error about the
    /// value names the field.
    package func field<Result>(_ table: Int32, _ key: String, _ read: (Int32) throws -> Result) throws -> Result {
        rawField(table, key)
        defer { pop() }
        let index = top
        return try LuaValueError.inField(key) { try read(index) }
    }

    /// `table[key]` (raw) as an optional string.
    package func stringField(_ table: Int32, _ key: String) throws -> String? {
        try field(table, key, optionalString(at:))
    }

    /// `table[key]` (raw) as an optional integer.
    package func integerField(_ table: Int32, _ key: String) throws -> Int? {
        try field(table, key, optionalInteger(at:))
    }

    /// `table[key]` (raw) as a boolean; nil when absent.
    package func booleanField(_ table: Int32, _ key: String) -> Bool? {
        rawField(table, key)
        defer { pop() }
        return isNil(-1) ? nil : boolean(at: -1)
    }
}
