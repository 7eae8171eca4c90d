import CLua

extension LuaState {
    /// The completions of `text` (the end of a line typed at a prompt) among the names the
    /// scripts of `environment` see: its globals, or the fields of the table a dotted path names
    /// (following `__index` tables), or the properties and methods of a Hub object (`s.mo` →
    /// `s.model`); after `:`, methods only (`s:ren` → `s:render`). Each is the whole text
    /// completed. Only raw reads: no script runs.
    func completions(of text: String, in environment: LuaReference) -> [String] {
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
                guard Self.rawLookup(stack, String(name)) else { return [] }
            }
            prefix = String(path[...separator])
            partial = String(path[path.index(after: separator)...])
        }
        let names = Set(Self.memberNames(stack, methodsOnly: methodsOnly)).filter { $0.hasPrefix(partial) && $0.first.map { !$0.isNumber } == true }
        return names.sorted().map { head + prefix + $0 }
    }

    /// `[-1, +1]` Replaces the value on top with its field `name`, read raw (through `__index`
    /// tables, not functions); false (and the value left) when there is none.
    private static func rawLookup(_ stack: LuaStack, _ name: String) -> Bool {
        for _ in 0..<8 {
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
                stack.rawField(-1, methodsOnly ? LuaClass<LuaState>.methodsField : LuaClass<LuaState>.membersField)
                if stack.type(at: -1) == .table {
                    for position in stride(from: 1, through: stack.rawLength(-1), by: 1) {
                        stack.rawIndex(-1, position)
                        if let name = stack.string(at: -1) { names.append(name) }
                        stack.pop()
                    }
                }
                break
            }
            stack.rawField(-1, "__index")
        }
        return names
    }
}
