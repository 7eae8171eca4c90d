/// An error raised by Lua code, or by the bridge on its behalf.
public struct LuaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message without its location prefix.
    public var message: String
    /// `file:line` where the error was raised, when Lua knows it.
    public var location: String?
    /// The Lua stack traceback, when one was taken.
    public var traceback: String?

    /// An error with `message`, and optionally where it was raised and its traceback.
    public init(message: String, location: String? = nil, traceback: String? = nil) {
        self.message = message
        self.location = location
        self.traceback = traceback
    }

    /// Splits a raw Lua error message (`file:line: message`, optionally followed by a traceback).
    public init(raw: String) {
        var text = raw
        if let range = raw.range(of: "\nstack traceback:") {
            traceback = String(raw[range.lowerBound...].dropFirst())
            text = String(raw[..<range.lowerBound])
        }
        var (location, message) = LuaError.splitLocation(text)
        // Lua repeats a position when an error passes through `coroutine.wrap` or `error(e, 2)`
        // with a located message: say it once.
        if let location {
            while message.hasPrefix(location + ": ") { message.removeFirst(location.count + 2) }
        }
        self.location = location
        self.message = message
    }

    /// Splits `file:line: rest` into (`file:line`, `rest`) when the text starts with a location.
    static func splitLocation(_ text: String) -> (String?, String) {
        guard let colon = text.range(of: ": ") else { return (nil, text) }
        let head = text[..<colon.lowerBound]
        guard let lastColon = head.lastIndex(of: ":") else { return (nil, text) }
        let line = head[head.index(after: lastColon)...]
        guard !line.isEmpty, line.allSatisfy(\.isNumber), !head[..<lastColon].contains(" ") else { return (nil, text) }
        return (String(head), String(text[colon.upperBound...]))
    }

    /// `file:line: message`.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}

/// Thrown by Swift code called from Lua to raise a Lua error at the caller's position.
struct LuaRaise: Error {
    var message: String
}
