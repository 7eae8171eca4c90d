/// A JSON value: what custom data, metadata and logging data hold, and what the JSON parser produces.
///
/// Integers and floating-point numbers are kept apart so that `15` stays `15` when serialized.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number without a fraction or exponent that fits in an `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The dictionary, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let dictionary) = self { return dictionary }
        return nil
    }

    /// The array, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number as an integer, when this is an integer or a float with no fractional part.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e15: return Int(value)
        default: return nil
        }
    }

    /// How many values this one holds, itself included (an array of two numbers: 3).
    public var valueCount: Int {
        switch self {
        case .array(let items): return items.reduce(1) { $0 + $1.valueCount }
        case .object(let members): return members.values.reduce(1) { $0 + $1.valueCount }
        default: return 1
        }
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value under `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// A JSON object, as held by models' custom data, metadata and logging data.
public typealias JSONDictionary = [String: JSONValue]

extension JSONDictionary {
    /// This dictionary with `other`'s entries added; `other` wins on conflicting keys.
    func merging(overriding other: JSONDictionary) -> JSONDictionary {
        merging(other) { _, new in new }
    }
}
