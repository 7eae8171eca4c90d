/// Checks the keys of tables scripts describe things with (`hub.feature { ... }`,
/// `hub.operation { ... }`, `hub.component { ... }`): a typo is an error naming the key, with
/// the closest known one, instead of being ignored.
package enum TableKeys {
    /// Throws unless every key of the table at `table` is a string in `known` (or, with
    /// `privatePrefix`, starts with it: room for an author's own helpers).
    package static func check(_ stack: LuaStack, table: Int32, known: [String], owner: String, privatePrefix: String? = nil) throws {
        try stack.forEachPair(table) {
            guard let key = stack.string(at: -2) else {
                throw LuaRaise(message: "\(owner): keys must be strings, got a \(stack.typeName(at: -2)) key")
            }
            guard known.contains(key) || privatePrefix.map(key.hasPrefix) == true else {
                throw LuaRaise(message: "\(owner): \(unknownKey(key, known: known))")
            }
        }
    }

    /// The first key of the table at `table` that is not a string in `known`, said as
    /// ``unknownKey(_:known:)`` says it; nil when every key is known.
    package static func firstUnknownKey(_ stack: LuaStack, table: Int32, known: [String]) -> String? {
        var problem: String?
        stack.forEachPair(table) {
            guard problem == nil else { return }
            let key = stack.string(at: -2) ?? "(a \(stack.typeName(at: -2)))"
            if !known.contains(key) { problem = unknownKey(key, known: known) }
        }
        return problem
    }

    /// For a required key the table at `table` lacks: `; unknown key 'perfrom'; did you mean
    /// 'perform'?` when one of its keys not in `known` is a typo of `required`, else empty.
    package static func misspelling(of required: String, _ stack: LuaStack, table: Int32, known: [String]) -> String {
        var typo: String?
        stack.forEachPair(table) {
            guard typo == nil, let key = stack.string(at: -2), !known.contains(key) else { return }
            if closest(to: key, in: known) == required { typo = key }
        }
        return typo.map { "; unknown key '\($0)'; did you mean '\(required)'?" } ?? ""
    }

    /// `unknown key 'widht'; did you mean 'width'? (known: ...)`.
    package static func unknownKey(_ key: String, known: [String]) -> String {
        "unknown key '\(key)'\(suggestion(for: key, in: known)) (known: \(known.sorted().joined(separator: ", ")))"
    }

    /// `; did you mean 'width'?` when `key` is a typo of a name in `known`, else empty.
    package static func suggestion(for key: String, in known: [String]) -> String {
        closest(to: key, in: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The known key `key` is most likely a typo of: at most two edits away.
    private static func closest(to key: String, in known: [String]) -> String? {
        known.map { ($0, distance(Array(key.utf8), Array($0.utf8))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance between `a` and `b`.
    private static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
