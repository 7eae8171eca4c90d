import HubCore

/// What a request a script makes may say: which methods it may use, and which header fields it
/// may set. Hub frames every request itself (its `Host`, its length, its connection), so a
/// script cannot make one request read as two, or reach another host than its URL names.
public enum HTTPRequestRules {
    /// The methods a script may use, upper case.
    public static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The header fields Hub sets itself, and those about one connection rather than the request
    /// (hop-by-hop, RFC 9110 §7.6.1), lower case; every `proxy-` field is refused too.
    public static let reservedHeaders: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer",
    ]

    /// How the reserved fields are named to authors.
    private static let reservedNames = "Host, Content-Length, Transfer-Encoding, Connection, Keep-Alive, Upgrade, TE, Trailer or Proxy-*"

    /// Why a script may not use `method` (any case: `put` is `PUT`); nil when it may.
    public static func problem(method: String) -> String? {
        if isToken(method), methods.contains(method.uppercased()) { return nil }
        return "method \(shown(method)) is not allowed: use " + methods.dropLast().joined(separator: ", ") + " or " + (methods.last ?? "")
    }

    /// Why a script may not send the header field `name` with `value`; nil when it may.
    public static func problem(headerName name: String, value: String) -> String? {
        guard isToken(name) else { return "header \(shown(name)) is not a valid header field" }
        let lowered = name.lowercased()
        if reservedHeaders.contains(lowered) || lowered.hasPrefix("proxy-") {
            return "header \(shown(name)) is set by Hub itself: a script may not set \(reservedNames)"
        }
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            return "header \(shown(name)) has a value with a line break or a NUL byte, which cannot be sent"
        }
        return nil
    }

    /// Whether `text` is an HTTP token (RFC 9110 §5.6.2): one or more of ASCII letters, digits
    /// and the characters `!#$%&'*+-.^_|~` and the backtick.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The most characters of a refused method or name a message shows.
    static let shownLength = 40

    /// `text` as a message shows it: in single quotes, escaped as Lua writes it, cut after
    /// ``shownLength`` characters (`LuaQuoting`).
    static func shown(_ text: String) -> String {
        LuaQuoting.quoted(text, quote: "'", limit: shownLength)
    }
}
