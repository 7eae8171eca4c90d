import HubCore
import NIOCore
import PostgresNIO

extension PostgresStore {
    /// The most times a transaction runs when PostgreSQL fails it for a serialization failure
    /// or a deadlock.
    static let maxAttempts = 5

    /// Runs `body` on a connection of the pool (the schema made first if needed), within the
    /// call's deadline, and hands its outcome to `completion`, its errors mapped to store
    /// failures about `subject`.
    ///
    /// A serialization failure or a deadlock (which roll the transaction back) runs `body`
    /// again, a few times. A connection lost during an `idempotent` call (a read) runs it again
    /// once on a new one (the server may have restarted since the connection was made); a write
    /// whose connection was lost is not run again, since it may have been committed.
    func perform<Value: Sendable>(
        subject: String, idempotent: Bool,
        completion: @escaping @Sendable (Result<Value, StoreFailure>) -> Void,
        body: @escaping @Sendable (PostgresConnection) -> EventLoopFuture<Value>
    ) {
        let call = PostgresCall(completion: completion)
        let seconds = Double(callTimeout.nanoseconds) / 1e9
        call.setDeadline(
            in: callTimeout, on: group.next(),
            failure: PostgresFailure.unavailable("no answer within \(seconds) s").storeFailure(endpoint: url.endpoint, subject: subject))
        attempt(1, call: call, subject: subject, idempotent: idempotent, body: body)
    }

    private func attempt<Value: Sendable>(
        _ number: Int, call: PostgresCall<Value>, subject: String, idempotent: Bool,
        body: @escaping @Sendable (PostgresConnection) -> EventLoopFuture<Value>
    ) {
        let pool = pool
        let endpoint = url.endpoint
        schema.ensure(pool: pool, on: group.next()).flatMap { pool.lease() }.whenComplete { leased in
            let connection: PostgresConnection
            switch leased {
            case .failure(let error):
                call.finish(.failure(PostgresFailure(error).storeFailure(endpoint: endpoint, subject: subject)))
                return
            case .success(let leased):
                connection = leased
            }
            guard call.use(connection) else { return pool.release(connection) }
            body(connection).whenComplete { result in
                _ = call.use(nil)
                switch result {
                case .success(let value):
                    pool.release(connection)
                    call.finish(.success(value))
                case .failure(let error):
                    let failure = PostgresFailure(error)
                    if failure.losesConnection { pool.discard(connection) } else { pool.release(connection) }
                    switch failure {
                    case .retry where number < Self.maxAttempts && !call.isFinished:
                        // Both transactions ran at once: run again a little later, at a random time.
                        let delay = TimeAmount.milliseconds(Int64.random(in: 1...(5 << number)))
                        self.group.next().scheduleTask(in: delay) {
                            self.attempt(number + 1, call: call, subject: subject, idempotent: idempotent, body: body)
                        }
                    case .unavailable where idempotent && number == 1 && !call.isFinished:
                        self.attempt(number + 1, call: call, subject: subject, idempotent: idempotent, body: body)
                    default:
                        call.finish(.failure(failure.storeFailure(endpoint: endpoint, subject: subject)))
                    }
                }
            }
        }
    }
}
