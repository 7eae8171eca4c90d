import HubCore

/// The body of `POST /views/{uri}/actions`: `{"component": "id", "path": [0, 1], "id": "ns:name",
/// "custom": {...}}`. The component is named by its identifier (a body component, or else the
/// first child, header or overlay that has it) or by its index path in the body; with an action
/// `id` that action is performed for it, as the component would; without, it is selected, as a
/// tap would (its target's actions, else the selection action, which navigates).
struct ActionRequest: Sendable, Equatable {
    var component: String?
    var path: [Int]?
    var action: Identifier?
    var customData: JSONDictionary?

    /// The request `body` describes; 400 when it is not JSON, not an object, names no component
    /// or has a member of the wrong type.
    init(body: [UInt8]) throws(ViewFailure) {
        let object = try Self.object(body)
        if let unknown = object.keys.sorted().first(where: { !Self.members.contains($0) }) {
            throw .badRequest("unknown member '\(unknown)' (known: \(Self.members.joined(separator: ", ")))")
        }
        component = try Self.member(object, "component", expected: "a string") { $0.stringValue }
        path = try Self.member(object, "path", expected: "an array of integers") { value in
            value.arrayValue.flatMap { elements in
                let indexes = elements.compactMap(\.intValue)
                return indexes.count == elements.count && !indexes.isEmpty ? indexes : nil
            }
        }
        action = try Self.member(object, "id", expected: "an action identifier 'namespace:name'") {
            $0.stringValue.flatMap(Identifier.init(string:))
        }
        customData = try Self.member(object, "custom", expected: "an object") { $0.objectValue }
        guard component != nil || path != nil else {
            throw .badRequest("the body must name a component: \"component\" (its identifier) or \"path\" (its index path)")
        }
    }

    private static let members = ["component", "custom", "id", "path"]

    /// The JSON object `body` holds; 400 when it is not JSON, or not an object.
    static func object(_ body: [UInt8]) throws(ViewFailure) -> JSONDictionary {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: body)
        } catch {
            throw .badRequest("the body is not JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .badRequest("the body must be a JSON object") }
        return object
    }

    /// The member `key` of `object` read by `read`; nil when absent (or null), 400 when `read`
    /// cannot read it.
    private static func member<Value>(
        _ object: JSONDictionary, _ key: String, expected: String, _ read: (JSONValue) -> Value?
    ) throws(ViewFailure) -> Value? {
        guard let value = object[key], value != .null else { return nil }
        guard let read = read(value) else { throw .badRequest("\"\(key)\" must be \(expected)") }
        return read
    }
}
