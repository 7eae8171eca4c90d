import Synchronization

/// Numbers that tell the runtimes of a process apart in the changes their writes cause.
enum StoreOrigins {
    private static let last = Atomic<UInt64>(0)

    /// A number no other runtime of the process has.
    static func next() -> UInt64 {
        last.add(1, ordering: .relaxed).newValue
    }
}
