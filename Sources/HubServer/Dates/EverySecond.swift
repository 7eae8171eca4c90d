import Glibc
import Synchronization

/// A text of the current second (the date an answer or a log line carries), made from the
/// second's broken-down time only when the second has changed: threads asking within one second
/// share the one made first.
final class EverySecond: Sendable {
    /// Where the broken-down time is taken.
    enum Zone: Sendable {
        case utc
        /// The process's time zone (`localtime`).
        case local
    }

    private let zone: Zone
    private let format: @Sendable (tm) -> String
    private let cache = Mutex<(second: time_t, text: String)>((-1, ""))

    /// The text `format` makes of a second's broken-down time in `zone`.
    init(_ zone: Zone, _ format: @escaping @Sendable (tm) -> String) {
        self.zone = zone
        self.format = format
    }

    /// The current second's text.
    var now: String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second { cached = (second, text(of: second)) }
            return cached.text
        }
    }

    /// The text of `second` (since the epoch); `<unknown>` when it has no broken-down time.
    func text(of second: time_t) -> String {
        var seconds = second
        var parts = tm()
        let converted = zone == .utc ? gmtime_r(&seconds, &parts) : localtime_r(&seconds, &parts)
        return converted == nil ? "<unknown>" : format(parts)
    }
}
