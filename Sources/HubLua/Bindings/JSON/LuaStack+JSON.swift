import HubCore
internal import LuaBridge

/// JSON values to and from Lua values: objects and arrays are tables, null is nil.
extension LuaStack {
    /// The deepest table nesting converted to JSON.
    static let maximumTableDepth = 200

    /// `[-0, +1]` Pushes a JSON value as plain Lua values.
    func push(json value: JSONValue) {
        ensureNestingRoom()
        switch value {
        case .null: pushNil()
        case .bool(let flag): push(flag)
        case .int(let number): push(number)
        case .double(let number): push(number)
        case .string(let string): push(string)
        case .array(let items):
            newTable(array: items.count)
            for (offset, item) in items.enumerated() {
                push(json: item)
                setRawIndex(-2, offset + 1)
            }
        case .object(let dictionary):
            push(json: dictionary)
        }
    }

    /// `[-0, +1]` Pushes a JSON object as a table.
    func push(json dictionary: JSONDictionary) {
        newTable(record: dictionary.count)
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] else { continue }
            push(json: value)
            setRawField(-2, key)
        }
    }

    /// `[-0, +1]` Pushes a JSON object as a table, or nil.
    func push(optionalJSON dictionary: JSONDictionary?) {
        if let dictionary { push(json: dictionary) } else { pushNil() }
    }

    /// Swift bytes a JSON value takes besides its strings' bytes, as the memory limit counts it.
    static let jsonValueSize = 48

    /// How many Swift bytes reading JSON text may take per byte of text, as the memory limit
    /// counts it (the parsed values are larger than their text).
    static let jsonExpansion = 8

    /// The Lua value at `index` as JSON that reads back as the same Lua value: a table with
    /// keys 1...n is an array, any other table an object with string keys; an integer stays an
    /// integer and a float a float (`2.0`, `-0.0`). Throws on functions, userdata, cycles and
    /// non-string keys, on what JSON cannot hold (a string that is not UTF-8 text, NaN or an
    /// infinity: ``LuaValueError``s naming where in the value, `[2].name`), and when the copy
    /// goes past the memory limit. Nothing is replaced or dropped.
    func json(at index: Int32, depth: Int = 0) throws -> JSONValue {
        try chargeMemory(LuaStack.jsonValueSize)
        switch type(at: index) {
        case .nil, .none: return .null
        case .boolean: return .bool(boolean(at: index))
        case .number:
            if isInteger(at: index), let integer = integer(at: index) { return .int(integer) }
            let number = number(at: index) ?? 0
            guard number.isFinite else {
                throw LuaValueError(problem: "JSON cannot hold \(number.isNaN ? "NaN" : number < 0 ? "-inf" : "inf")")
            }
            return .double(number)
        case .string:
            let text: String
            do {
                text = try utf8String(at: index) ?? ""
            } catch {
                throw LuaValueError(problem: "JSON cannot hold a string that is not UTF-8 text (\(error))")
            }
            try chargeMemory(text.utf8.count)
            return .string(text)
        case .table:
            ensureNestingRoom()
            guard depth < LuaStack.maximumTableDepth else {
                throw LuaRaise(message: "table nested deeper than \(LuaStack.maximumTableDepth) levels (a cycle?)")
            }
            let table = absolute(index)
            let length = rawLength(table)
            var count = 0
            forEachPair(table) { count += 1 }
            if length > 0 && length == count {
                var items: [JSONValue] = []
                items.reserveCapacity(length)
                for position in 1...length {
                    rawIndex(table, position)
                    defer { pop() }
                    items.append(try LuaValueError.inField("[\(position)]") { try json(at: -1, depth: depth + 1) })
                }
                return .array(items)
            }
            var dictionary: JSONDictionary = [:]
            try forEachPair(table) {
                let key: String
                do {
                    guard let string = try utf8String(at: -2) else {
                        throw LuaRaise(message: "table keys must be strings to convert to JSON, got \(typeName(at: -2))")
                    }
                    key = string
                } catch let error as NotUTF8 {
                    throw LuaValueError(problem: "JSON cannot hold a key that is not UTF-8 text (\(error))")
                }
                try chargeMemory(key.utf8.count)
                do {
                    dictionary[key] = try json(at: -1, depth: depth + 1)
                } catch let error as LuaValueError {
                    throw error.within(Self.shownKey(key))
                }
            }
            return .object(dictionary)
        default:
            throw LuaRaise(message: "cannot convert a \(typeName(at: index)) value to JSON")
        }
    }

    /// `key` as the path of an error shows it: cut after 40 bytes, so that a path through a
    /// script's long keys (200 levels of them at most) stays a line, not megabytes.
    static func shownKey(_ key: String) -> String {
        key.utf8.count <= 40 ? key : String(decoding: key.utf8.prefix(40), as: UTF8.self) + "…"
    }

    /// Instructions of the script's budget that JSON costs: per byte of text read or written,
    /// and per value read (each then goes into a model, which takes a microsecond or so).
    static let jsonWorkPerByte = 1
    static let jsonWorkPerValue = 100

    /// A JSON argument: text to parse, or a Lua table. Malformed text is an error giving its
    /// line and column, and `source:` (the optional string argument after it, e.g. a file name).
    /// Charged to the script's memory and budget by its size.
    func jsonArgument(_ index: Int32, _ function: String) throws -> JSONValue {
        if let text = string(at: index) {
            try chargeMemory(text.utf8.count * LuaStack.jsonExpansion)
            try chargeWork(text.utf8.count * LuaStack.jsonWorkPerByte)
            let value: JSONValue
            do {
                value = try JSONParser.parse(text)
            } catch {
                throw LuaRaise(message: "\(function): \(error.contentError(source: string(at: index + 1)))")
            }
            try chargeWork(value.valueCount * LuaStack.jsonWorkPerValue)
            return value
        }
        guard type(at: index) == .table else { throw typeError(index, function, expected: "string or table") }
        let value = try json(at: index)
        try chargeWork(value.valueCount * LuaStack.jsonWorkPerValue)
        return value
    }

    /// Makes room for the few values one level of a nested conversion pushes. (The Lua API only
    /// guarantees 20 free slots; nested tables hold one slot per level.)
    func ensureNestingRoom() {
        _ = ensureRoom(8)
    }
}
