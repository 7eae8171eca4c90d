/// The lines of one compiled Lua function and of the functions written inside it, read from
/// the chunk's binary dump (`lua_dump`, Lua 5.4's format, debug information kept).
///
/// Why the dump: the lines a function can run are in its line information, one entry per
/// instruction, which is what `debug.getinfo(f, "L")` reads. But that needs a closure, and a
/// nested function has one only once the code around it has run: the functions a test never
/// reaches, which coverage must count as missed, would have none. The dump holds every
/// function of the chunk, run or not, with the same line information.
package struct LuaFunctionLines: Equatable, Sendable {
    /// The line of `function` (0 for a chunk's main function).
    package var lineDefined: Int
    /// The line of its `end` (0 for a main function).
    package var lastLineDefined: Int
    /// Whether it takes `...`: its first instruction (OP_VARARGPREP) then runs before any line.
    package var isVararg: Bool
    /// The line of each of its instructions, in order.
    package var instructionLines: [Int]
    /// The opcode of each of its instructions (lopcodes.h's numbering).
    package var opcodes: [UInt8]
    /// The functions written in its body, in order.
    package var nested: [LuaFunctionLines]

    /// The lines Lua's line hook can fire on in this function alone: the set
    /// `debug.getinfo(f, "L").activelines` gives (Lua's `collectvalidlines`).
    package var activeLines: Set<Int> { Set(instructionLines.dropFirst(isVararg ? 1 : 0)) }

    /// lopcodes.h's OP_TAILCALL and OP_RETURN.
    private static let tailCallOpcode: UInt8 = 69, returnOpcode: UInt8 = 70

    /// The lines of this function's statements: its active lines without the instructions no
    /// statement runs.
    /// - The implicit return Lua compiles at a function's end. That return is the main
    ///   function's last instruction; a function written over several lines has it on its `end`
    ///   line, and what else is on that line (code written before `end`) is left out with it,
    ///   as the line hook leaves out that line's events (`hub_coverage_record`). A one-line
    ///   function keeps its line: it holds statements.
    /// - The return after a tail call (`return hub.operation { ... }`, whose closing `}` holds
    ///   it): the tail call returns for it, so it never runs.
    package var statementLines: Set<Int> {
        let first = isVararg ? 1 : 0
        var lines: [Int] = []
        for pc in instructionLines.indices where pc >= first {
            let line = instructionLines[pc]
            if lineDefined == 0 && pc == instructionLines.count - 1 { continue }
            if lineDefined != 0 && lineDefined != lastLineDefined && line == lastLineDefined { continue }
            if pc > 0, pc < opcodes.count, opcodes[pc] == Self.returnOpcode, opcodes[pc - 1] == Self.tailCallOpcode { continue }
            lines.append(line)
        }
        return Set(lines)
    }

    /// The statement lines of this function and of every function inside it: the lines of a
    /// file that can run, as coverage counts them (comments, blank lines, `end`, `else` and the
    /// inner lines of a long string hold no instruction).
    package var executableLines: Set<Int> {
        nested.reduce(into: statementLines) { $0.formUnion($1.executableLines) }
    }

    /// Reads a binary chunk as `lua_dump` writes it (not stripped).
    package init(dump bytes: [UInt8]) throws(LuaError) {
        var reader = LuaDumpReader(bytes: bytes)
        try reader.header()
        _ = try reader.byte()  // the main function's upvalue count
        self = try reader.function()
    }

    /// A function's lines as given (the dump reader makes them).
    package init(
        lineDefined: Int, lastLineDefined: Int, isVararg: Bool, instructionLines: [Int], opcodes: [UInt8], nested: [LuaFunctionLines]
    ) {
        self.lineDefined = lineDefined
        self.lastLineDefined = lastLineDefined
        self.isVararg = isVararg
        self.instructionLines = instructionLines
        self.opcodes = opcodes
        self.nested = nested
    }
}
