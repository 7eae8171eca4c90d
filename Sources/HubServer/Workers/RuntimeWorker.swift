import Foundation
import HubCore
import HubLua
import Synchronization

/// A worker of the server's pool: a thread that owns one Hub runtime (``RuntimeThread``) and
/// answers requests there, one job at a time, with the live sessions of the update streams it
/// serves; between jobs it runs the runtime's event loop, so timers fire on time and live
/// screens push their new state.
final class RuntimeWorker: Sendable {
    /// A job: runs on the worker's thread, with its runtime and live sessions; or, when the
    /// worker stopped before running it, anywhere with nil.
    typealias Job = RuntimeThread<WorkerState>.Job

    /// The worker's number in its pool, for session identifiers and logs.
    let index: Int
    /// The live sessions it holds (or is opening), readable from any thread.
    let sessions: SessionSlots
    private let thread: RuntimeThread<WorkerState>
    /// Requests taken by ``answer(limit:_:)`` and not answered yet (queued, running, or
    /// waiting for their chains).
    private let answering = Mutex(0)

    /// A worker numbered `index` that keeps at most `maximumSessions` live sessions;
    /// ``start(makeRuntime:)`` starts its thread.
    init(index: Int, maximumSessions: Int) {
        self.index = index
        sessions = SessionSlots(capacity: maximumSessions)
        thread = RuntimeThread(name: "hub-worker-\(index)")
    }

    /// Starts the thread, which makes its runtime with `makeRuntime` (loading the features
    /// there), and waits until it has; throws what making the runtime threw.
    func start(makeRuntime: @escaping @Sendable () throws -> HubRuntime) throws {
        let started = Completion()
        let (index, thread) = (index, thread)
        thread.start(makeState: {
            // A departed client's wait is dropped on the thread, after the jobs before it.
            WorkerState(worker: index, runtime: try makeRuntime()) { request in thread.enqueue { $0?.waiting.abandon(request) } }
        }, started: { started.finish(with: $0) })
        if let error = started.wait() { throw error }
    }

    /// How many jobs are queued or running and requests wait for their chains: how busy
    /// the worker is.
    var load: Int {
        thread.queuedJobs + answering.withLock { $0 }
    }

    /// Takes a request unless the worker holds `limit` unanswered ones already; whether it did.
    /// Each request taken ends with its reply.
    private func admit(limit: Int) -> Bool {
        answering.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    private func answered() {
        answering.withLock { $0 -= 1 }
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
            guard let state else { return reply.send(.failure(RuntimeThreadStopped())) }
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
        try await thread.perform(body)
    }

    /// Queues `job` to run on the worker's thread (with nil at once when the worker stopped).
    func enqueue(_ job: @escaping Job) {
        thread.enqueue(job)
    }

    /// Ends the thread after the job running now; the jobs still queued run with nil.
    func stop() {
        thread.stop()
    }
}
