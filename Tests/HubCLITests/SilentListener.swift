import Foundation

/// A TCP port on 127.0.0.1 that takes connections (the kernel completes them) and never answers
/// a byte: a server that hangs. Closed when let go.
final class SilentListener {
    private let descriptor: Int32
    /// The port it listens on.
    let port: Int

    /// A listener on a port the kernel picks; nil when none can be made.
    init?() {
        // Close-on-exec: a process a test starts must not keep the port open.
        let descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        // Not closed here when it failed: the deinitializer does, once.
        guard descriptor >= 0, listening else { return nil }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
