/// Requests on a kept-alive connection, one after another.
extension LoopbackConnection {
    /// Sends `method path` in HTTP/1.1 with `headers` and `body` (its Content-Length added when
    /// there is one), the connection kept alive, and reads the response: its body by its
    /// Content-Length (none when there is none, or for `HEAD`).
    func exchange(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> WireResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        send(head + "\r\n", body: body)
        let (status, fields) = try readHead()
        let length = method == "HEAD" ? 0 : fields["content-length"].flatMap(Int.init) ?? 0
        return WireResponse(status: status, headers: fields, body: read(count: length))
    }
}
