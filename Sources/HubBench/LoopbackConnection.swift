import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking keep-alive HTTP/1.1 connection to a port of 127.0.0.1 that reads whole responses
/// (a `Content-Length` body); closed when released.
final class LoopbackConnection {
    /// A response read: its status, its head (status line and headers) and, when asked for, its body.
    struct Response {
        let status: Int
        let head: String
        let body: [UInt8]

        /// The value of the header `name` (any case), if present.
        func header(_ name: String) -> String? {
            let prefix = name.lowercased() + ":"
            return head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        }
    }

    private let socket: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    /// Connects to `port`; nil when nothing accepts there. Reads wait at most `timeout` seconds.
    init?(port: Int, timeout: Int = 30) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // Not closed here: the deinitializer runs for an initializer that returns nil once every
        // property is set, and a second close could take the number another thread was given.
        guard socket >= 0, connected == 0 else { return nil }
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Whether something accepts connections on `port` within `seconds`.
    static func waitUntilListening(_ port: Int, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if LoopbackConnection(port: port) != nil { return true }
            usleep(20_000)
        }
        return false
    }

    /// `GET path` with `headers` (`Name: value` lines) on a new connection to `port`: the whole
    /// response, or nil when the exchange failed.
    static func get(port: Int, path: String, headers: [String] = []) -> Response? {
        guard let connection = LoopbackConnection(port: port), connection.sendGet(path, headers: headers) else { return nil }
        return connection.readResponse(keepingBody: true)
    }

    /// Sends `GET path` with `headers`; whether it was sent whole.
    func sendGet(_ path: String, headers: [String] = []) -> Bool {
        send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n".utf8))
    }

    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// Reads one response (its head, then `Content-Length` bytes of body, kept when
    /// `keepingBody`); nil when the connection failed.
    func readResponse(keepingBody: Bool = false) -> Response? {
        var head: [UInt8] = []
        // The last four bytes read, the latest lowest: CR LF CR LF ends the head.
        var lastFour: UInt32 = 0
        while lastFour != 0x0D0A_0D0A {
            if start == end, !fill() { return nil }
            let byte = buffer[start]
            start += 1
            head.append(byte)
            lastFour = lastFour << 8 | UInt32(byte)
        }
        let text = String(decoding: head, as: UTF8.self)
        guard let status = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        let response = Response(status: status, head: text, body: [])
        var remaining = response.header("content-length").flatMap { Int($0) } ?? 0
        var body: [UInt8] = []
        while remaining > 0 {
            if start == end, !fill() { return nil }
            let taken = min(remaining, end - start)
            if keepingBody { body.append(contentsOf: buffer[start..<start + taken]) }
            start += taken
            remaining -= taken
        }
        return Response(status: status, head: text, body: body)
    }

    private func fill() -> Bool {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        start = 0
        end = count
        return true
    }
}
