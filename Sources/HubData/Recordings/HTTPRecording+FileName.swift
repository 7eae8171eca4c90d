import HubCore

extension HTTPRecording {
    /// The name of the recording's file: ``fileName(for:disambiguated:)`` of its request, not
    /// disambiguated.
    public var fileName: String { Self.fileName(for: request, disambiguated: false) }

    /// A readable name for the file recording `request`, the same every time:
    /// `<method lower>-<host>[-<port>]-<path and query>.http` (`get-127.0.0.1-8099-food.json.http`),
    /// each part made of ASCII letters, digits, `.`, `_` and `-` only (the method at most 16
    /// characters, `request` when none is left; the host and the path and query at most 60,
    /// `root` for `/`; the port at most 8), never starting with `.` or `-`: whatever the request
    /// says, the name is one file in the folder it is written to. `disambiguated` adds `-` and
    /// 8 hex digits of a hash of the method, URL and body before `.http`, for a request whose
    /// readable name another one has.
    public static func fileName(for request: HubHTTPRequest, disambiguated: Bool) -> String {
        let (host, port, path) = parts(of: request.url)
        // From its first letter or digit: no name starts with `.`.
        let method = slug(request.method.lowercased().drop { !($0.isASCII && ($0.isLetter || $0.isNumber)) }, limit: 16)
        var name = (method.nonEmpty ?? "request") + "-" + (slug(host.lowercased()).nonEmpty ?? "host")
        if let port = slug(port ?? "", limit: 8).nonEmpty { name += "-" + port }
        name += "-" + (slug(path).nonEmpty ?? "root")
        if disambiguated {
            let hash = String(fnv1a(request) & 0xFFFF_FFFF, radix: 16)
            name += "-" + String(repeating: "0", count: 8 - hash.count) + hash
        }
        return name + ".http"
    }

    /// The host, the port (when the URL says one) and the path with the query of `url`.
    private static func parts(of url: String) -> (host: Substring, port: Substring?, path: Substring) {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var port: Substring?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            port = authority[authority.index(after: colon)...]
            authority = authority[..<colon]
        }
        return (authority, port?.nonEmpty, rest[authorityEnd...])
    }

    /// `text` with each run of characters other than ASCII letters, digits, `.` and `_` made one
    /// `-`, trimmed of `-`, in at most `limit` characters.
    private static func slug(_ text: Substring, limit: Int = 60) -> String {
        var slug = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        return String(String(slug.prefix(limit)).trimmingSuffix("-"))
    }

    private static func slug(_ text: String) -> String { slug(Substring(text)) }

    /// FNV-1a (64 bits) of the method, URL and body of `request`.
    private static func fnv1a(_ request: HubHTTPRequest) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        add(request.method.utf8)
        add([0])
        add(request.url.utf8)
        add([0])
        add(request.body ?? [])
        return hash
    }
}

extension StringProtocol {
    /// Nil when empty.
    fileprivate var nonEmpty: Self? { isEmpty ? nil : self }

    /// Without the `character`s at the end.
    fileprivate func trimmingSuffix(_ character: Character) -> SubSequence {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == character { end = index(before: end) }
        return self[..<end]
    }
}
