import Foundation

/// nginx (Debian's `nginx-light`) in front of `hub serve` processes, from the configuration in
/// docs/deploy/nginx.conf with its ports replaced, in a temporary folder of its own.
final class Nginx {
    private let process = Process()
    private let folder: URL
    /// The port it listens on, on 127.0.0.1.
    let port: Int

    /// Starts nginx on a free port balancing round-robin over `upstreams` (ports on 127.0.0.1),
    /// and waits until it answers.
    init(upstreams: [Int]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        let template = try String(contentsOf: HubProcess.packageRoot.appendingPathComponent("docs/deploy/nginx.conf"), encoding: .utf8)
        let servers = upstreams.map { "        server 127.0.0.1:\($0);" }.joined(separator: "\n")
        let configuration = template
            .replacingOccurrences(of: "        server 127.0.0.1:8081;\n        server 127.0.0.1:8082;", with: servers)
            .replacingOccurrences(of: "listen 127.0.0.1:8080;", with: "listen 127.0.0.1:\(port);")
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", folder.path, "-c", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard Self.waitUntilListening(port) else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            stop()
            throw NginxError(message: "nginx did not start on port \(port): \(log)")
        }
    }

    deinit { stop() }

    /// Stops nginx (at once) and removes its folder.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A port nobody listens on now.
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw NginxError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on `port` within 30 s (only a failure takes so long).
    private static func waitUntilListening(_ port: Int) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if LoopbackSocket(port: port) != nil { return true }
            usleep(20_000)
        }
        return false
    }
}

struct NginxError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
