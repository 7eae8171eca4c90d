import Glibc

extension EverySecond {
    /// The time a log line starts with, as swift-log's `StreamLogHandler` writes it: local time in
    /// `strftime`'s `%Y-%m-%dT%H:%M:%S%z` (`2026-11-26T18:16:18+0000`). Made once a second,
    /// where `StreamLogHandler`'s `localtime` read the time zone's file again at every line.
    static let logTimestamp = EverySecond(.local) { parts in
        var parts = parts
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            guard let start = buffer.baseAddress, strftime(start, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts) > 0 else {
                return "<unknown>"
            }
            return String(cString: start)
        }
    }
}
