import Foundation

extension HubEventLoop {
    /// Where a virtual loop's wall clock starts: 2026-01-01T00:00:00Z, in milliseconds since the epoch.
    public static let virtualEpoch = 1_767_225_600_000

    /// The time of day, in milliseconds since 1970-01-01T00:00:00Z, that HTTP-dates are read
    /// against (the HTTP cache's ages and expiry): the system's on a real clock; on a virtual one,
    /// ``virtualEpoch`` plus ``now``, so that a test or a replay sees the same dates each run.
    public var wallClock: Int {
        switch clock {
        case .virtual: Self.virtualEpoch + now
        case .real: Int((Date().timeIntervalSince1970 * 1000).rounded(.down))
        }
    }
}
