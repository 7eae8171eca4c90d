/// A host and an optional port, as a request's `Host` or an origin names them
/// (`127.0.0.1:8080`, `localhost`, `[::1]:8080`, `Hub.Example.` …), compared the way names are:
/// the host lowercased and without a trailing dot, IPv6 addresses in brackets.
struct Authority: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address, lowercased; an IPv6 address in brackets (`[::1]`).
    let host: String
    /// The port, when one is named.
    let port: Int?

    /// The authority `text` names; nil when it is not `host[:port]` (a user name, a path, a
    /// character no host has, a port out of range).
    init?(_ text: some StringProtocol) {
        if let authority = Self(ascii: text) {
            self = authority
            return
        }
        self.init(characters: text)
    }

    /// The authority of a plain ASCII `host[:port]` (a name or an IPv4 address: every request's
    /// `Host`, nearly), read byte by byte; nil for anything else, which
    /// ``init(characters:)`` then reads (and may still take, or refuse).
    private init?(ascii text: some StringProtocol) {
        var host: [UInt8] = []
        var port: Int?
        var inPort = false
        var digits = 0
        for byte in text.utf8 {
            if inPort {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 5 else { return nil }
                port = (port ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ":") {
                inPort = true
            } else {
                guard let lowered = Self.hostByte(byte) else { return nil }
                host.append(lowered)
            }
        }
        guard !host.isEmpty, port.map({ $0 <= 65_535 }) ?? true else { return nil }
        if host.count > 1, host.last == UInt8(ascii: ".") { host.removeLast() }
        self.host = String(decoding: host, as: UTF8.self)
        self.port = port
    }

    /// `byte` lowercased when it may appear in a host name or IPv4 address (as
    /// `isHostNameCharacter` says); nil otherwise.
    private static func hostByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
        default: "-._~!$&'()*+,;=".utf8.contains(byte) ? byte : nil
        }
    }

    /// The authority `text` names, read character by character (any text: IPv6 literals,
    /// characters Unicode lowercases to ASCII).
    private init?(characters text: some StringProtocol) {
        let text = text.lowercased()
        let host: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let address = text[text.index(after: text.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy(\.isIPv6LiteralCharacter) else { return nil }
            host = text[...close]
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            host = text[..<colon]
            rest = text[colon...]
            guard !host.isEmpty, host.allSatisfy(\.isHostNameCharacter) else { return nil }
        }
        if rest.isEmpty || rest == ":" {
            port = nil
        } else {
            let digits = rest.dropFirst()
            guard rest.first == ":", digits.count <= 5, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number <= 65_535 else {
                return nil
            }
            port = number
        }
        self.host = host.hasSuffix(".") && host.count > 1 ? String(host.dropLast()) : String(host)
    }

    /// The authority of the address a server binds, `host` (an IPv6 address without brackets,
    /// as a listener takes it), with no port.
    init?(boundAddress host: String) {
        self.init(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
    }

    /// The names of this machine that no DNS answer can give to another: a request sent to one
    /// of them comes from this machine, not from a page whose name was rebound to it.
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    var description: String {
        port.map { "\(host):\($0)" } ?? host
    }
}

extension Character {
    /// Whether the character may appear in a host name or IPv4 address (RFC 3986's reg-name
    /// without percent-encoding, which no DNS name needs).
    fileprivate var isHostNameCharacter: Bool {
        isASCII && (isLetter || isNumber || "-._~!$&'()*+,;=".contains(self))
    }

    fileprivate var isIPv6LiteralCharacter: Bool {
        isHexDigit || self == ":" || self == "."
    }

    fileprivate var isASCIIDigit: Bool {
        isASCII && isNumber
    }
}
