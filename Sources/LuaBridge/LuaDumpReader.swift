/// Reads Lua 5.4's binary chunks (ldump.c's format) far enough to find each function's line
/// information; everything else is skipped over.
struct LuaDumpReader {
    private let bytes: [UInt8]
    private var at = 0
    private var instructionSize = 4
    private var integerSize = 8
    private var numberSize = 8

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A lineinfo entry saying the instruction's line is in the absolute line list instead.
    private static let absoluteLine: Int8 = -0x80

    /// Constant tags (lobject.h's variants) and what follows each.
    private static let integerTag: UInt8 = 0x03, floatTag: UInt8 = 0x13
    private static let shortStringTag: UInt8 = 0x04, longStringTag: UInt8 = 0x14

    private var malformed: LuaError { LuaError(message: "malformed Lua binary chunk (at byte \(at))") }

    /// The next byte.
    mutating func byte() throws(LuaError) -> UInt8 {
        guard at < bytes.count else { throw malformed }
        defer { at += 1 }
        return bytes[at]
    }

    private mutating func skip(_ count: Int) throws(LuaError) {
        guard count >= 0, count <= bytes.count - at else { throw malformed }
        at += count
    }

    /// A size or int: 7 bits a byte, most significant first, the last byte marked by 0x80.
    private mutating func size() throws(LuaError) -> Int {
        var value = 0
        while true {
            let next = try byte()
            guard value < Int.max >> 8 else { throw malformed }
            value = value << 7 | Int(next & 0x7f)
            if next & 0x80 != 0 { return value }
        }
    }

    private mutating func skipString() throws(LuaError) {
        let size = try size()
        if size > 0 { try skip(size - 1) }
    }

    /// The signature, version 5.4, format 0, the check bytes (an integer and a float, whose
    /// bytes show this machine's order: little-endian, as instructions are read), and the sizes
    /// the rest uses.
    mutating func header() throws(LuaError) {
        let signature: [UInt8] = [0x1b, 0x4c, 0x75, 0x61]
        for expected in signature where try byte() != expected { throw LuaError(message: "not a Lua binary chunk") }
        guard try byte() == 0x54, try byte() == 0 else { throw LuaError(message: "not a Lua 5.4 binary chunk") }
        try skip(6)  // LUAC_DATA
        instructionSize = Int(try byte())
        integerSize = Int(try byte())
        numberSize = Int(try byte())
        guard instructionSize == 4, try byte() == 0x78 else { throw LuaError(message: "not a little-endian Lua 5.4 binary chunk") }
        try skip(integerSize - 1 + numberSize)  // the rest of LUAC_INT (0x5678), LUAC_NUM
    }

    /// One function (ldump.c's dumpFunction), with the functions inside it.
    mutating func function() throws(LuaError) -> LuaFunctionLines {
        try skipString()  // source
        let lineDefined = try size()
        let lastLineDefined = try size()
        _ = try byte()  // numparams
        let isVararg = try byte() != 0
        _ = try byte()  // maxstacksize
        let code = try size()
        var opcodes: [UInt8] = []
        opcodes.reserveCapacity(code)
        for _ in 0..<code {
            opcodes.append(try byte() & 0x7f)  // an instruction's low 7 bits, little-endian
            try skip(instructionSize - 1)
        }
        for _ in 0..<(try size()) {
            switch try byte() {
            case Self.integerTag: try skip(integerSize)
            case Self.floatTag: try skip(numberSize)
            case Self.shortStringTag, Self.longStringTag: try skipString()
            default: break  // nil, false, true
            }
        }
        try skip(try size() * 3)  // upvalues: instack, idx, kind
        var nested: [LuaFunctionLines] = []
        for _ in 0..<(try size()) { nested.append(try function()) }
        let deltas = try (0..<(try size())).map { _ throws(LuaError) in Int8(bitPattern: try byte()) }
        var absolute: [Int: Int] = [:]
        for _ in 0..<(try size()) {
            let pc = try size()
            absolute[pc] = try size()
        }
        for _ in 0..<(try size()) {  // local variables: name, startpc, endpc
            try skipString()
            _ = try size()
            _ = try size()
        }
        for _ in 0..<(try size()) { try skipString() }  // upvalue names
        var line = lineDefined
        var lines: [Int] = []
        lines.reserveCapacity(deltas.count)
        for (pc, delta) in deltas.enumerated() {
            if delta == Self.absoluteLine {
                guard let given = absolute[pc] else { throw malformed }
                line = given
            } else {
                line += Int(delta)
            }
            lines.append(line)
        }
        return LuaFunctionLines(
            lineDefined: lineDefined, lastLineDefined: lastLineDefined, isVararg: isVararg, instructionLines: lines,
            opcodes: opcodes, nested: nested)
    }
}
