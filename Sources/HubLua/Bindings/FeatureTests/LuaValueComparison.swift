import HubCore
internal import LuaBridge

/// Deep comparison of two Lua values, for `hub.expect_equal`: tables (model tables too) are
/// compared key by key without metamethods, recursively; anything else by raw equality (so `1`
/// equals `1.0`, and a function or userdata only itself). Each difference names where it is,
/// as a path from the compared values (`body[2].title`), and what it is:
///
/// - `body[2].title: expected "Rome", got "Roma"`
/// - `custom.flag: missing (expected true)`: a key `expected` has that `actual` lacks
/// - `custom.extra: extra key (got 3)`: a key `actual` has that `expected` lacks
///
/// Keys are visited in a stable order: integers, then other numbers, strings, booleans, and
/// other keys in the order the tables hold them.
struct LuaValueComparison {
    /// One place where the values differ.
    struct Difference: Equatable, CustomStringConvertible {
        /// Where, from the compared values (`body[2].title`); empty for the values themselves.
        var path: String
        /// What differs there: `expected "Rome", got "Roma"`.
        var problem: String

        /// `path: problem`, or the problem alone at the top.
        var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
    }

    /// A table key, as the comparison orders and names it.
    private enum Key: Comparable {
        case integer(Int)
        case float(Double)
        case string(String)
        case boolean(Bool)
        /// A table, function, userdata or thread key: its type name and its place in the table.
        case other(String, Int)

        /// The rank of the key's kind in the order keys are visited.
        private var rank: Int {
            switch self {
            case .integer: 0
            case .float: 1
            case .string: 2
            case .boolean: 3
            case .other: 4
            }
        }

        static func < (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case (.integer(let a), .integer(let b)): a < b
            case (.float(let a), .float(let b)): a < b
            case (.string(let a), .string(let b)): Array(a.utf8).lexicographicallyPrecedes(b.utf8)
            case (.boolean(let a), .boolean(let b)): !a && b
            case (.other(_, let a), .other(_, let b)): a < b
            default: lhs.rank < rhs.rank
            }
        }

        /// The key in a path after `path`: `.name` (`name` at the top), `[2]`, `["two words"]`.
        func appended(to path: String) -> String {
            switch self {
            case .integer(let value): "\(path)[\(value)]"
            case .float(let value): "\(path)[\(value)]"
            case .string(let name) where LuaValueComparison.isName(name): path.isEmpty ? name : "\(path).\(name)"
            case .string(let text): "\(path)[\(LuaValueComparison.quoted(text))]"
            case .boolean(let value): "\(path)[\(value)]"
            case .other(let type, _): "\(path)[<\(type)>]"
            }
        }

