/// Reading the arguments of a Swift function called from Lua. Arguments are addressed by their
/// stack index (1 is the first, `self` for a method); errors number them as Lua does.
extension LuaStack {
    /// The error for argument `index` of `function`, as Lua's `luaL_argerror` words it: a
    /// method called with `:` does not count `self`, so its first argument after `self` is #1,
    /// and a bad `self` itself is "calling 'f' on bad self". Every argument error is made here.
    package func argumentError(_ index: Int32, _ function: String, _ message: String) -> LuaRaise {
        var number = index
        if isMethodCall {
            number -= 1
            if number == 0 { return LuaRaise(message: "calling '\(function)' on bad self (\(message))") }
        }
        return LuaRaise(message: "bad argument #\(number) to '\(function)' (\(message))")
    }

    /// The error for an argument of the wrong type: `(expected expected, got type)`.
    package func typeError(_ index: Int32, _ function: String, expected: String) -> LuaRaise {
        argumentError(index, function, valueError(index, expected: expected).problem)
    }

    /// Runs `read`, which reads argument `index` of `function` (its value, or the fields of an
    /// option table); a value it finds wrong is an argument error, naming the field it came
    /// from: `bad argument #2 to 'hub.open' (field 'width': integer expected, got string)`.
    package func argument<Result>(_ index: Int32, _ function: String, _ read: () throws -> Result) throws -> Result {
        do {
            return try read()
        } catch let error as LuaValueError {
            throw argumentError(index, function, error.description)
        }
    }

    /// Reads the option table at argument `index` of `function` with `read`, which is not
    /// called when the argument is nil or absent; anything else than a table, or a key not in
    /// `known` (a typo), is an error.
    package func options(_ index: Int32, _ function: String, known: [String], _ read: () throws -> Void) throws {
        if isNil(index) { return }
        guard type(at: index) == .table else { throw typeError(index, function, expected: "table or nil") }
        if let problem = TableKeys.firstUnknownKey(self, table: index, known: known) {
            throw argumentError(index, function, problem)
        }
        try argument(index, function, read)
    }

    /// A string argument.
    package func checkString(_ index: Int32, _ function: String) throws -> String {
        guard let value = string(at: index) else { throw typeError(index, function, expected: "string") }
        return value
    }

    /// An optional string argument (a number as text); nil for nil or none.
    package func optionalString(_ index: Int32, _ function: String) throws -> String? {
        try argument(index, function) { try optionalString(at: index) }
    }

    /// A number argument as an integer (floats are floored; one too large for an integer is an
    /// error, as in Lua).
    package func checkInt(_ index: Int32, _ function: String) throws -> Int {
        if let value = integer(at: index) { return value }
        guard let value = number(at: index) else { throw typeError(index, function, expected: "number") }
        guard value.isFinite, abs(value) < 9.0e15 else {
            throw argumentError(index, function, "number has no integer representation")
        }
        return Int(value.rounded(.down))
    }

    /// A wait in milliseconds, up to `longest`: fractions are dropped, and a negative wait is 0.
    package func checkMilliseconds(_ index: Int32, _ function: String, upTo longest: Int) throws -> Int {
        guard let value = number(at: index) else { throw typeError(index, function, expected: "number") }
        let milliseconds = integer(at: index) ?? (value <= Double(longest) ? Int(max(value, 0)) : Int.max)
        guard milliseconds <= longest else {
            throw argumentError(index, function, "milliseconds up to \(longest) expected, got \(shownValue(at: index))")
        }
        return max(milliseconds, 0)
    }

    /// A table argument.
    package func checkTable(_ index: Int32, _ function: String) throws {
        guard type(at: index) == .table else { throw typeError(index, function, expected: "table") }
    }

    /// A function argument.
    package func checkFunction(_ index: Int32, _ function: String) throws {
        guard type(at: index) == .function else { throw typeError(index, function, expected: "function") }
    }
}
