import Foundation

/// A TCP connection to a port on 127.0.0.1 that a test holds open, closed when let go.
final class LoopbackSocket {
    private let descriptor: Int32

    /// A connection to `port`; nil when it cannot be made. With `receiveBuffer`, the kernel
    /// keeps at most about that many bytes that arrived and were not read yet.
    init?(port: Int, receiveBuffer: Int32? = nil) {
        // Close-on-exec: a process another test starts meanwhile must not keep the connection
        // open once this one is let go.
        descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        if var receiveBuffer {
            // Before connecting: the window is agreed on then.
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        // Not closed here when it failed: the deinitializer, which runs for an initializer that
        // gives nil once every property is set, does, once (a second close could take the
        // number another thread had just been given for a socket of its own).
        guard descriptor >= 0, connected else { return nil }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Sends what it can of `bytes`, as long as the other side takes some within `idleSeconds`
    /// each time; returns how many it took, and the error that ended the connection meanwhile
    /// (reset or closed; its `errno`), if one did. A client that never reads what it is answered
    /// sees here whether the server goes on reading its requests.
    func sendWhileTaken(_ bytes: [UInt8], idleSeconds: Double) -> (sent: Int, failure: Int32?) {
        var sent = 0
        while sent < bytes.count {
            var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&writable, 1, Int32(idleSeconds * 1_000)) > 0 else { break }
            // 64 KiB at a time, as a client writing from its own buffer does.
            let count = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + sent, min($0.count - sent, 65_536), Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            guard count > 0 || errno == EAGAIN else { return (sent, errno) }
            sent += max(count, 0)
        }
        return (sent, nil)
    }
}