        /// The key in a table shown inline: `name = `, `[2] = `, `["two words"] = `.
        var field: String {
            if case .string(let name) = self, LuaValueComparison.isName(name) { return "\(name) = " }
            return appended(to: "") + " = "
        }
    }

    /// The differences reported at most; the comparison stops at the next one.
    static let maximumDifferences = 20
    /// How deep tables are compared; deeper tables are reported instead.
    static let maximumDepth = 100
    /// The characters a shown value takes at most before it is cut short with `…`.
    static let shownLength = 80
    /// What visiting one table entry costs the running instruction budget.
    static let entryCost = 20

    private let stack: LuaStack
    /// The differences found, in order.
    private(set) var differences: [Difference] = []
    /// Whether there were more differences than ``maximumDifferences`` (the comparison stopped).
    private(set) var isCut = false
    /// The stack slots of the tables being compared, outermost first, so that cycles end.
    private var comparing: [(expected: Int32, actual: Int32)] = []

    /// Compares the value at `actual` with the one at `expected` on `stack`; throws when the
    /// work goes past the running instruction budget.
    init(_ stack: LuaStack, actual: Int32, expected: Int32) throws {
        self.stack = stack
        try compare(expected: stack.absolute(expected), actual: stack.absolute(actual), path: "", depth: 0)
    }

    // MARK: Comparing

    private mutating func report(_ path: String, _ problem: String) {
        guard differences.count < Self.maximumDifferences else {
            isCut = true
            return
        }
        differences.append(Difference(path: path, problem: problem))
    }

    private mutating func compare(expected: Int32, actual: Int32, path: String, depth: Int) throws {
        if stack.rawEqual(expected, actual) { return }
        guard stack.type(at: expected) == .table, stack.type(at: actual) == .table else {
            report(path, "expected \(show(expected)), got \(show(actual))")
            return
        }
        guard depth < Self.maximumDepth else {
            report(path, "tables nested more than \(Self.maximumDepth) deep, not compared")
            return
        }
        // Comparing these two tables already, further out: what differs is reported there.
        guard !comparing.contains(where: { stack.rawEqual($0.expected, expected) && stack.rawEqual($0.actual, actual) }) else { return }
        comparing.append((expected, actual))
        defer { comparing.removeLast() }
        try compareTables(expected: expected, actual: actual, path: path, depth: depth)
    }

    /// Compares the entries of two tables: `expected`'s keys first, then the keys only
    /// `actual` has.
    private mutating func compareTables(expected: Int32, actual: Int32, path: String, depth: Int) throws {
        guard stack.ensureRoom(8) else {
            report(path, "tables nested too deeply to compare")
            return
        }
        let expectedKeys = try pushKeys(of: expected)
        let list = stack.top
        for (key, position) in expectedKeys where !isCut {
            stack.rawIndex(list, position)
            let keyIndex = stack.top
            try pushRawValue(of: expected, at: keyIndex)
            try pushRawValue(of: actual, at: keyIndex)
            if stack.isNil(-1) {
                report(key.appended(to: path), "missing (expected \(show(-2)))")
            } else {
                try compare(expected: stack.top - 1, actual: stack.top, path: key.appended(to: path), depth: depth + 1)
            }
            stack.pop(3)
        }
        stack.pop()
        let actualKeys = try pushKeys(of: actual)
        let actualList = stack.top
        for (key, position) in actualKeys where !isCut {
            stack.rawIndex(actualList, position)
            let keyIndex = stack.top
            try pushRawValue(of: expected, at: keyIndex)
            if stack.isNil(-1) {
                try pushRawValue(of: actual, at: keyIndex)
                report(key.appended(to: path), "extra key (got \(show(-1)))")
                stack.pop()
            }
            stack.pop(2)
        }
        stack.pop()
    }

    /// `[-0, +1]` Pushes a list of the keys of the table at `table`; returns each key and its
    /// place in the list, in the order keys are visited. With `charging`, each key costs the
    /// running budget (and it throws when that runs out).
    private func pushKeys(of table: Int32, charging: Bool = true) throws -> [(key: Key, position: Int)] {
        let table = stack.absolute(table)
        stack.newTable()
        let list = stack.top
        var keys: [(key: Key, position: Int)] = []
        try stack.forEachPair(table) {
            if charging { try stack.chargeWork(Self.entryCost) }
            stack.pushValue(-2)
            stack.setRawIndex(list, keys.count + 1)
            keys.append((key(at: -2, place: keys.count), keys.count + 1))
        }
        return keys.sorted { $0.key < $1.key }
    }

    /// `[-0, +1]` Pushes `table[key]` without metamethods, `key` being the value at
    /// `keyIndex`: integers and UTF-8 strings are looked up, other keys found by going through
    /// the table, which with `charging` costs the running budget (and throws when that runs out).
    private func pushRawValue(of table: Int32, at keyIndex: Int32, charging: Bool = true) throws {
        if let integer = stack.integer(at: keyIndex) {
            stack.rawIndex(table, integer)
        } else if let string = stack.string(at: keyIndex), isSame(string, as: keyIndex) {
            stack.rawField(table, string)
        } else {
            stack.pushNil()
            let found = stack.top
            try stack.forEachPair(table) {
                if charging { try stack.chargeWork(Self.entryCost) }
                if stack.rawEqual(-2, keyIndex) {
                    stack.pushValue(-1)
                    stack.replace(found)
                }
            }
        }
    }

    /// Whether `string` is byte for byte the string at `index` (it is not when that one is not
    /// UTF-8, and reading it replaced bytes).
    private func isSame(_ string: String, as index: Int32) -> Bool {
        stack.push(string)
        defer { stack.pop() }
        return stack.rawEqual(-1, index)
    }

    /// The key at `index`, the `place`th of its table.
    private func key(at index: Int32, place: Int) -> Key {
        switch stack.type(at: index) {
        case .number: stack.integer(at: index).map(Key.integer) ?? .float(stack.number(at: index) ?? 0)
        case .string: .string(stack.string(at: index) ?? "")
        case .boolean: .boolean(stack.boolean(at: index))
        default: .other(stack.typeName(at: index), place)
        }
    }

    // MARK: Showing values

    /// The value at `index` as a difference shows it: a string quoted as Lua writes it, a
    /// number as Swift writes it exactly, a table inline (`{1, 2, title = "Rome"}`, cut short
    /// with `…`), anything else by its type name.
    private func show(_ index: Int32) -> String {
        var text = ""
        append(index, to: &text, depth: 0)
        return text
    }

    private func append(_ index: Int32, to text: inout String, depth: Int) {
        let index = stack.absolute(index)
        switch stack.type(at: index) {
        case .none, .nil: text += "nil"
        case .boolean: text += stack.boolean(at: index) ? "true" : "false"
        case .number: text += stack.integer(at: index).map(String.init) ?? "\(stack.number(at: index) ?? 0)"
        case .string: text += Self.quoted(stack.string(at: index) ?? "", limit: Self.shownLength)
        case .table: appendTable(index, to: &text, depth: depth)
        default: text += stack.typeName(at: index)
        }
    }

    /// Appends the table at `index` inline: its keys in order, nested tables one level deep.
    private func appendTable(_ index: Int32, to text: inout String, depth: Int) {
        guard depth < 2, stack.ensureRoom(6), let keys = try? pushKeys(of: index, charging: false) else {
            text += "{…}"
            return
        }
        let list = stack.top
        text += "{"
        for (number, (key, position)) in keys.enumerated() {
            guard text.count < Self.shownLength else {
                text += "…"
                break
            }
            if number > 0 { text += ", " }
            if key != .integer(number + 1) { text += key.field }
            stack.rawIndex(list, position)
            if (try? pushRawValue(of: index, at: stack.top, charging: false)) == nil { stack.pushNil() }
            append(-1, to: &text, depth: depth + 1)
            stack.pop(2)
        }
        text += "}"
        stack.pop()
    }

    /// Whether `text` is a Lua name (and so written `.name` in a path).
    static func isName(_ text: String) -> Bool {
        let letter = { (scalar: Unicode.Scalar) in scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, letter(first) else { return false }
        let keywords: Set<String> = [
            "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
            "not", "or", "repeat", "return", "then", "true", "until", "while",
        ]
        return !keywords.contains(text)
            && text.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
    }

    /// `text` in double quotes, escaped as Lua would read it back, cut short after `limit`
    /// characters with `…`.
    static func quoted(_ text: String, limit: Int = .max) -> String {
        LuaQuoting.quoted(text, limit: limit)
    }
}
