/// The one clock elapsed times are measured on: monotonic (setting the wall clock never moves
/// it), read as nanoseconds since the system started. A reading is a plain `UInt64`, cheap to
/// store (a run's start, a cached answer's age, a request's deadline) and to compare across
/// threads; the functions below turn two readings into an elapsed time.
public enum MonotonicTime {
    /// Nanoseconds now.
    @inlinable
    public static var now: UInt64 {
        // The standard library's monotonic clock (no Dispatch in HubCore), as one 128-bit count:
        // as cheap as `DispatchTime`, where splitting it into seconds costs twice as much.
        UInt64(truncatingIfNeeded: SuspendingClock().systemEpoch.duration(to: .now).attoseconds / 1_000_000_000)
    }

    /// Nanoseconds from `start` (a reading of ``now``) to now; 0 for a start not yet reached.
    @inlinable
    public static func nanoseconds(since start: UInt64) -> UInt64 {
        let now = now
        return now > start ? now - start : 0
    }

    /// Nanoseconds from now to `deadline` (a reading of ``now``); 0 once it has passed.
    @inlinable
    public static func nanoseconds(until deadline: UInt64) -> UInt64 {
        let now = now
        return deadline > now ? deadline - now : 0
    }

    /// Milliseconds from `start` (a reading of ``now``) to now, with their fraction.
    @inlinable
    public static func milliseconds(since start: UInt64) -> Double {
        Double(nanoseconds(since: start)) / 1_000_000
    }

    /// Seconds from `start` (a reading of ``now``) to now, with their fraction.
    @inlinable
    public static func seconds(since start: UInt64) -> Double {
        Double(nanoseconds(since: start)) / 1_000_000_000
    }

    /// The reading `milliseconds` after `start`, saturating at the end of the clock.
    @inlinable
    public static func adding(milliseconds: Int, to start: UInt64) -> UInt64 {
        let (nanoseconds, overflow) = UInt64(clamping: milliseconds).multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return .max }
        let (sum, sumOverflow) = start.addingReportingOverflow(nanoseconds)
        return sumOverflow ? .max : sum
    }
}
