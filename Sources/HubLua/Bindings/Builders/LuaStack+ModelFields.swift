import HubCore
internal import LuaBridge

/// Values of Hub's model read from the stack: JSON objects and `namespace:name` identifiers,
/// as fields (`...(at:)`) and as arguments, whose errors number the argument.
extension LuaStack {
    /// The table at `index` as a JSON object; nil for nil.
    func optionalJSONObject(at index: Int32) throws -> JSONDictionary? {
        if isNil(index) { return nil }
        guard type(at: index) == .table else { throw valueError(index, expected: "table") }
        guard case .object(let dictionary) = try json(at: index) else {
            throw LuaValueError(problem: "table with string keys expected, got a list")
        }
        return dictionary
    }

    /// The `namespace:name` string at `index`.
    func identifier(at index: Int32) throws -> Identifier {
        let text = try requiredString(at: index)
        guard let identifier = Identifier(string: text) else {
            throw LuaValueError(problem: "'namespace:name' expected, got '\(text)'")
        }
        return identifier
    }

    /// An optional table argument as a JSON object; nil for nil or none.
    func optionalJSONObject(_ index: Int32, _ function: String) throws -> JSONDictionary? {
        try argument(index, function) { try optionalJSONObject(at: index) }
    }

    /// A `namespace:name` argument.
    func checkIdentifier(_ index: Int32, _ function: String) throws -> Identifier {
        try argument(index, function) { try identifier(at: index) }
    }
}
