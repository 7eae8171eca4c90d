/// Text shown in a message the way a Lua string literal reads it back, so that a script's
/// control characters never break the message.
public enum LuaQuoting {
    /// `text` between `quote`s, with a control character, the quote or a backslash escaped as
    /// Lua writes it (`\r`, `\n`, `\t`, `\000`, `\"`), cut after `limit` characters with `…`.
    public static func quoted(_ text: String, quote: Character = "\"", limit: Int = .max) -> String {
        var result = String(quote)
        for (count, scalar) in text.unicodeScalars.enumerated() {
            guard count < limit else {
                result += "…"
                break
            }
            switch scalar {
            case _ where Character(scalar) == quote: result += "\\" + String(quote)
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value)
                result += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + String(quote)
    }
}
