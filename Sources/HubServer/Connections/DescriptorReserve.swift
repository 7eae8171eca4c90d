import Glibc

/// File descriptors held back from accepting: given up when the process's file table is full,
/// so that the rest of the process has room (libdispatch, which Swift's tasks run on, stops the
/// process when it cannot open a file to check on its threads), and taken back before
/// accepting resumes. Used on one event loop only.
final class DescriptorReserve {
    /// How many descriptors it holds.
    let size: Int
    private var held: [Int32] = []

    init(size: Int) {
        self.size = size
    }

    deinit {
        release()
    }

    /// Takes the whole reserve (back); nil when it could, else the error that stopped it (then
    /// it holds none).
    func take() -> Int32? {
        while held.count < size {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let error = errno
                release()
                return error
            }
            held.append(descriptor)
        }
        return nil
    }

    /// Gives the reserve up.
    func release() {
        for descriptor in held { close(descriptor) }
        held.removeAll()
    }

    /// Why the file table is full (EMFILE: the process's limit, ENFILE: the system's); nil when
    /// a descriptor is free.
    func fullness() -> Int32? {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        return nil
    }
}
