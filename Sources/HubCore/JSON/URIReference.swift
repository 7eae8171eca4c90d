/// RFC 3986 URI references: what ``JSONPath/urlPath`` accepts.
enum URIReference {
    /// A part of a string's UTF-8 bytes.
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Whether `string` is a non-empty URI (`scheme:…`) or relative reference that follows the
    /// RFC 3986 grammar: only ASCII characters the grammar allows at their place, and every `%`
    /// followed by two hexadecimal digits.
    static func isValid(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { isValid($0[...]) }
    }

    private static func isValid(_ bytes: Bytes) -> Bool {
        guard !bytes.isEmpty else { return false }
        var rest = bytes
        for delimiter in [UInt8(ascii: "#"), UInt8(ascii: "?")] {
            guard let start = rest.firstIndex(of: delimiter) else { continue }
            guard isEncoded(rest[(start + 1)...], allowing: isQueryCharacter) else { return false }
            rest = rest[..<start]
        }
        let firstSlash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")), colon < firstSlash {
            // Before the first `/`, a `:` can only end a scheme.
            guard isScheme(rest[..<colon]) else { return false }
            rest = rest[(colon + 1)...]
        }
        if rest.starts(with: "//".utf8) {
            let authority = rest.dropFirst(2)
            let end = authority.firstIndex(of: UInt8(ascii: "/")) ?? authority.endIndex
            guard isAuthority(authority[..<end]) else { return false }
            rest = authority[end...]
        }
        return isEncoded(rest) { isPathCharacter($0) || $0 == UInt8(ascii: "/") }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    private static func isScheme(_ scheme: Bytes) -> Bool {
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): return true
            default: return isLetter(byte) || isDigit(byte)
            }
        }
    }

    /// `[ userinfo "@" ] host [ ":" port ]`
    private static func isAuthority(_ authority: Bytes) -> Bool {
        var hostAndPort = authority
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) {
            let userInfo = authority[..<at]
            guard isEncoded(userInfo, allowing: { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") })
            else { return false }
            hostAndPort = authority[(at + 1)...]
        }
        let port: Bytes
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")),
                isIPLiteral(hostAndPort[(hostAndPort.startIndex + 1)..<close])
            else { return false }
            let afterHost = hostAndPort[(close + 1)...]
            guard afterHost.isEmpty || afterHost.first == UInt8(ascii: ":") else { return false }
            port = afterHost.dropFirst()
        } else {
            let colon = hostAndPort.firstIndex(of: UInt8(ascii: ":")) ?? hostAndPort.endIndex
            guard isEncoded(hostAndPort[..<colon], allowing: { isUnreserved($0) || isSubDelimiter($0) }) else {
                return false
            }
            port = hostAndPort[colon...].dropFirst()
        }
        return port.allSatisfy(isDigit)
    }

    /// `IPv6address / IPvFuture`, the part of an IP literal between the brackets.
    private static func isIPLiteral(_ literal: Bytes) -> Bool {
        guard literal.first == UInt8(ascii: "v") || literal.first == UInt8(ascii: "V") else { return isIPv6(literal) }
        let version = literal.dropFirst()
        guard let dot = version.firstIndex(of: UInt8(ascii: ".")), dot > version.startIndex,
            version[..<dot].allSatisfy(isHexDigit)
        else { return false }
        let address = version[(dot + 1)...]
        return !address.isEmpty && address.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
    }

    /// Eight 16-bit groups (the last two may be an IPv4 address), or fewer around one `::`.
    private static func isIPv6(_ address: Bytes) -> Bool {
        let doubleColon = address.indices.first { address[$0...].starts(with: "::".utf8) }
        guard let doubleColon else { return ipv6GroupCount(address) == 8 }
        let head = address[..<doubleColon]
        let tail = address[(doubleColon + 2)...]
        guard tail.first != UInt8(ascii: ":"), let headCount = ipv6GroupCount(head, allowingIPv4: false),
            let tailCount = ipv6GroupCount(tail)
        else { return false }
        return headCount + tailCount <= 7
    }

    /// How many 16-bit groups `part` (groups separated by single colons) stands for; nil when
    /// it is malformed. A trailing IPv4 address counts as two groups.
    private static func ipv6GroupCount(_ part: Bytes, allowingIPv4: Bool = true) -> Int? {
        guard !part.isEmpty else { return 0 }
        let groups = part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var count = 0
        for (offset, group) in groups.enumerated() {
            if (1...4).contains(group.count) && group.allSatisfy(isHexDigit) {
                count += 1
            } else if allowingIPv4 && offset == groups.count - 1 && isIPv4(group) {
                count += 2
            } else {
                return nil
            }
        }
        return count
    }

    /// Four decimal octets (0–255, no leading zeros) separated by dots.
    private static func isIPv4(_ address: Bytes) -> Bool {
        let octets = address.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { octet in
            guard (1...3).contains(octet.count), octet.allSatisfy(isDigit),
                octet.count == 1 || octet.first != UInt8(ascii: "0")
            else { return false }
            return octet.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// Whether every byte is allowed or starts a `%` escape of two hexadecimal digits.
    private static func isEncoded(_ bytes: Bytes, allowing isAllowed: (UInt8) -> Bool) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                guard isAllowed(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `pchar / "/" / "?"`: what a query or fragment may hold.
    private static func isQueryCharacter(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    /// `pchar` without `pct-encoded`: `unreserved / sub-delims / ":" / "@"`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
        default: return isLetter(byte) || isDigit(byte)
        }
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            return true
        default: return false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        default: return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }
}
