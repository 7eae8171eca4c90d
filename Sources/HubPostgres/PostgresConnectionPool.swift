import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// A few connections to one PostgreSQL database, made on demand up to a maximum and lent to
/// one call at a time; calls beyond the maximum wait their turn. A connection found closed
/// (the server restarted) is dropped and another made in its place, so that calls succeed again
/// by themselves once the server is back.
final class PostgresConnectionPool: Sendable {
    private struct State {
        var idle: [PostgresConnection] = []
        /// Connections that exist or are being made.
        var open = 0
        var waiters: [EventLoopPromise<PostgresConnection>] = []
        var closed = false
        var lastID = 0

        /// The identifier of a connection to make now, if a call waits and there is room.
        mutating func connectionToMake(maximum: Int) -> Int? {
            guard !closed, !waiters.isEmpty, open < maximum else { return nil }
            open += 1
            lastID += 1
            return lastID
        }
    }

    private let configuration: PostgresConnection.Configuration
    private let maximum: Int
    private let logger: Logger
    private let group: any EventLoopGroup
    private let state = Mutex(State())

    init(configuration: PostgresConnection.Configuration, maximum: Int, logger: Logger, group: any EventLoopGroup) {
        self.configuration = configuration
        self.maximum = max(1, maximum)
        self.logger = logger
        self.group = group
    }

    /// A connection for one call, which must hand it back with ``release(_:)`` or
    /// ``discard(_:)``.
    func lease() -> EventLoopFuture<PostgresConnection> {
        let promise = group.next().makePromise(of: PostgresConnection.self)
        enum Step { case ready(PostgresConnection), connect(Int?), closed }
        let step = state.withLock { state -> Step in
            guard !state.closed else { return .closed }
            while let connection = state.idle.popLast() {
                if !connection.isClosed { return .ready(connection) }
                state.open -= 1
            }
            state.waiters.append(promise)
            return .connect(state.connectionToMake(maximum: maximum))
        }
        switch step {
        case .ready(let connection):
            promise.succeed(connection)
        case .connect(let id):
            if let id { connect(id) }
        case .closed:
            promise.fail(PostgresFailure.unavailable("the store is closed"))
        }
        return promise.futureResult
    }

    /// Takes back a connection after a call that left it usable.
    func release(_ connection: PostgresConnection) {
        if connection.isClosed {
            drop()
        } else {
            handOut(connection)
        }
    }

    /// Takes back a connection that may not be used again (it failed, or a call gave up on it).
    func discard(_ connection: PostgresConnection) {
        Self.close(connection)
        drop()
    }

    /// Closes the idle connections, and the others as they come back; fails waiting calls and
    /// every later one.
    func close() {
        let (idle, waiters) = state.withLock { state in
            state.closed = true
            defer {
                state.open -= state.idle.count
                state.idle = []
                state.waiters = []
            }
            return (state.idle, state.waiters)
        }
        for connection in idle { Self.close(connection) }
        for waiter in waiters { waiter.fail(PostgresFailure.unavailable("the store is closed")) }
    }

    /// Closes `connection`, keeping it alive until it is closed (PostgresNIO requires it).
    static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    private func connect(_ id: Int) {
        PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger).whenComplete { result in
            switch result {
            case .success(let connection):
                connection.closeFuture.whenComplete { [weak self] _ in self?.forgetIdle(connection) }
                self.handOut(connection)
            case .failure(let error):
                self.connectionFailed(error)
            }
        }
    }

    /// Gives `connection` to the first waiting call, or keeps it for the next one.
    private func handOut(_ connection: PostgresConnection) {
        enum Step { case give(EventLoopPromise<PostgresConnection>), keep, close }
        let step = state.withLock { state -> Step in
            if state.closed {
                state.open -= 1
                return .close
            }
            if !state.waiters.isEmpty { return .give(state.waiters.removeFirst()) }
            state.idle.append(connection)
            return .keep
        }
        switch step {
        case .give(let waiter): waiter.succeed(connection)
        case .keep: break
        case .close: Self.close(connection)
        }
    }

    /// A connection that was lent is gone: another may be made for a waiting call.
    private func drop() {
        let id = state.withLock { state in
            state.open -= 1
            return state.connectionToMake(maximum: maximum)
        }
        if let id { connect(id) }
    }

    /// An idle connection closed (the server ended it): forget it.
    private func forgetIdle(_ connection: PostgresConnection) {
        state.withLock { state in
            if let index = state.idle.firstIndex(where: { $0 === connection }) {
                state.idle.remove(at: index)
                state.open -= 1
            }
        }
    }

    /// A connection could not be made: the oldest waiting call fails with the reason (every
    /// waiting call when no connection is left to serve them), and the others get another try.
    private func connectionFailed(_ error: any Error) {
        let (failed, next) = state.withLock { state -> ([EventLoopPromise<PostgresConnection>], Int?) in
            state.open -= 1
            let failed: [EventLoopPromise<PostgresConnection>]
            if state.open == 0 {
                failed = state.waiters
                state.waiters = []
            } else {
                failed = state.waiters.isEmpty ? [] : [state.waiters.removeFirst()]
            }
            return (failed, state.connectionToMake(maximum: maximum))
        }
        for waiter in failed { waiter.fail(error) }
        if let next { connect(next) }
    }
}
