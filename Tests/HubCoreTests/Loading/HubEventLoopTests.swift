import Testing

@testable import HubCore

/// The event loop's timers: they fire by due time, then by the order they were made; a
/// cancelled one never fires; watchdogs are not work to wait for; and a chain's timeouts are
/// gone once its runs have completed, however many chains ran.
@Suite struct EventLoopTests {
    @Test func timersFireByDueTimeThenInTheOrderTheyWereMade() {
        let loop = HubEventLoop(clock: .virtual)
        var fired: [String] = []
        loop.schedule(after: 20) { fired.append("b at 20") }
        loop.schedule(after: 10) { fired.append("a at 10") }
        loop.schedule(after: 20) { fired.append("c at 20") }
        loop.schedule(after: -5) { fired.append("now") }
        loop.schedule(after: Int.max) { fired.append("the end of time") }
        #expect(loop.nextDue == 0)
        loop.advance(by: 20)
        #expect(fired == ["now", "a at 10", "b at 20", "c at 20"])
        #expect(loop.now == 20)
        #expect(loop.nextDue == Int.max)
    }

    @Test func aCancelledTimerNeverFiresAndCancellingTwiceOrAfterFiringDoesNothing() {
        let loop = HubEventLoop(clock: .virtual)
        var fired: [Int] = []
        let first = loop.schedule(after: 5) { fired.append(1) }
        let second = loop.schedule(after: 10) { fired.append(2) }
        loop.schedule(after: 15) { fired.append(3) }
        loop.cancel(first)
        loop.cancel(first)
        #expect(loop.nextDue == 10)
        loop.advance(by: 10)
        loop.cancel(second)
        #expect(loop.run(until: { false }) == false)
        #expect(fired == [2, 3])
    }

    @Test func runningUntilAConditionDoesNotWaitForWatchdogs() {
        let loop = HubEventLoop(clock: .virtual)
        var watched = false
        loop.schedule(after: 1_000, isWatchdog: true) { watched = true }
        let work = loop.schedule(after: 10) {}
        loop.cancel(work)
        #expect(loop.run(until: { false }) == false, "only a watchdog is left: nothing to wait for")
        #expect(!watched && loop.now == 0)
        loop.advance(by: 1_000)
        #expect(watched)
    }

    @Test func thousandsOfCancelledTimersLeaveTheQueueSmallAndTheRestInOrder() {
        let loop = HubEventLoop(clock: .virtual)
        var fired: [Int] = []
        for index in 0..<10_000 {
            let timer = loop.schedule(after: 10_000 - index, isWatchdog: true) { fired.append(index) }
            if index % 100 != 0 { loop.cancel(timer) }
        }
        #expect(loop.queuedCount <= 2 * 100 + 1, "\(loop.queuedCount) queued for 100 timers left")
        loop.advance(by: 20_000)
        #expect(fired == stride(from: 9_900, through: 0, by: -100).map { $0 })
        #expect(loop.nextDue == nil)
    }

    @Test func aChainsTimeoutsAreGoneOnceItsRunsCompleted() {
        let loop = HubEventLoop(clock: .virtual)
        for round in 0..<1_000 {
            let loader = ViewModelLoader(
                viewURI: "test:timeouts", featureInfo: FeatureInfo(identifier: "timeouts", title: "Timeouts"),
                operations: [BlockContentOperation(name: "a") { _ = $0.viewModelBuilder.bodyBuilder("\(round)") }, BlockContentOperation(name: "b") { _ in }],
                configuration: .testing, loop: loop, limits: .standard)
            loader.loadViewModel()
            #expect(!loader.isLoading)
        }
        #expect(loop.nextDue == nil, "no run is under way: no timeout is waiting")
    }
}
