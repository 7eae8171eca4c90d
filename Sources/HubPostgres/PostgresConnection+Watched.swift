import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresConnection {
    /// How often a query waiting for its answer checks that its connection is still open.
    static let closedCheckInterval = TimeAmount.milliseconds(200)

    /// Runs `query` and collects its rows, as `query(_:logger:)` does, but fails as unavailable
    /// once the connection is found closed while the query still waits for its answer:
    /// PostgresNIO may never answer a query written just as the server closes the connection.
    func watchedQuery(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
        let promise = eventLoop.makePromise(of: PostgresQueryResult.self)
        let settled = SettledFlag()
        let check = eventLoop.scheduleRepeatedTask(initialDelay: Self.closedCheckInterval, delay: Self.closedCheckInterval) { task in
            guard self.isClosed else { return }
            task.cancel()
            if settled.settle() { promise.fail(PostgresFailure.unavailable("the connection was closed")) }
        }
        self.query(query, logger: logger).whenComplete { result in
            check.cancel()
            if settled.settle() { promise.completeWith(result) }
        }
        return promise.futureResult
    }
}

/// Set once, by whichever of two outcomes comes first.
private final class SettledFlag: Sendable {
    private let settled = Atomic<Bool>(false)

    /// True the first time only.
    func settle() -> Bool {
        !settled.exchange(true, ordering: .acquiringAndReleasing)
    }
}
