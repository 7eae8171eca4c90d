import Foundation
import Synchronization
import Testing

@testable import HubCore

/// A count other threads add to.
private final class SharedCount: Sendable {
    private let value = Mutex(0)

    func add() {
        value.withLock { $0 += 1 }
    }

    var current: Int {
        value.withLock { $0 }
    }
}

/// Runs `work` on a new thread after `milliseconds`; `done` is signalled once it has run.
private func onAnotherThread(after milliseconds: Int = 0, _ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        if milliseconds > 0 { Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000) }
        work()
        done.signal()
    }
    return done
}

/// Lets go of `callback` on another thread after `milliseconds`, undelivered.
private func drop(_ callback: LoopCallback<Int>, after milliseconds: Int) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
        withExtendedLifetime(callback) {}
    }
}

/// Runs `loop` until `condition` holds, or until a watchdog a minute off fires (on a real clock,
/// only a loop still waiting for something reaches it); what the run returned, and whether it
/// ended by the watchdog.
private func run(_ loop: HubEventLoop, until condition: () -> Bool) -> (result: Bool, timedOut: Bool) {
    var timedOut = false
    let watchdog = loop.schedule(after: 60_000, isWatchdog: true) { timedOut = true }
    let result = loop.run(until: { condition() || timedOut })
    loop.cancel(watchdog)
    return (result, timedOut)
}

/// The event loop's mailbox: what other threads deliver through a ``LoopCallback`` runs on the
/// loop's thread, once; an undelivered callback is work the loop waits for, in real time on
/// either clock, and a watchdog waits for it; forgetting or dropping it ends the wait.
@Suite struct EventLoopMailboxTests {
    @Test func aDeliveryFromAnotherThreadRunsTheHandlerOnTheLoopsThreadOnce() {
        let loop = HubEventLoop(clock: .real)
        let loopThread = Thread.current
        var values: [Int] = []
        var threads: [Thread] = []
        let callback = loop.callback { (value: Int) in
            values.append(value)
            threads.append(Thread.current)
        }
        #expect(loop.awaitedCount == 1)

        onAnotherThread { callback.deliver(1) }.wait()
        #expect(values == [], "the handler runs when the loop does, not inside deliver")
        #expect(loop.run(until: { !values.isEmpty }, timeout: 10_000))
        #expect(values == [1])
        #expect(threads.count == 1)
        #expect(threads.first === loopThread)
        #expect(loop.awaitedCount == 0)

        onAnotherThread { callback.deliver(2) }.wait()
        #expect(loop.deliverMail() == false, "the second deliver posted nothing")
        #expect(loop.run(until: { values.count > 1 }) == false, "nothing is left to wait for")
        #expect(values == [1])
    }

    @Test func manyDeliveriesFromManyThreadsEachRunOnceOnTheLoopsThread() {
        let loop = HubEventLoop(clock: .virtual)
        let loopThread = Thread.current
        var received: [Int] = []
        var elsewhere = 0
        let callbacks = (0..<200).map { _ in
            loop.callback { (value: Int) in
                received.append(value)
                if Thread.current !== loopThread { elsewhere += 1 }
            }
        }
        #expect(loop.awaitedCount == 200)
        let sent = onAnotherThread {
            // Every callback is delivered twice, from threads racing each other.
            DispatchQueue.concurrentPerform(iterations: 400) { index in
                callbacks[index % 200].deliver(index % 200)
            }
        }
        #expect(loop.run(until: { received.count == 200 }))
        sent.wait()
        loop.deliverMail()
        #expect(received.sorted() == Array(0..<200))
        #expect(elsewhere == 0)
        #expect(loop.awaitedCount == 0)
        #expect(loop.now == 0)
    }

    @Test(arguments: [HubEventLoop.Clock.virtual, .real])
    func runningUntilAConditionWaitsForAnAwaitedCallback(clock: HubEventLoop.Clock) {
        let loop = HubEventLoop(clock: clock)
        var value: String?
        let callback = loop.callback { (delivered: String) in value = delivered }
        _ = onAnotherThread(after: 50) { callback.deliver("done") }

        #expect(loop.run(until: { value != nil }), "an awaited callback is work to wait for")
        #expect(value == "done")
        #expect(loop.awaitedCount == 0)
        switch clock {
        case .virtual: #expect(loop.now == 0, "waiting for another thread does not move virtual time")
        case .real: #expect(loop.now >= 45)
        }
    }

    @Test func aWatchdogDoesNotFireOnAVirtualClockBeforeAnAwaitedDelivery() {
        let loop = HubEventLoop(clock: .virtual)
        var events: [String] = []
        loop.schedule(after: 10, isWatchdog: true) { events.append("watchdog at \(loop.now)") }
        let callback = loop.callback { (value: String) in events.append("\(value) at \(loop.now)") }
        _ = onAnotherThread(after: 50) { callback.deliver("delivered") }

        #expect(loop.run(until: { !events.isEmpty }))
        #expect(events == ["delivered at 0"])
        #expect(loop.now < 10)
        #expect(loop.nextDue == 10, "the watchdog is still there")
        #expect(loop.run(until: { events.count > 1 }) == false, "only the watchdog is left: nothing to wait for")
        loop.advance(by: 10)
        #expect(events == ["delivered at 0", "watchdog at 10"])
    }

    @Test func anOrdinaryTimerStillFiresWhileACallbackIsAwaited() {
        let loop = HubEventLoop(clock: .virtual)
        var events: [String] = []
        let callback = loop.callback { (value: Int) in events.append("delivered \(value) at \(loop.now)") }
        loop.schedule(after: 30) {
            events.append("timer at \(loop.now), awaiting \(loop.awaitedCount)")
            // The delivery only starts once the timer fired: the order is certain.
            _ = onAnotherThread(after: 20) { callback.deliver(7) }
        }

        #expect(loop.run(until: { events.count == 2 }))
        #expect(events == ["timer at 30, awaiting 1", "delivered 7 at 30"])
        #expect(loop.now == 30)
    }

