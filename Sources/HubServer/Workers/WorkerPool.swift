import HubLua

/// The runtimes a server answers with: one worker thread each, the same features loaded in
/// every one. A request goes to the least busy worker, a live session to the one that holds
/// the fewest, and stays there (its identifier starts with the worker's number).
final class WorkerPool: Sendable {
    let workers: [RuntimeWorker]

    /// `count` workers (at least one), each with a runtime `makeRuntime` makes on its thread
    /// and at most `sessionsPerWorker` live sessions; throws what the first that fails throws
    /// (the others are stopped).
    init(count: Int, sessionsPerWorker: Int, makeRuntime: @escaping @Sendable () throws -> HubRuntime) throws {
        let workers = (0..<max(1, count)).map { RuntimeWorker(index: $0, maximumSessions: sessionsPerWorker) }
        do {
            for worker in workers { try worker.start(makeRuntime: makeRuntime) }
        } catch {
            for worker in workers { worker.stop() }
            throw error
        }
        self.workers = workers
    }

    /// The worker with the fewest jobs queued or running (the first of them).
    var leastBusy: RuntimeWorker {
        workers.min { $0.load < $1.load } ?? workers[0]
    }

    /// Takes a session slot on the worker that holds the fewest live sessions (of those with
    /// the fewest, the one with the fewest jobs) and returns it; nil when every worker holds
    /// as many as it keeps.
    func takeSessionSlot() -> RuntimeWorker? {
        let candidates = workers.map { (worker: $0, sessions: $0.sessions.count, load: $0.load) }
            .sorted { ($0.sessions, $0.load, $0.worker.index) < ($1.sessions, $1.load, $1.worker.index) }
        return candidates.lazy.map(\.worker).first { $0.sessions.take() }
    }

    /// The live sessions the workers hold (or are opening).
    var sessionCount: Int {
        workers.reduce(0) { $0 + $1.sessions.count }
    }

    /// The most live sessions the workers keep at once, all together.
    var sessionCapacity: Int {
        workers.reduce(0) { $0 + $1.sessions.capacity }
    }

    /// What ``RuntimeWorker/answer(limit:_:)`` answers on the least busy worker.
    func answer<Value: Sendable>(
        limit: Int, _ start: @escaping @Sendable (WorkerState, RequestReply<Value>) -> Void
    ) async throws -> Value {
        try await leastBusy.answer(limit: limit, start)
    }

    /// What ``RuntimeWorker/answer(limit:_:deliver:)`` answers on the least busy worker.
    func answer<Value: Sendable>(
        limit: Int, deadline: UInt64? = nil, _ start: @escaping @Sendable (WorkerState, RequestReply<Value>) -> Void,
        deliver: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) throws(ViewFailure) {
        try leastBusy.answer(limit: limit, deadline: deadline, start, deliver: deliver)
    }

    /// Runs `body` on the least busy worker.
    func perform<Result: Sendable>(_ body: @escaping @Sendable (WorkerState) throws -> Result) async throws -> Result {
        try await leastBusy.perform(body)
    }

    /// The worker that holds the live session `identifier`; nil for an identifier no worker
    /// could have made.
    func worker(forSession identifier: String) -> RuntimeWorker? {
        guard let prefix = identifier.split(separator: "-", omittingEmptySubsequences: false).first,
              prefix.allSatisfy(\.isNumber), let number = Int(prefix), workers.indices.contains(number)
        else {
            return nil
        }
        return workers[number]
    }

    /// Queues `job` on every worker.
    func broadcast(_ job: @escaping @Sendable (WorkerState) -> Void) {
        for worker in workers { worker.enqueue { state in state.map(job) } }
    }

    /// Stops every worker.
    func stop() {
        for worker in workers { worker.stop() }
    }
}
