import Foundation
import HubCore
import HubLua

/// A thread that owns one Hub runtime, with its Lua state, feature registries and event loop,
/// and runs what requests ask of it there, one job at a time: a Lua state is single-threaded,
/// so a runtime is only ever touched by its worker's thread.
///
/// Between jobs the thread runs the runtime's event loop: timers of asynchronous operations
/// fire on time, and the live screens of update streams change and push their new state.
final class RuntimeWorker: @unchecked Sendable {
    /// A job: runs on the worker's thread, with its runtime and live sessions; or, when the
    /// worker stopped before running it, anywhere with nil.
    typealias Job = @Sendable (WorkerState?) -> Void

    /// The worker's number in its pool, for session identifiers and logs.
    let index: Int
    /// The live sessions it holds (or is opening), readable from any thread.
    let sessions: SessionSlots
    // Guarded by `condition`: the jobs waiting, how many are queued or running, and whether the
    // thread should end. A condition variable, not a `Mutex`: the worker's thread blocks on it
    // until a job or a wake-up comes (or the loop's next timer is due), which a lock alone
    // cannot do; the class is unchecked because `condition` guards these fields.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var queued = 0
    /// Requests taken by ``answer(limit:_:)`` and not answered yet (queued, running, or
    /// waiting for their chains).
    private var answering = 0
    private var stopping = false
    /// Whether the loop was handed something since the thread last looked: a wake-up that
    /// comes while the thread runs jobs is not lost.
    private var woken = false

    /// A worker numbered `index` that keeps at most `maximumSessions` live sessions;
    /// ``start(makeRuntime:)`` starts its thread.
    init(index: Int, maximumSessions: Int) {
        self.index = index
        sessions = SessionSlots(capacity: maximumSessions)
    }

    /// Starts the thread, which makes its runtime with `makeRuntime` (loading the features
    /// there), and waits until it has; throws what making the runtime threw.
    func start(makeRuntime: @escaping @Sendable () throws -> HubRuntime) throws {
        let started = Completion()
        let thread = Thread { [self] in
            // Named from within: on Linux a name given before the thread starts is not applied.
            Thread.current.name = "hub-worker-\(index)"
            let state: WorkerState
            do {
                state = WorkerState(worker: index, runtime: try makeRuntime()) {
                    [weak self] request in self?.enqueue { $0?.waiting.abandon(request) }
                }
                // What other threads hand the runtime's loop (HTTP responses) wakes the worker.
                state.runtime.loop.setWakeUp { [weak self] in self?.wakeUp() }
                started.finish(with: nil)
            } catch {
                started.finish(with: error)
                return
            }
            run(state)
        }
        // Lua scripts and Hub's chains recurse; the runtime is built for the main thread's stack.
        thread.stackSize = 16 << 20
        thread.start()
        if let error = started.wait() { throw error }
    }

    /// How many jobs are queued or running and requests wait for their chains: how busy
    /// the worker is.
    var load: Int {
        condition.lock()
        defer { condition.unlock() }
        return queued + answering
    }

    /// Takes a request unless the worker holds `limit` unanswered ones already; whether it did.
    /// Each request taken ends with its reply.
    private func admit(limit: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard answering < limit else { return false }
        answering += 1
        return true
    }

    private func answered() {
        condition.lock()
        answering -= 1
        condition.unlock()
    }

    /// Runs `start` on the worker's thread with a reply that it (or what it sets going there)
    /// sends once, maybe after its job has ended: the worker serves other jobs and runs its
    /// loop meanwhile. Returns what the reply sends; 503 at once when the worker holds `limit`
    /// unanswered requests.
    func answer<Value: Sendable>(
        limit: Int, _ start: @escaping @Sendable (WorkerState, RequestReply<Value>) -> Void
    ) async throws -> Value {
        try await delivered { try answer(limit: limit, start, deliver: $0) }
    }

    /// Runs `start` as ``answer(limit:_:)`` does, and hands what the reply sends to `deliver`,
    /// on the thread that sends it; throws 503 at once when the worker holds `limit`
    /// unanswered requests (and `deliver` is never called). With a `deadline` (a
    /// ``MonotonicTime`` reading), a reply not sent by then is sent 504 from another thread:
    /// a worker kept busy by a script that has not yet hit its own limits cannot hold a
    /// request past its time.
    func answer<Value: Sendable>(
        limit: Int, deadline: UInt64? = nil, _ start: @escaping @Sendable (WorkerState, RequestReply<Value>) -> Void,
        deliver: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) throws(ViewFailure) {
        guard admit(limit: limit) else {
            throw ViewFailure.unavailable("the server is busy (\(limit) requests waiting on each worker); try again shortly")
        }
        let reply = RequestReply(onSent: { [self] in answered() }, deliver: deliver)
        if let deadline { Self.answerLate(reply, at: deadline) }
        enqueue { state in
            guard let state else { return reply.send(.failure(WorkerStopped())) }
            // Answered 504 while it waited behind a runaway: its client has its answer.
            guard !reply.isSent else { return }
            start(state, reply)
        }
    }

    /// Milliseconds past a request's deadline that its worker has to answer it itself (its own
    /// 504 names what was still running) before it is answered 504 without the worker.
    static let deadlineGrace = 250

    /// Sends `reply` 504, from a thread of Dispatch's, `deadlineGrace` ms after `deadline`
    /// unless it was sent by then.
    private static func answerLate<Value: Sendable>(_ reply: RequestReply<Value>, at deadline: UInt64) {
        let wait = MonotonicTime.nanoseconds(until: deadline) + UInt64(deadlineGrace) * 1_000_000
        // Weak: an answered reply is let go at once, not held by its watchdog until the deadline.
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(min(wait, UInt64(Int.max))))) { [weak reply] in
            reply?.send(.failure(ViewFailure.workerStillBusy))
        }
    }

    /// Runs `body` on the worker's thread, after the jobs queued before it, and returns what
    /// it returns or throws.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (WorkerState) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { state in
                guard let state else { return continuation.resume(throwing: WorkerStopped()) }
                continuation.resume(with: Swift.Result { try body(state) })
            }
        }
    }

    /// Queues `job` to run on the worker's thread (with nil at once when the worker stopped).
    func enqueue(_ job: @escaping Job) {
        condition.lock()
        guard !stopping else {
            condition.unlock()
            return job(nil)
        }
        jobs.append(job)
        queued += 1
        condition.signal()
        condition.unlock()
    }

    /// Wakes the thread if it waits for jobs, to run what its loop was handed.
    private func wakeUp() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread after the job running now; the jobs still queued run with nil.
    func stop() {
        condition.lock()
        stopping = true
        let dropped = jobs
        jobs.removeAll()
        condition.signal()
        condition.unlock()
        for job in dropped { job(nil) }
    }

    // MARK: The thread

    private func run(_ state: WorkerState) {
        while let batch = nextJobs(state) {
            for job in batch {
                job(state)
                condition.lock()
                queued -= 1
                condition.unlock()
            }
            state.runDueTimers()
            // Logged as they were reported (HubServer sets the runtime's onProblem).
            state.runtime.clearProblems()
        }
        state.close()
    }

    /// The jobs to run, once there are some or a timer falls due (then none); nil once the
    /// worker is stopping.
    private func nextJobs(_ state: WorkerState) -> [Job]? {
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

/// What a job gets when its worker stopped before running it.
struct WorkerStopped: Error, CustomStringConvertible {
    var description: String { "the server is stopping" }
}