    @Test func forgettingACallbackStopsTheWait() {
        // A real clock with a watchdog: a loop still waiting fails the test instead of hanging it.
        let loop = HubEventLoop(clock: .real)
        var ran = false
        let callback = loop.callback { (_: Int) in ran = true }
        #expect(loop.awaitedCount == 1)
        loop.forget(callback)
        #expect(loop.awaitedCount == 0)

        let (result, timedOut) = run(loop, until: { ran })
        #expect(result == false)
        #expect(!timedOut, "returned at once instead of waiting")

        callback.deliver(1)
        #expect(loop.deliverMail() == true, "the letter arrives")
        #expect(!ran, "but a forgotten callback's handler does not run")
        #expect(loop.awaitedCount == 0)
    }

    @Test func aCallbackDroppedUndeliveredEndsTheWait() {
        // A real clock with a watchdog: a loop still waiting fails the test instead of hanging it.
        let loop = HubEventLoop(clock: .real)
        var ran = false
        do {
            _ = loop.callback { (_: Int) in ran = true }
        }
        #expect(loop.awaitedCount == 1, "the drop is only a letter until the loop runs")
        let (result, timedOut) = run(loop, until: { ran })
        #expect(result == false)
        #expect(!timedOut, "returned at once instead of waiting")
        #expect(loop.awaitedCount == 0)
        #expect(!ran)
    }

    @Test func aCallbackDroppedUndeliveredOnAnotherThreadEndsTheWait() {
        let loop = HubEventLoop(clock: .real)
        var ran = false
        do {
            drop(loop.callback { (_: Int) in ran = true }, after: 50)
        }
        #expect(loop.awaitedCount == 1)
        let (result, timedOut) = run(loop, until: { ran })
        #expect(result == false)
        #expect(loop.awaitedCount == 0)
        #expect(!ran)
        #expect(!timedOut, "the wait ended with the drop, not with the watchdog")
    }

    @Test func aRealClockTimerWaitWakesUpForADelivery() {
        let loop = HubEventLoop(clock: .real)
        var events: [String] = []
        // The loop sleeps towards a timer an hour off: only waking for the delivery ends the
        // run before its deadline, a minute off, which only a loop that slept on reaches.
        let timer = loop.schedule(after: 3_600_000) { events.append("timer at \(loop.now)") }
        let callback = loop.callback { (value: Int) in events.append("delivered \(value)") }
        let start = loop.now
        _ = onAnotherThread(after: 50) { callback.deliver(1) }

        #expect(loop.run(until: { !events.isEmpty }, timeout: 60_000), "woke up for the delivery")
        #expect(events == ["delivered 1"], "the handler ran before the timer")
        #expect(loop.now - start >= 50, "not before the delivery came")
        #expect((loop.nextDue ?? 0) >= 3_600_000, "the timer is still waiting")
        loop.cancel(timer)
        #expect(loop.nextDue == nil)
    }

    @Test func aNudgeFromAnotherThreadEndsAnAdvanceWhoseWhileSaysStop() {
        let loop = HubEventLoop(clock: .real)
        let stops = SharedCount()
        var fired = false
        loop.schedule(after: 1_800_000) { fired = true }
        let nudge = loop.nudge
        let start = loop.now
        _ = onAnotherThread(after: 50) {
            stops.add()
            nudge()
        }
        // An hour of real time, waited in place: only the nudge ends it early.
        loop.advance(by: 3_600_000) { stops.current == 0 }
        #expect(loop.now - start >= 50 && loop.now - start < 60_000, "\(loop.now - start) ms")
        #expect(!fired, "the timer half an hour off did not fire")
        #expect(loop.nextDue != nil)
    }

    @Test func aNudgeMakesAWaitingRunLookAtItsConditionAgain() {
        let loop = HubEventLoop(clock: .real)
        let stops = SharedCount()
        // A response never delivered: the run waits for it, with nothing else to do.
        let callback = loop.callback { (_: Int) in }
        let nudge = loop.nudge
        _ = onAnotherThread(after: 50) {
            stops.add()
            nudge()
        }
        #expect(loop.run(until: { stops.current > 0 }))
        #expect(loop.awaitedCount == 1, "a nudge is no delivery")
        loop.forget(callback)
    }

    @Test func theWakeUpIsCalledOnEachPost() {
        let loop = HubEventLoop(clock: .virtual)
        let wakeUps = SharedCount()
        loop.setWakeUp { wakeUps.add() }
        var values: [Int] = []
        let first = loop.callback { (value: Int) in values.append(value) }
        let second = loop.callback { (value: Int) in values.append(value) }
        #expect(wakeUps.current == 0, "making a callback posts nothing")

        onAnotherThread {
            first.deliver(1)
            first.deliver(10)
        }.wait()
        #expect(wakeUps.current == 1, "one post, one wake-up; a second deliver posts nothing")
        #expect(values == [], "the wake-up does not run the handler")

        do {
            _ = loop.callback { (value: Int) in values.append(value) }
        }
        #expect(wakeUps.current == 2, "dropping a callback undelivered posts too")

        loop.setWakeUp(nil)
        second.deliver(2)
        #expect(wakeUps.current == 2, "nobody to wake up any more")
        #expect(loop.run(until: { values.count == 2 }))
        #expect(values == [1, 2])
        #expect(loop.awaitedCount == 0)
    }
}
