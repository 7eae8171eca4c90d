import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A load generator for `hub serve` on loopback: `connections` keep-alive HTTP/1.1 connections,
/// each on a thread of its own, asking for `path` one request after another until `requests`
/// have been answered in all; the time each answer took, and how many were not 200.
struct LoadClient {
    let port: Int
    let path: String
    let connections: Int

    /// What a run measured.
    struct Result {
        /// Seconds from the first request to the last answer.
        let seconds: Double
        /// Each answer's latency, in nanoseconds, sorted.
        let latencies: [Double]
        /// Answers that were not 200, and connections that failed.
        let errors: Int

        var requestsPerSecond: Double { Double(latencies.count) / seconds }

        /// The latency below which `fraction` of the answers came, in nanoseconds.
        func percentile(_ fraction: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
        }
    }

    func run(requests: Int) -> Result {
        let shared = Shared(requests: requests)
        let started = DispatchTime.now().uptimeNanoseconds
        let group = DispatchGroup()
        for _ in 0..<connections {
            group.enter()
            Thread { [self] in
                defer { group.leave() }
                runConnection(shared)
            }.start()
        }
        group.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Result(seconds: seconds, latencies: shared.latencies.sorted(), errors: shared.errors)
    }

    /// Sends requests on one connection while the run wants more.
    private func runConnection(_ shared: Shared) {
        guard let connection = Connection(port: port) else {
            shared.record(latency: nil)
            return
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        while shared.claim() {
            let start = DispatchTime.now().uptimeNanoseconds
            guard connection.send(request), let status = connection.readResponse() else {
                shared.record(latency: nil)
                return
            }
            shared.record(latency: status == 200 ? Double(DispatchTime.now().uptimeNanoseconds - start) : nil)
        }
    }

    /// What the connections share: how many requests are left to send, and what came back.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var left: Int
        private(set) var latencies: [Double] = []
        private(set) var errors = 0

        init(requests: Int) {
            left = requests
            latencies.reserveCapacity(requests)
        }

        /// Takes one request to send; false when none is left.
        func claim() -> Bool {
            lock.withLock {
                guard left > 0 else { return false }
                left -= 1
                return true
            }
        }

        /// An answer in `latency` nanoseconds, or an error (nil).
        func record(latency: Double?) {
            lock.withLock {
                if let latency { latencies.append(latency) } else { errors += 1 }
            }
        }
    }
}

/// A blocking keep-alive connection to a loopback port that reads whole responses.
private final class Connection {
    private let socket: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init?(port: Int) {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard socket >= 0, connected == 0 else { return nil }
    }

    deinit {
        close(socket)
    }

    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// Reads one response (its head, then `Content-Length` bytes of body); its status, or nil
    /// when the connection failed.
    func readResponse() -> Int? {
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
        let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        var remaining = length
        while remaining > 0 {
            if start == end, !fill() { return nil }
            let taken = min(remaining, end - start)
            start += taken
            remaining -= taken
        }
        return status
    }

    private func fill() -> Bool {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        start = 0
        end = count
        return true
    }
}
