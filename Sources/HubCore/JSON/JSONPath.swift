/// A path into a JSON dictionary: a list of operations, each mapping one value to zero or more
/// values. Extend it with ``goTo(_:)``, ``forEach()``, ``run(_:)`` and ``combine(with:)``, then
/// pick a typed destination (``stringPath``, ``dictionaryPath``, …) to read values with it.
///
/// Evaluation starts with the root dictionary and applies each operation to every current
/// value in order; values an operation cannot handle drop out. Every operation returns a new
/// path and leaves its receiver unchanged.
public struct JSONPath {
    private enum Operation {
        case goTo(String)
        case forEach
        case run((JSONValue) -> JSONValue?)
        case combine(JSONPath, JSONPath)
    }

    private let operations: [Operation]
    /// The same path as a key chain when it is one, as every default-schema path is: read by
    /// direct lookups instead of the general walk's recursion, closures and trail.
    private let keyChain: KeyChain?

    /// The empty path: its only value is the root dictionary itself.
    public init() {
        self.init(operations: [])
    }

    private init(operations: [Operation]) {
        self.operations = operations
        keyChain = KeyChain(operations)
    }

    private func appending(_ operation: Operation) -> JSONPath {
        JSONPath(operations: operations + [operation])
    }

    /// Goes to the value under `key` of a dictionary (null included); anything else drops out.
    public func goTo(_ key: String) -> JSONPath {
        appending(.goTo(key))
    }

    /// Replaces an array by its elements, in order; anything else drops out.
    public func forEach() -> JSONPath {
        appending(.forEach)
    }

    /// Replaces each value by what `transform` returns for it; a nil result drops out. The
    /// result's type is checked only by a later type check (such as the destination's).
    public func run(_ transform: @escaping (JSONValue) -> JSONValue?) -> JSONPath {
        appending(.run(transform))
    }

    /// A path whose values are this path's values followed by `other`'s (both evaluated from
    /// the root). Single-value reads take the first, so
    /// `goTo("id").combine(with: JSONPath().goTo("identifier"))` prefers `id` and falls back to
    /// `identifier`.
    public func combine(with other: JSONPath) -> JSONPath {
        JSONPath(operations: [.combine(self, other)])
    }

    /// The keys of this path and whether a ``forEach()`` ends it, when it is nothing else.
    var plainKeys: (keys: [String], forEach: Bool)? {
        keyChain.map { ($0.keys, $0.forEach) }
    }

    /// Every value this path reaches in `dictionary`, in order.
    public func values(from dictionary: JSONDictionary) -> [JSONValue] {
        var values: [JSONValue] = []
        visitValues(in: dictionary) { value in
            values.append(value)
            return true
        }
        return values
    }

    /// Calls `visit` with each value this path reaches in `dictionary`, in order, until it
    /// returns false.
    func visitValues(in dictionary: JSONDictionary, _ visit: (JSONValue) -> Bool) {
        if let keyChain {
            keyChain.visitValues(in: dictionary, visit)
            return
        }
        var trail = UntrackedTrail()
        _ = walk(.object(dictionary), from: 0, trail: &trail) { value, _ in visit(value) }
    }

    /// Calls `visit` with each value this path reaches in `dictionary` and where it is, below
    /// `base` (the dictionary's own place in its document), in order, until it returns false.
    func visitLocatedValues(in dictionary: JSONDictionary, at base: JSONPointer, _ visit: (JSONValue, JSONPointer) -> Bool) {
        var trail = base
        _ = walk(.object(dictionary), from: 0, trail: &trail, visit)
    }

    /// Applies the operations from `index` on to `value`, which is at `trail`; false once
    /// `visit` asked to stop.
    private func walk<Trail: JSONTrail>(
        _ value: JSONValue, from index: Int, trail: inout Trail, _ visit: (JSONValue, Trail) -> Bool
    ) -> Bool {
        guard index < operations.count else { return visit(value, trail) }
        switch operations[index] {
        case .goTo(let key):
            guard case .object(let dictionary) = value, let next = dictionary[key] else { return true }
            trail.enter(.key(key))
            defer { trail.leave() }
            return walk(next, from: index + 1, trail: &trail, visit)
        case .forEach:
            guard case .array(let elements) = value else { return true }
            for (position, element) in elements.enumerated() {
                trail.enter(.index(position))
                defer { trail.leave() }
                if !walk(element, from: index + 1, trail: &trail, visit) { return false }
            }
            return true
        case .run(let transform):
            guard let next = transform(value) else { return true }
            return walk(next, from: index + 1, trail: &trail, visit)
        case .combine(let first, let second):
            // Always the first operation, so `value` is the root dictionary.
            for path in [first, second] {
                let finished = path.walk(value, from: 0, trail: &trail) { reached, reachedTrail in
                    var continued = reachedTrail
                    return walk(reached, from: index + 1, trail: &continued, visit)
                }
                if !finished { return false }
            }
            return true
        }
    }
}

