import Foundation

/// Tells a thread that waits for something done on another (a worker's runtime made, the
/// server stopped) that it is done, and with what error.
///
/// A condition variable, not a `Mutex`: the waiting thread blocks until another signals, which a
/// lock alone cannot do. Unchecked: `condition` guards the fields below it.
final class Completion: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var done = false
    private var error: (any Error)?

    /// Says it is done, with `error` if it failed.
    func finish(with error: (any Error)?) {
        condition.lock()
        self.error = error
        done = true
        condition.signal()
        condition.unlock()
    }

    /// Waits until it is done; the error it failed with, if any.
    func wait() -> (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        return error
    }
}
