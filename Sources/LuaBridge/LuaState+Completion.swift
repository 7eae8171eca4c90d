import CLua

extension LuaState {
    /// The completions of `text` (the end of a line typed at a prompt) among the names the
    /// scripts of `environment` see: its globals, or the fields of the table a dotted path names
    /// (following `__index` tables), or the properties and methods of a Hub object (`s.mo` →
    /// `s.model`), through its properties too (`s.model.bo` → `s.model.body`); after `:`,
    /// methods only (`s:ren` → `s:render`). Each is the whole text completed. No script runs:
    /// tables are read raw, and a Hub object's property by its own getter, in protected mode.
    package func completions(of text: String, in environment: LuaReference) -> [String] {
        let isPathCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
        let start = text.lastIndex { !isPathCharacter($0) }.map(text.index(after:)) ?? text.startIndex
        let head = String(text[..<start])
        let path = text[start...]
        let stack = self.stack
        let top = stack.top
        defer { stack.pop(stack.top - top) }
        stack.push(environment)
        var prefix = ""
        var partial = String(path)
        var methodsOnly = false
        if let separator = path.lastIndex(where: { $0 == "." || $0 == ":" }) {
            methodsOnly = path[separator] == ":"
            let names = path[..<separator].split(separator: ".", omittingEmptySubsequences: false)
            guard !names.contains(where: { $0.isEmpty || $0.contains(":") }) else { return [] }
            for name in names {
                guard lookup(String(name)) else { return [] }
            }
            prefix = String(path[...separator])
            partial = String(path[path.index(after: separator)...])
        }
        let names = Set(Self.memberNames(stack, methodsOnly: methodsOnly)).filter { $0.hasPrefix(partial) && $0.first.map { !$0.isNumber } == true }
        return names.sorted().map { head + prefix + $0 }
    }

    /// `[-1, +1]` Replaces the value on top with its field `name`, read raw (through `__index`
    /// tables, not functions) or, for a Hub object, its property `name`; false (and the value
    /// left) when there is none.
    private func lookup(_ name: String) -> Bool {
        for _ in 0..<8 {
            if stack.type(at: -1) == .userdata { return readProperty(name) }
            guard stack.type(at: -1) == .table else { return false }
            stack.rawField(-1, name)
            if !stack.isNil(-1) {
                stack.remove(at: -2)
                return true
            }
            stack.pop()
            guard stack.pushMetatable(-1) else { return false }
            stack.rawField(-1, "__index")
            stack.remove(at: -2)
            stack.remove(at: -2)
        }
        return false
    }

    /// `[-1, +1]` Replaces the Hub object on top with its property `name`, read by its class's
    /// `__index` in protected mode under a small budget; false (and the object left) when
    /// `name` is not one of its properties or reading it fails.
    private func readProperty(_ name: String) -> Bool {
        guard stack.pushMetatable(-1) else { return false }
        let isProperty = Self.strings(stack, inField: LuaClass<LuaState>.membersField).contains(name)
            && !Self.strings(stack, inField: LuaClass<LuaState>.methodsField).contains(name)
        stack.rawField(-1, "__index")
        stack.remove(at: -2)
        guard isProperty else {
            stack.pop()
            return false
        }
        stack.pushValue(-2)
        stack.push(name)
        var budget = LuaBudget(total: Self.propertyReadBudget)
        do {
            try call(arguments: 2, results: 1, budget: &budget)
        } catch {
            return false
        }
        stack.remove(at: -2)
        return true
    }

    /// The instructions a property read made for completion may take.
    private static let propertyReadBudget = 100_000

    /// The strings of the list in field `field` of the table on top (none when absent).
    private static func strings(_ stack: LuaStack, inField field: String) -> [String] {
        stack.rawField(-1, field)
        defer { stack.pop() }
        guard stack.type(at: -1) == .table, stack.rawLength(-1) > 0 else { return [] }
        return (1...stack.rawLength(-1)).compactMap { position in
            stack.rawIndex(-1, position)
            defer { stack.pop() }
            return stack.string(at: -1)
        }
    }

    /// The names of the value on top (left there): a table's string keys and those of its
    /// `__index` tables, or a Hub object's properties and methods; with `methodsOnly`, only
    /// those that name functions (a Hub object's methods).
    private static func memberNames(_ stack: LuaStack, methodsOnly: Bool) -> [String] {
        var names: [String] = []
        let top = stack.top
        defer { stack.pop(stack.top - top) }
        stack.pushValue(-1)
        for _ in 0..<8 {
            if stack.type(at: -1) == .table {
                stack.forEachPair(-1) {
                    guard stack.type(at: -2) == .string, let key = stack.string(at: -2) else { return }
                    if !methodsOnly || stack.type(at: -1) == .function { names.append(key) }
                }
            }
            guard stack.pushMetatable(-1) else { break }
            if stack.type(at: -2) == .userdata {
                names += strings(stack, inField: methodsOnly ? LuaClass<LuaState>.methodsField : LuaClass<LuaState>.membersField)
                break
            }
            stack.rawField(-1, "__index")
        }
        return names
    }
}
