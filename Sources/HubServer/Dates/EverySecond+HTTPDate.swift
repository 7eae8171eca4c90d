import Glibc

extension EverySecond {
    /// The `Date` of every response (``ResponseHeaderFields``), as Hummingbird gives the
    /// router's: RFC 9110's IMF-fixdate (`Thu, 26 Nov 2026 15:30:44 GMT`).
    static let httpDate = EverySecond(.utc) { parts in
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % days.count]
        let month = months[Int(parts.tm_mon) % months.count]
        let time = "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec))"
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(time) GMT"
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
