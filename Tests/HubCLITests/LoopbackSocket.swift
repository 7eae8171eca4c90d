import Foundation

/// A TCP connection to a port on 127.0.0.1 that a test holds open, closed when let go.
final class LoopbackSocket {
    private let descriptor: Int32

    /// A connection to `port`; nil when it cannot be made.
    init?(port: Int) {
        descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard descriptor >= 0, connected else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
    }

    deinit {
        close(descriptor)
    }
}
