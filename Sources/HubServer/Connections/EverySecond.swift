import Glibc
import Synchronization

/// A text that changes once a second (a date a response or a log line carries), made only when
/// the second has changed: threads asking within one second share the one made first.
final class EverySecond: Sendable {
    private let make: @Sendable (time_t) -> String
    private let cache = Mutex<(second: time_t, text: String)>((-1, ""))

    /// The text `make` gives for a second since the epoch.
    init(_ make: @escaping @Sendable (time_t) -> String) {
        self.make = make
    }

    /// The current second's text.
    var now: String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second { cached = (second, make(second)) }
            return cached.text
        }
    }
}
