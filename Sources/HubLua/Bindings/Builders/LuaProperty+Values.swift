import HubCore
internal import LuaBridge

/// Properties that hold a value of a model builder, reached by key path.
extension LuaProperty {
    /// A property holding an optional string (a number is set as text).
    static func string(_ keyPath: ReferenceWritableKeyPath<Object, String?>) -> LuaProperty {
        .readWrite(
            get: { $0.push(optional: $1[keyPath: keyPath]) }, set: { $1[keyPath: keyPath] = try $0.optionalString(at: $2) })
    }

    /// A property holding an optional JSON object (a table with string keys).
    static func json(_ keyPath: ReferenceWritableKeyPath<Object, JSONDictionary?>) -> LuaProperty {
        .readWrite(
            get: { $0.push(optionalJSON: $1[keyPath: keyPath]) }, set: { $1[keyPath: keyPath] = try $0.optionalJSONObject(at: $2) })
    }
}
