import HubCore

/// What ``HTTPCache`` reads in header fields: the Cache-Control directives it acts on
/// (RFC 9111 §5.2), and the Age, Vary and validator fields.
struct HTTPCacheDirectives: Equatable {
    /// `no-store`: nothing of the exchange may be stored.
    var noStore = false
    /// `no-cache` without field names: a stored response must be validated before each use.
    var noCache = false
    /// The lower-case field names of `no-cache="…"` and of `private="…"` (RFC 9111 §5.2.2.4,
    /// §5.2.2.7): a private cache stores the response without them.
    var unstoredFields: [String] = []
    /// `max-age` in seconds; nil when absent, or when its first occurrence is malformed.
    var maxAge: Int?
    /// Whether `max-age` occurs at all, even malformed (a malformed one makes the response stale).
    var hasMaxAge = false
    /// `public`, `must-revalidate` or `s-maxage` (any argument): a response to a request with
    /// `Authorization` may be stored (RFC 9111 §3.5).
    var allowsStoringAuthorized = false
    /// `public` or `private` (RFC 9111 §3: either lets a private cache store the response).
    var marksStorable = false
    /// `must-revalidate`: once stale, never served without validation (RFC 9111 §5.2.2.2).
    var mustRevalidate = false
    /// Request `max-stale` in seconds (RFC 9111 §5.2.1.2): `Int.max` without an argument, nil when absent.
    var maxStale: Int?
    /// Request `min-fresh` in seconds (RFC 9111 §5.2.1.3); nil when absent or malformed.
    var minFresh: Int?
    /// Request `only-if-cached` (RFC 9111 §5.2.1.7).
    var onlyIfCached = false
    /// `stale-while-revalidate` and `stale-if-error` in seconds (RFC 5861); 0 when absent.
    var staleWhileRevalidate = 0
    var staleIfError = 0

    /// The directives of the Cache-Control fields of `headers`.
    init(_ headers: HubHTTPHeaders) {
        self.init(cacheControl: headers["cache-control"])
    }

    /// The directives of the Cache-Control value `cacheControl` (nil: none).
    init(cacheControl: String?) {
        guard let cacheControl else { return }
        var sawMaxAge = false
        for element in Self.listElements(cacheControl) {
            let (name, argument) = Self.directive(element)
            switch name {
            case "no-store": noStore = true
            case "no-cache", "private":
                if let argument {
                    unstoredFields += Self.listElements(String(argument)).map { $0.lowercased() }
                } else if name == "no-cache" {
                    noCache = true
                }
                if name == "private" { marksStorable = true }
            case "public":
                allowsStoringAuthorized = true
                marksStorable = true
            case "must-revalidate":
                allowsStoringAuthorized = true
                mustRevalidate = true
            case "s-maxage": allowsStoringAuthorized = true
            case "max-age" where !sawMaxAge:
                // RFC 9111 §4.2.1: of several occurrences, the first counts.
                sawMaxAge = true
                hasMaxAge = true
                maxAge = argument.flatMap(Self.deltaSeconds)
            case "max-stale": maxStale = argument.map { Self.deltaSeconds($0) ?? 0 } ?? Int.max
            case "min-fresh": minFresh = argument.flatMap(Self.deltaSeconds)
            case "only-if-cached": onlyIfCached = true
            case "stale-while-revalidate": staleWhileRevalidate = argument.flatMap(Self.deltaSeconds) ?? 0
            case "stale-if-error": staleIfError = argument.flatMap(Self.deltaSeconds) ?? 0
            default: break
            }
        }
    }

    /// The Age of a response in seconds: 0 when absent or malformed.
    static func age(_ headers: HubHTTPHeaders) -> Int {
        guard let value = headers["age"], let first = listElements(value).first else { return 0 }
        return deltaSeconds(first) ?? 0
    }

    /// The lower-case request header names the response's Vary selects on, without repeats;
    /// nil for `Vary: *` (the response may not be stored).
    static func varyNames(_ headers: HubHTTPHeaders) -> [String]? {
        guard let value = headers["vary"] else { return [] }
        var names: [String] = []
        for element in listElements(value) {
            let name = element.lowercased()
            if name == "*" { return nil }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether the entity tags `lhs` and `rhs` match by weak comparison (RFC 9110 §8.8.3.2).
    static func weaklyEqual(_ lhs: String, _ rhs: String) -> Bool {
        func opaque(_ tag: String) -> Substring {
            let tag = trimmed(tag[...])
            return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
        }
        return opaque(lhs) == opaque(rhs)
    }

    /// A delta-seconds value (RFC 9111 §1.2.2): digits only; larger than 2^31 counts as 2^31.
    static func deltaSeconds(_ text: Substring) -> Int? {
        let limit = 2_147_483_648
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(text).map { min($0, limit) } ?? limit
    }

    /// The trimmed, non-empty elements of the comma-separated list `value`; a comma within a
    /// quoted string does not separate.
    static func listElements(_ value: String) -> [Substring] {
        var elements: [Substring] = []
        var start = value.startIndex
        var quoted = false
        var escaped = false
        func append(_ element: Substring) {
            let element = trimmed(element)
            if !element.isEmpty { elements.append(element) }
        }
        for index in value.indices {
            let character = value[index]
            if escaped {
                escaped = false
            } else if quoted {
                if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                append(value[start..<index])
                start = value.index(after: index)
            }
        }
        append(value[start...])
        return elements
    }

    /// The lower-case name of the directive `element` and its argument, unquoted (nil: none).
    static func directive(_ element: Substring) -> (name: String, argument: Substring?) {
        guard let equals = element.firstIndex(of: "=") else { return (element.lowercased(), nil) }
        let name = trimmed(element[..<equals]).lowercased()
        let argument = trimmed(element[element.index(after: equals)...])
        guard argument.count >= 2, argument.first == "\"", argument.last == "\"" else { return (name, argument) }
        var unquoted = ""
        var escaped = false
        for character in argument.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
            } else {
                unquoted.append(character)
                escaped = false
            }
        }
        return (name, unquoted[...])
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }
}
