import Foundation
import Glibc

/// A response read off the wire.
struct WireResponse {
    let status: Int
    /// Header fields, names lowercased.
    let headers: [String: String]
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

struct WireError: Error, CustomStringConvertible {
    let description: String
}

/// A blocking HTTP/1.1 connection to a loopback port: what a client sends and reads, byte for
/// byte, with a timeout on every read.
final class LoopbackConnection {
    private var socket: Int32
    private var buffer: [UInt8] = []

    /// A connection to `port`; with `receiveBuffer`, the kernel keeps at most about that many
    /// bytes that arrived and were not read yet (the window the server may fill).
    init(port: Int, timeoutSeconds: Int = 15, receiveBuffer: Int32? = nil) throws {
        // Close-on-exec: a child process a test starts must not keep the connection open.
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw WireError(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer {
            // Before connecting: the window is agreed on then.
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // Closed here, and so not again by the deinitializer (which runs for an initializer
            // that throws once every property is set): a second close could take the number
            // another thread had just been given for a socket of its own.
            close()
            throw WireError(description: "cannot connect to port \(port)")
        }
    }

    deinit {
        close()
    }

    /// Closes the connection, as a client that goes away does.
    func close() {
        guard socket >= 0 else { return }
        Glibc.close(socket)
        socket = -1
    }

    func send(_ text: String, body: [UInt8] = []) {
        let bytes = Array(text.utf8) + body
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = Glibc.send(socket, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return }
                sent += count
            }
        }
    }

    /// Whether the other side has sent anything not read yet (or closed), without waiting.
    var hasSomethingToRead: Bool {
        guard buffer.isEmpty else { return true }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Reads more bytes into the buffer; false at the end of the stream or on a timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// The next line, without its CR LF; nil at the end of the stream or on a timeout.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard fill() else { return nil }
        }
    }

    /// `count` bytes, or what came before the stream ended.
    func read(count: Int) -> [UInt8] {
        while buffer.count < count, fill() {}
        let bytes = Array(buffer.prefix(count))
        buffer.removeFirst(bytes.count)
        return bytes
    }

    /// Everything until the other side closes.
    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// The status line and header fields of a response.
    func readHead() throws -> (status: Int, headers: [String: String]) {
        let head = try readResponseHead()
        return (head.status, head.headers)
    }

    /// The status line (`HTTP/1.1 200 OK`), its status, and the header fields of a response.
    func readResponseHead() throws -> (statusLine: String, status: Int, headers: [String: String]) {
        guard let statusLine = readLine(), let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw WireError(description: "no status line")
        }
        var headers: [String: String] = [:]
        while let line = readLine(), !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (statusLine, status, headers)
    }

    /// Whether the other side closes the connection within `seconds`; what it sends meanwhile
    /// is kept for the reads that follow.
    func closes(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while case let remaining = deadline.timeIntervalSinceNow, remaining > 0 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1_000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return true }
            buffer += chunk[..<count]
        }
        return false
    }
}

/// Sends one request on a new connection and reads the whole response.
func request(
    _ method: String, _ path: String, port: Int, headers: [String: String] = [:], body: [UInt8] = []
) throws -> WireResponse {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    return try exchange(head, body: body, port: port)
}

/// Sends `head` (the request line and header fields, each line ending in CR LF, without the
/// empty line that ends them) and `body` on a new connection, as they are, and reads the whole
/// response: for requests no client library would send.
func exchange(_ head: String, body: [UInt8] = [], port: Int) throws -> WireResponse {
    let connection = try LoopbackConnection(port: port)
    connection.send(head + "\r\n", body: body)
    let (status, fields) = try connection.readHead()
    let content = fields["content-length"].flatMap(Int.init).map(connection.read(count:)) ?? connection.readToEnd()
    return WireResponse(status: status, headers: fields, body: content)
}

/// The server-sent events of a GET, read one at a time (each read off the task pool).
final class EventReader: @unchecked Sendable {
    private let connection: LoopbackConnection
    let status: Int

    convenience init(port: Int, path: String) throws {
        try self.init(sent: Self.send(path, port: port))
    }

    /// The reader of `connection`, which has sent its GET (``send(_:port:)``): reads the head
    /// of its response.
    init(sent connection: LoopbackConnection) throws {
        self.connection = connection
        status = try connection.readHead().status
    }

    /// A new connection that has sent `GET path` for server-sent events.
    static func send(_ path: String, port: Int) throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    /// The next event's name and data (comments skipped); nil when the stream ends or nothing
    /// comes for the connection's timeout.
    func next() async throws -> Event? {
        try await offThePool { self.read() }
    }

    /// What ``next()`` gives, read on the calling thread.
    func nextBlocking() -> Event? {
        read()
    }

    /// The next event whose data satisfies `matches`.
    func next(where matches: @escaping @Sendable (String) -> Bool) async throws -> Event? {
        try await offThePool {
            while let event = self.read() {
                if matches(event.data) { return event }
            }
            return nil
        }
    }

    struct Event: Sendable {
        let event: String
        let data: String
    }

    private func read() -> Event? {
        var event = "message"
        var data: [String] = []
        while let line = chunkedLine() {
            if line.isEmpty {
                if !data.isEmpty { return Event(event: event, data: data.joined(separator: "\n")) }
                continue
            }
            if line.hasPrefix(":") { continue }
            if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
        }
        return nil
    }

    /// The next line of the body, whose chunk sizes (chunked transfer encoding) are skipped.
    private func chunkedLine() -> String? {
        while let line = connection.readLine() {
            // A chunk size line is hexadecimal digits alone; an event line never is.
            if !line.isEmpty, line.allSatisfy(\.isHexDigit) { continue }
            return line
        }
        return nil
    }
}
