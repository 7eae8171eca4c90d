import Foundation
import HubCore
import HubLua
import Testing
@testable import HubServer

/// The worker pool: one thread and runtime per worker, jobs on the least busy, sessions on the
/// worker with the fewest and then on the worker that made them, nothing left waiting when the
/// pool stops.
@Suite struct WorkerPoolTests {
    private func makePool(_ count: Int) throws -> WorkerPool {
        try WorkerPool(count: count, sessionsPerWorker: 4) { try HubRuntime(clock: .real) }
    }

    @Test func eachWorkerRunsItsJobsOnItsOwnThreadWithItsOwnRuntime() async throws {
        let pool = try makePool(2)
        defer { pool.stop() }
        // Each job says which thread ran it and with which runtime.
        let where_ = { @Sendable (state: WorkerState) in "\(UInt(bitPattern: Int(bitPattern: pthread_self()))) \(ObjectIdentifier(state.runtime).hashValue)" }
        let first = try await pool.workers[0].perform(where_)
        let firstAgain = try await pool.workers[0].perform(where_)
        let second = try await pool.workers[1].perform(where_)
        #expect(first == firstAgain, "one thread and one runtime for worker 0's jobs")
        #expect(first.split(separator: " ").first != second.split(separator: " ").first, "another thread for worker 1")
        #expect(first.split(separator: " ").last != second.split(separator: " ").last, "another runtime for worker 1")
        #expect(try await pool.workers[1].perform { $0.worker } == 1)
    }

    @Test func aRequestGoesToTheLeastBusyWorker() async throws {
        let pool = try makePool(2)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        pool.workers[0].enqueue { _ in gate.wait() }  // worker 0 is busy until the gate opens
        #expect(pool.workers[0].load == 1)
        #expect(pool.leastBusy.index == 1)
        let worker = try await pool.perform { $0.worker }
        #expect(worker == 1)
        gate.signal()
        #expect(try await pool.workers[0].perform { $0.worker } == 0)
        // A job counts until its worker has run it through (just after it answered).
        #expect(await eventually(within: 30) { pool.workers[0].load == 0 })
    }

    @Test func aSessionGoesToTheWorkerWithTheFewestSessionsThenTheFewestJobs() throws {
        let pool = try WorkerPool(count: 2, sessionsPerWorker: 2) { try HubRuntime(clock: .real) }
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        pool.workers[0].enqueue { _ in gate.wait() }  // worker 0 has a job until the gate opens
        defer { gate.signal() }
        #expect(pool.takeSessionSlot()?.index == 1, "as many sessions: the one with fewer jobs")
        #expect(pool.takeSessionSlot()?.index == 0, "the one with fewer sessions, however busy")
        #expect(pool.takeSessionSlot()?.index == 1)
        #expect(pool.takeSessionSlot()?.index == 0, "worker 1 is full")
        #expect(pool.takeSessionSlot() == nil, "every worker is full")
        #expect(pool.sessionCount == 4 && pool.sessionCapacity == 4)
        pool.workers[1].sessions.giveBack()
        #expect(pool.workers.map(\.sessions.count) == [2, 1])
        #expect(pool.takeSessionSlot()?.index == 1)
    }

    @Test func aSessionIsFoundOnTheWorkerWhoseNumberItStartsWith() throws {
        let pool = try makePool(3)
        defer { pool.stop() }
        #expect(pool.worker(forSession: "2-abc")?.index == 2)
        #expect(pool.worker(forSession: "0-x")?.index == 0)
        #expect(pool.worker(forSession: "3-abc") == nil)
        #expect(pool.worker(forSession: "abc") == nil)
        #expect(pool.worker(forSession: "-1-abc") == nil)
    }

    @Test func jobsQueuedWhenThePoolStopsFailInsteadOfWaitingForever() async throws {
        let pool = try makePool(1)
        let (gate, running) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        pool.workers[0].enqueue { _ in
            running.signal()
            gate.wait()
        }
        // The worker runs the blocked job before the next is queued (not in one batch with it).
        try await offThePool { running.wait() }
        let queued = Task { try await pool.workers[0].perform { $0.worker } }
        // Wait until the job is queued behind the blocked one, then stop the pool.
        #expect(await eventually(within: 30) { pool.workers[0].load == 2 }, "the job is queued")
        pool.stop()
        gate.signal()
        await #expect(throws: RuntimeThreadStopped.self) { try await queued.value }
        await #expect(throws: RuntimeThreadStopped.self) { try await pool.workers[0].perform { $0.worker } }
    }

    @Test func aRuntimeThatCannotBeMadeFailsThePool() {
        #expect(throws: RuntimeThreadStopped.self) {
            try WorkerPool(count: 2, sessionsPerWorker: 4) { throw RuntimeThreadStopped() }
        }
    }
}
