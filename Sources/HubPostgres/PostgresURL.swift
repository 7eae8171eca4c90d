import Foundation

/// Where a PostgreSQL store lives, parsed from
/// `postgres://user[:password]@host[:port]/database[?sslmode=MODE]` (or `postgresql://`). User,
/// password and database may be percent-encoded; an IPv6 host is written in brackets
/// (`[::1]`). The port defaults to 5432, the database to the user's name.
///
/// `sslmode` is one of `disable`, `prefer`, `require`, `verify-ca` or `verify-full`, as libpq
/// names them: `require` encrypts without checking the server's certificate, `verify-ca`
/// checks it against the system's trusted roots, `verify-full` checks the host name too.
/// Without it, loopback hosts (`localhost`, `127.*`, `::1`) use `disable` and every other host
/// `verify-full`.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable
        case prefer
        case require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode
    /// Whether `sslmode` was given (the description repeats it).
    private var tlsGiven: Bool

    /// Parses `text`; throws ``PostgresURLError`` saying what is wrong.
    public init(_ text: String) throws {
        let rest: Substring
        if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else {
            throw PostgresURLError(text, "it must start with postgres:// or postgresql://")
        }
        let queryStart = rest.firstIndex(of: "?")
        let beforeQuery = rest[..<(queryStart ?? rest.endIndex)]
        let query = queryStart.map { rest[rest.index(after: $0)...] } ?? ""
        let pathStart = beforeQuery.firstIndex(of: "/")
        let authority = beforeQuery[..<(pathStart ?? beforeQuery.endIndex)]
        let path = pathStart.map { beforeQuery[beforeQuery.index(after: $0)...] } ?? ""

        guard let at = authority.lastIndex(of: "@") else {
            throw PostgresURLError(text, "it names no user (postgres://user@host/database)")
        }
        let userInfo = authority[..<at]
        let hostAndPort = authority[authority.index(after: at)...]
        if let colon = userInfo.firstIndex(of: ":") {
            user = try Self.decode(userInfo[..<colon], text, "user")
            password = try Self.decode(userInfo[userInfo.index(after: colon)...], text, "password")
        } else {
            user = try Self.decode(userInfo, text, "user")
            password = nil
        }
        guard !user.isEmpty else { throw PostgresURLError(text, "the user is empty") }

        let portText: Substring?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { throw PostgresURLError(text, "the IPv6 host has no closing ]") }
            host = String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])
            let after = hostAndPort[hostAndPort.index(after: close)...]
            if after.isEmpty {
                portText = nil
            } else if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else {
                throw PostgresURLError(text, "unexpected \(after) after the host")
            }
        } else if let colon = hostAndPort.lastIndex(of: ":") {
            host = String(hostAndPort[..<colon])
            portText = hostAndPort[hostAndPort.index(after: colon)...]
        } else {
            host = String(hostAndPort)
            portText = nil
        }
        guard !host.isEmpty else { throw PostgresURLError(text, "the host is empty") }
        if let portText {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw PostgresURLError(text, "the port \(portText) is not a number from 1 to 65535")
            }
            self.port = port
        } else {
            port = 5432
        }

        let database = try Self.decode(path, text, "database")
        guard !database.contains("/") else { throw PostgresURLError(text, "the database name may not contain /") }
        self.database = database.isEmpty ? user : database

        var tls: TLSMode?
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            guard name == "sslmode" else { throw PostgresURLError(text, "unknown option \(name) (the one option is sslmode)") }
            guard let mode = TLSMode(rawValue: value) else {
                throw PostgresURLError(text, "sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")), got \(value)")
            }
            tls = mode
        }
        tlsGiven = tls != nil
        self.tls = tls ?? (Self.isLoopback(host) ? .disable : .verifyFull)
    }

    /// Whether the host is this machine (`localhost`, `127.*`, `::1`).
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// `host:port` (`[host]:port` for IPv6), for messages.
    public var endpoint: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The URL without its password.
    public var description: String {
        let user = user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.subtracting(CharacterSet(charactersIn: ":@"))) ?? user
        let database = database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?"))) ?? database
        return "postgres://\(user)@\(endpoint)/\(database)" + (tlsGiven ? "?sslmode=\(tls.rawValue)" : "")
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    private static func decode(_ part: Substring, _ text: String, _ what: String) throws -> String {
        guard let decoded = String(part).removingPercentEncoding else {
            throw PostgresURLError(text, "the \(what) is not valid percent-encoding")
        }
        return decoded
    }
}

/// A PostgreSQL URL that cannot be used, and why (its password left out).
public struct PostgresURLError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    init(_ text: String, _ problem: String) {
        message = "invalid PostgreSQL URL \(Self.withoutPassword(text)): \(problem)"
    }

    public var description: String { message }

    /// `text` with whatever sits between the user's `:` and the `@` replaced by `***`.
    private static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<authority.index(after: colon)]) + "***" + String(text[at...])
    }
}
