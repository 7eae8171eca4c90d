/// HTTP-dates (RFC 9110 §5.6.7): the three formats a recipient accepts, read into seconds since
/// 1970-01-01T00:00:00Z, and the preferred one (IMF-fixdate) written.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// The seconds since the epoch `text` names as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`),
    /// an RFC 850 date (`Sunday, 06-Nov-94 08:49:37 GMT`) or an asctime date
    /// (`Sun Nov  6 08:49:37 1994`); nil when it is none of them.
    static func seconds(_ text: String) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        switch parts.count {
        case 6 where parts[0].hasSuffix(",") && parts[5] == "GMT":
            return seconds(year: parts[3], month: parts[2], day: parts[1], time: parts[4])
        case 4 where parts[0].hasSuffix(",") && parts[3] == "GMT":
            let date = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard date.count == 3, date[2].count == 2, let twoDigits = Int(date[2]) else { return nil }
            // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past century.
            return seconds(year: "\(twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits)", month: date[1], day: date[0], time: parts[2])
        case 5:
            return seconds(year: parts[4], month: parts[1], day: parts[2], time: parts[3])
        default:
            return nil
        }
    }

    /// The whole seconds in `milliseconds`, rounded down.
    static func seconds(milliseconds: Int) -> Int {
        milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    }

    /// `seconds` since the epoch as an IMF-fixdate.
    static func string(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(days: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
    }

    private static func seconds(year: Substring, month: Substring, day: Substring, time: Substring) -> Int? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let year = digits(year, 4...4), let monthIndex = months.firstIndex(where: { $0 == month }),
            let day = digits(day, 1...2), (1...31).contains(day), clock.count == 3,
            let hour = digits(clock[0], 2...2), let minute = digits(clock[1], 2...2), let second = digits(clock[2], 2...2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        return days(year: year, month: monthIndex + 1, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func digits(_ text: Substring, _ count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    private static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
