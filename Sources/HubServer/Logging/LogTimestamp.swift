import Glibc

/// The time a log line starts with, as swift-log's `StreamLogHandler` writes it: the current
/// second in local time, `strftime`'s `%Y-%m-%dT%H:%M:%S%z` (`2026-11-26T18:16:18+0000`), made
/// once a second (`localtime` reads the time zone's file again at each call).
enum LogTimestamp {
    private static let current = EverySecond(text(of:))

    /// The current second's.
    static var now: String { current.now }

    /// The timestamp of `second` (since the epoch).
    static func text(of second: time_t) -> String {
        var seconds = second
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "<unknown>" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard let start = buffer.baseAddress, strftime(start, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts) > 0 else {
                return "<unknown>"
            }
            return String(cString: start)
        }
    }
}
