import Foundation
import HubCore
import Testing

/// The one clock elapsed times are measured on: it moves forward, elapsed times are never
/// negative, and deadlines saturate instead of overflowing.
@Suite struct MonotonicTimeTests {
    @Test func elapsedTimeCountsWhatPassed() {
        let start = MonotonicTime.now
        Thread.sleep(forTimeInterval: 0.02)
        #expect(MonotonicTime.now > start)
        #expect(MonotonicTime.milliseconds(since: start) >= 20)
        #expect(MonotonicTime.seconds(since: start) < 60)
    }

    @Test func aStartNotYetReachedHasNothingElapsedAndADeadlinePassedHasNothingLeft() {
        let now = MonotonicTime.now
        #expect(MonotonicTime.nanoseconds(since: now + 60_000_000_000) == 0)
        #expect(MonotonicTime.nanoseconds(until: now - 1) == 0)
        #expect(MonotonicTime.nanoseconds(until: now + 60_000_000_000) > 50_000_000_000)
    }

    @Test func deadlinesSaturateAtTheEndOfTheClock() {
        #expect(MonotonicTime.adding(milliseconds: 1_500, to: 1_000) == 1_500_001_000)
        #expect(MonotonicTime.adding(milliseconds: .max, to: 1) == .max)
        #expect(MonotonicTime.adding(milliseconds: 1, to: .max - 10) == .max)
        #expect(MonotonicTime.adding(milliseconds: -5, to: 7) == 7)
    }
}
