/// The header fields of an HTTP request or response, in order, with lower-case names.
public struct HubHTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in order; a name may repeat.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// `fields` in order, their names lower-cased.
    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { add(name, value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The values of the fields named `name` (any case), joined with ", "; nil when there is none.
    public subscript(name: String) -> String? {
        let name = name.lowercased()
        let values = fields.filter { $0.name == name }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Adds a field `name` (lower-cased) with `value` after the others.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name.lowercased(), value))
    }

    /// Replaces every field named `name` with one whose value is `value` (nil: removes them).
    public mutating func set(_ name: String, _ value: String?) {
        let name = name.lowercased()
        fields.removeAll { $0.name == name }
        if let value { fields.append((name, value)) }
    }

    /// Whether a field is named `name` (any case).
    public func contains(_ name: String) -> Bool {
        let name = name.lowercased()
        return fields.contains { $0.name == name }
    }

    /// How many bytes the names and values take.
    public var byteCount: Int {
        fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HubHTTPHeaders, rhs: HubHTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
