import Foundation
import HubCore

/// A thread that owns one Hub runtime, with its Lua state, registries and event loop, and runs
/// the jobs handed to it there, one at a time: a Lua state is single-threaded, so a runtime is
/// only ever touched by its thread. Between jobs the thread runs the runtime's event loop:
/// timers fire on time, and what other threads deliver (HTTP responses, a `Task`'s result)
/// is handled at once.
///
/// The server's workers and ``AsyncHubRuntime`` are each one of these. Jobs that callers hand
/// it (``submit(_:)``, ``perform(_:)``) wait in a queue bounded by its limit of waiting jobs;
/// those that must run whatever the load (closing a screen, dropping a wait: ``enqueue(_:)``)
/// are never refused.
package final class RuntimeThread<State: RuntimeThreadState>: @unchecked Sendable {
    /// A job: runs on the thread with its state; or, when the thread stopped before running
    /// it, anywhere with nil.
    package typealias Job = @Sendable (State?) -> Void

    private let name: String
    /// How many jobs may wait at once before ``submit(_:)`` refuses one; nil: any number.
    private let waitingLimit: Int?
    // Guarded by `condition`: the jobs waiting, how many are queued or running, and whether the
    // thread should end. A condition variable, not a `Mutex`: the thread blocks on it until a
    // job or a wake-up comes (or the next timer is due), which a lock alone cannot do; the
    // class is unchecked because `condition` guards these fields.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var queued = 0
    private var stopping = false
    /// Whether the loop was handed something since the thread last looked: a wake-up that
    /// comes while the thread runs jobs is not lost.
    private var woken = false

    /// A thread named `name` (in debuggers and `top`) on which at most `waitingLimit` jobs wait
    /// for ``submit(_:)`` to queue one more (nil: any number; at least 1);
    /// ``start(makeState:started:)`` starts it.
    package init(name: String, waitingLimit: Int? = nil) {
        self.name = name
        self.waitingLimit = waitingLimit.map { max(1, $0) }
    }

    /// Starts the thread, which makes its state with `makeState` (loading features there), then
    /// calls `started` (on the thread) with nil, or with what `makeState` threw and ends.
    package func start(makeState: @escaping @Sendable () throws -> State, started: @escaping @Sendable ((any Error)?) -> Void) {
        let thread = Thread { [self] in
            // Named from within: on Linux a name given before the thread starts is not applied.
            Thread.current.name = name
            let state: State
            do {
                state = try makeState()
                // What other threads hand the runtime's loop wakes the thread.
                state.runtime.loop.setWakeUp { [weak self] in self?.wakeUp() }
            } catch {
                started(error)
                return
            }
            started(nil)
            run(state)
        }
        // Lua scripts and Hub's chains recurse; the runtime is built for the main thread's stack.
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// How many jobs are queued or running.
    package var queuedJobs: Int {
        condition.lock()
        defer { condition.unlock() }
        return queued
    }

    /// Queues `job` to run on the thread (with nil at once when the thread stopped), however
    /// many jobs wait: for what must run whatever the load.
    package func enqueue(_ job: @escaping Job) {
        _ = append(job, unlessWaiting: nil)
    }

    /// Queues `job` as ``enqueue(_:)`` does unless the thread's limit of waiting jobs is
    /// reached: then throws ``AsyncRuntimeError/busy(waitingJobs:)``, and `job` never runs.
    package func submit(_ job: @escaping Job) throws(AsyncRuntimeError) {
        guard let waitingLimit else { return enqueue(job) }
        guard append(job, unlessWaiting: waitingLimit) else { throw .busy(waitingJobs: waitingLimit) }
    }

    /// Queues `job` (or runs it with nil at once when the thread stopped) unless `limit` jobs
    /// wait already; whether it did.
    private func append(_ job: @escaping Job, unlessWaiting limit: Int?) -> Bool {
        condition.lock()
        guard !stopping else {
            condition.unlock()
            job(nil)
            return true
        }
        if let limit, jobs.count >= limit {
            condition.unlock()
            return false
        }
        jobs.append(job)
        queued += 1
        condition.signal()
        condition.unlock()
        return true
    }

    /// Runs `body` on the thread, after the jobs queued before it, and returns what it returns
    /// or throws; throws ``AsyncRuntimeError/busy(waitingJobs:)`` at once when ``submit(_:)``
    /// refuses it, and ``RuntimeThreadStopped`` when the thread stopped first.
    package func perform<Result: Sendable>(_ body: @escaping @Sendable (State) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try submit { state in
                    guard let state else { return continuation.resume(throwing: RuntimeThreadStopped()) }
                    continuation.resume(with: Swift.Result { try body(state) })
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Wakes the thread if it waits for jobs, to run what its loop was handed.
    private func wakeUp() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread after the job running now; the jobs still queued run with nil.
    package func stop() {
        condition.lock()
        stopping = true
        let dropped = jobs
        jobs.removeAll()
        condition.signal()
        condition.unlock()
        for job in dropped { job(nil) }
    }

    // MARK: The thread

    private func run(_ state: State) {
        while let batch = nextJobs(state) {
            for job in batch {
                job(state)
                condition.lock()
                queued -= 1
                condition.unlock()
            }
            state.runDueTimers()
        }
        state.close()
    }

    /// The jobs to run, once there are some or a timer falls due (then none); nil once the
    /// thread is stopping.
    private func nextJobs(_ state: State) -> [Job]? {
        condition.lock()
        defer { condition.unlock() }
        if jobs.isEmpty && !stopping && !woken {
            if let wait = state.millisecondsToNextTimer {
                if wait > 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait) / 1_000)) }
            } else {
                condition.wait()
            }
        }
        guard !stopping else { return nil }
        woken = false
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
    }
}
