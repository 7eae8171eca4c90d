import Foundation

/// An error raised by Lua code, or by the bridge on its behalf.
public struct LuaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message without its location prefix.
    public var message: String
    /// `file:line` where the error was raised, when Lua knows it.
    public var location: String?
    /// The Lua stack traceback, when one was taken.
    public var traceback: String?
    /// The domain and code of an error table the script raised (`error(ctx.error)`, a failed
    /// `hub.http` request): nil for any other error.
    public var domain: String?
    public var code: Int?
    /// Where an error table raised again (`error(ctx.error)`) was handed on, earliest first:
    /// the `passed_on` it carried and the place of this `error` call.
    public var passedOn: [String] = []

    /// An error with `message`, and optionally where it was raised, its traceback, and the
    /// domain and code it belongs to.
    public init(message: String, location: String? = nil, traceback: String? = nil, domain: String? = nil, code: Int? = nil) {
        self.message = message
        self.location = location
        self.traceback = traceback
        self.domain = domain
        self.code = code
    }

    /// Splits a raw Lua error message (`file:line: message`, optionally followed by a traceback).
    public init(raw: String) {
        var text = raw
        if let range = raw.range(of: "\nstack traceback:") {
            traceback = LuaError.collapsingRepeats(String(raw[range.lowerBound...].dropFirst()))
            text = String(raw[..<range.lowerBound])
        }
        var (location, message) = LuaError.splitLocation(text)
        // Lua repeats a position when an error passes through `coroutine.wrap` or `error(e, 2)`
        // with a located message: say it once.
        if let location {
            while message.hasPrefix(location + ": ") { message.removeFirst(location.count + 2) }
        }
        self.location = location ?? traceback.flatMap(LuaError.firstScriptFrame)
        self.message = message
    }

    /// The `file:line` of the innermost frame of `traceback` that runs a script (not C, not
    /// Hub's own chunks): where an error raised by C without a position (a sort's "invalid
    /// order function for sorting", "attempt to compare two table values") comes from.
    package static func firstScriptFrame(in traceback: String) -> String? {
        for line in traceback.split(separator: "\n").dropFirst() {
            let frame = line.drop { $0 == "\t" || $0 == " " }
            guard let end = frame.range(of: ": in ") ?? frame.range(of: ": ") else { continue }
            let place = String(frame[..<end.lowerBound])
            if place.hasPrefix("[C]") || place.hasPrefix("hub.") { continue }
            let (location, _) = splitLocation(place + ": ")
            if let location { return location }
        }
        return nil
    }

    /// `traceback` with each run of identical frames (a recursion, with Lua's "...(skipping N
    /// levels)" in the middle) said once: `frame (N times)`.
    package static func collapsingRepeats(_ traceback: String) -> String {
        var runs: [(line: Substring, count: Int)] = []
        var skipped = 0
        for line in traceback.split(separator: "\n", omittingEmptySubsequences: false) {
            if let levels = skippedLevels(line) {
                skipped = levels
            } else if let last = runs.last, last.line == line {
                runs[runs.count - 1].count += 1 + skipped
                skipped = 0
            } else {
                if skipped > 0 { runs.append(("\t...\t(skipping \(skipped) levels)", 1)) }
                skipped = 0
                runs.append((line, 1))
            }
        }
        return runs.map { $0.count > 1 ? "\($0.line) (\($0.count) times)" : String($0.line) }.joined(separator: "\n")
    }

    /// N when `line` is Lua's "...(skipping N levels)" line.
    private static func skippedLevels(_ line: Substring) -> Int? {
        guard let open = line.range(of: "(skipping "), let close = line.range(of: " levels)") else { return nil }
        return Int(line[open.upperBound..<close.lowerBound])
    }

    /// Splits `file:line: rest` into (`file:line`, `rest`) when the text starts with a location.
    package static func splitLocation(_ text: String) -> (String?, String) {
        guard let colon = text.range(of: ": ") else { return (nil, text) }
        let head = text[..<colon.lowerBound]
        guard let lastColon = head.lastIndex(of: ":") else { return (nil, text) }
        let line = head[head.index(after: lastColon)...]
        guard !line.isEmpty, line.allSatisfy(\.isNumber), !head[..<lastColon].contains(" ") else { return (nil, text) }
        return (String(head), String(text[colon.upperBound...]))
    }

    /// How the message of a script stopped at its deadline begins (Sources/CLuaShim/shim.c).
    package static let timeLimitMessagePrefix = "time limit exceeded"

    /// `file:line: message`.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}

/// Thrown by Swift code called from Lua to raise a Lua error at the caller's position.
package struct LuaRaise: Error {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

/// Thrown by Swift code called from Lua to raise the value `push` pushes (an error table that
/// carries its own location), as `error(value)` does. It is thrown and caught on the thread of
/// the Lua state it pushes onto, never sent elsewhere: hence unchecked.
package struct LuaRaiseValue: Error, @unchecked Sendable {
    /// `[-0, +1]` Pushes the value raised.
    package let push: (LuaStack) -> Void

    package init(pushing push: @escaping (LuaStack) -> Void) {
        self.push = push
    }
}
