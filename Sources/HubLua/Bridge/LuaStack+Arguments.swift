import HubCore

/// Reading the arguments of a Swift function called from Lua. Arguments are addressed by their
/// stack index (1 is the first, `self` for a method); errors number them as Lua does.
extension LuaStack {
    /// The error for argument `index` of `function`, as Lua's `luaL_argerror` words it: a
    /// method called with `:` does not count `self`, so its first argument after `self` is #1,
    /// and a bad `self` itself is "calling 'f' on bad self".
    func argumentError(_ index: Int32, _ function: String, _ message: String) -> LuaRaise {
        var number = index
        if isMethodCall {
            number -= 1
            if number == 0 { return LuaRaise(message: "calling '\(function)' on bad self (\(message))") }
        }
        return LuaRaise(message: "bad argument #\(number) to '\(function)' (\(message))")
    }

    /// The error for an argument of the wrong type: `(expected expected, got type)`.
    func typeError(_ index: Int32, _ function: String, expected: String) -> LuaRaise {
        argumentError(index, function, "\(expected) expected, got \(type(at: index) == .none ? "no value" : typeName(at: index))")
    }

    /// A string argument.
    func checkString(_ index: Int32, _ function: String) throws -> String {
        guard let value = string(at: index) else { throw typeError(index, function, expected: "string") }
        return value
    }

    /// A number argument as an integer (floats are floored; one too large for an integer is an
    /// error, as in Lua).
    func checkInt(_ index: Int32, _ function: String) throws -> Int {
        if let value = integer(at: index) { return value }
        guard let value = number(at: index) else { throw typeError(index, function, expected: "number") }
        guard value.isFinite, abs(value) < 9.0e15 else {
            throw argumentError(index, function, "number has no integer representation")
        }
        return Int(value.rounded(.down))
    }

    /// A table argument.
    func checkTable(_ index: Int32, _ function: String) throws {
        guard type(at: index) == .table else { throw typeError(index, function, expected: "table") }
    }

    /// A function argument.
    func checkFunction(_ index: Int32, _ function: String) throws {
        guard type(at: index) == .function else { throw typeError(index, function, expected: "function") }
    }

    /// A `namespace:name` argument.
    func checkIdentifier(_ index: Int32, _ function: String) throws -> Identifier {
        let text = try checkString(index, function)
        guard let identifier = Identifier(string: text) else {
            throw argumentError(index, function, "'namespace:name' expected, got '\(text)'")
        }
        return identifier
    }
}
