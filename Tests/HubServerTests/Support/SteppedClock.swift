import Synchronization

/// A clock in nanoseconds that a test moves by hand (``advance(by:)``) and that otherwise
/// stands still, for what ages by one (a server's ``HubServerConfiguration/viewCacheClock``).
final class SteppedClock: Sendable {
    private let nanoseconds = Atomic<UInt64>(0)

    /// Nanoseconds now: 0 at first, then as far as the clock was moved.
    var now: UInt64 {
        nanoseconds.load(ordering: .sequentiallyConsistent)
    }

    /// Moves the clock on by `duration` (a positive one).
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds.add(UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000), ordering: .sequentiallyConsistent)
    }
}