extension JSONPath {
    /// A path of ``goTo(_:)`` steps alone, optionally followed by one ``forEach()``.
    private struct KeyChain {
        let keys: [String]
        let forEach: Bool

        /// The chain `operations` make; nil when they make something else.
        init?(_ operations: [Operation]) {
            var keys: [String] = []
            var forEach = false
            for operation in operations {
                switch operation {
                case .goTo(let key) where !forEach: keys.append(key)
                case .forEach where !forEach: forEach = true
                default: return nil
                }
            }
            self.keys = keys
            self.forEach = forEach
        }

        /// Calls `visit` with each value the chain reaches in `dictionary`, in order, until it
        /// returns false.
        func visitValues(in dictionary: JSONDictionary, _ visit: (JSONValue) -> Bool) {
            var value = JSONValue.object(dictionary)
            for key in keys {
                guard case .object(let members) = value, let next = member(key, of: members) else { return }
                value = next
            }
            guard forEach else {
                _ = visit(value)
                return
            }
            guard case .array(let elements) = value else { return }
            for element in elements where !visit(element) { return }
        }

        /// The value under `key`. A small object is searched by comparing keys, which costs
        /// less than hashing `key` (the schema's objects mostly have a handful of members).
        private func member(_ key: String, of members: JSONDictionary) -> JSONValue? {
            guard members.count <= 8 else { return members[key] }
            for (candidate, value) in members where candidate == key { return value }
            return nil
        }
    }
}

/// A JSON path ending in a type check: the values it reads are all of type `Value`.
public struct TypedJSONPath<Value> {
    /// The path before the type check.
    private let untyped: JSONPath
    /// The value as a `Value`; nil when it fails the type check.
    private let extract: (JSONValue) -> Value?
    /// What the type check accepts, for messages: `a string`, `an object`, …
    public let expected: String
    /// Whether the type check accepts only URI references (``JSONPath/urlPath``).
    let checksURI: Bool

    fileprivate init(_ untyped: JSONPath, expected: String, checksURI: Bool = false, extract: @escaping (JSONValue) -> Value?) {
        self.untyped = untyped
        self.expected = expected
        self.checksURI = checksURI
        self.extract = extract
    }

    /// The keys of the path before the type check and whether a ``JSONPath/forEach()`` ends
    /// it, when it is nothing else.
    var plainKeys: (keys: [String], forEach: Bool)? {
        untyped.plainKeys
    }

    /// The path up to and including the type check; extend it to go further (values that fail
    /// the check never reach the operations added after it).
    public var path: JSONPath {
        untyped.run { [extract] value in extract(value) == nil ? nil : value }
    }

    /// Every value of type `Value` the path reaches in `dictionary`, in order.
    public func values(from dictionary: JSONDictionary) -> [Value] {
        var values: [Value] = []
        untyped.visitValues(in: dictionary) { value in
            if let typed = extract(value) { values.append(typed) }
            return true
        }
        return values
    }

    /// The first value of type `Value` the path reaches in `dictionary`, if any. Evaluation
    /// stops there: ``JSONPath/run(_:)`` closures never see the values after it.
    public func value(from dictionary: JSONDictionary) -> Value? {
        var first: Value?
        untyped.visitValues(in: dictionary) { value in
            first = extract(value)
            return first == nil
        }
        return first
    }

    /// Every value the path reaches in `dictionary`, with where it is (below `base`, the
    /// dictionary's place in its document): its `Value`, or nil when it fails the type check.
    public func locatedValues(from dictionary: JSONDictionary, at base: JSONPointer) -> [(value: JSONValue, typed: Value?, pointer: JSONPointer)] {
        var values: [(JSONValue, Value?, JSONPointer)] = []
        untyped.visitLocatedValues(in: dictionary, at: base) { value, pointer in
            values.append((value, extract(value), pointer))
            return true
        }
        return values
    }
}

extension JSONPath {
    /// Reads booleans.
    public var boolPath: TypedJSONPath<Bool> {
        TypedJSONPath(self, expected: "a boolean") { $0.boolValue }
    }

    /// Reads integers (and floating-point numbers without a fractional part).
    public var integerPath: TypedJSONPath<Int> {
        TypedJSONPath(self, expected: "an integer") { $0.intValue }
    }

    /// Reads strings.
    public var stringPath: TypedJSONPath<String> {
        TypedJSONPath(self, expected: "a string") { $0.stringValue }
    }

    /// Reads strings that are RFC 3986 URI references (absolute or relative, not empty).
    public var urlPath: TypedJSONPath<String> {
        TypedJSONPath(self, expected: "a URI reference", checksURI: true) { value in
            value.stringValue.flatMap { URIReference.isValid($0) ? $0 : nil }
        }
    }

    /// Reads dictionaries.
    public var dictionaryPath: TypedJSONPath<JSONDictionary> {
        TypedJSONPath(self, expected: "an object") { $0.objectValue }
    }
}
