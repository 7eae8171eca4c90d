import HubCore
import NIOCore
import PostgresNIO
import Synchronization

/// One store call on its way: it finishes once, with its outcome or at its deadline, whichever
/// comes first. At the deadline the connection it uses (if any) is closed, so that a server
/// that stopped answering leaves no call hanging.
final class PostgresCall<Value: Sendable>: Sendable {
    private struct State {
        var completion: (@Sendable (Result<Value, StoreFailure>) -> Void)?
        var connection: PostgresConnection?
        var deadline: Scheduled<Void>?
    }

    private let state: Mutex<State>

    init(completion: @escaping @Sendable (Result<Value, StoreFailure>) -> Void) {
        state = Mutex(State(completion: completion))
    }

    /// Whether the call is finished.
    var isFinished: Bool { state.withLock { $0.completion == nil } }

    /// Finishes the call with `failure` after `delay`, unless it finished before.
    func setDeadline(in delay: TimeAmount, on loop: any NIOCore.EventLoop, failure: StoreFailure) {
        let deadline = loop.scheduleTask(in: delay) {
            let connection = self.state.withLock { $0.connection }
            if self.finish(.failure(failure)), let connection { PostgresConnectionPool.close(connection) }
        }
        state.withLock { $0.deadline = deadline }
    }

    /// Records that the call now uses `connection`; false when it finished already (the caller
    /// then gives the connection back at once).
    func use(_ connection: PostgresConnection?) -> Bool {
        state.withLock { state in
            guard state.completion != nil else { return false }
            state.connection = connection
            return true
        }
    }

    /// Finishes the call with `result`; false when it had finished already.
    @discardableResult
    func finish(_ result: Result<Value, StoreFailure>) -> Bool {
        let (completion, deadline) = state.withLock { state in
            defer {
                state.completion = nil
                state.connection = nil
                state.deadline = nil
            }
            return (state.completion, state.deadline)
        }
        deadline?.cancel()
        guard let completion else { return false }
        completion(result)
        return true
    }
}
