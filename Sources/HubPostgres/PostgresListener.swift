import Foundation
import HubCore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The store's one connection that LISTENs on the `hub_store` channel and tells the store's
/// observers of the changes other stores (other processes) make. Its own store's changes,
/// which carry its token, it ignores: the store tells its observers of them itself.
///
/// When the connection is lost (or cannot be made) it tries again, waiting longer each time up
/// to a second; once it listens again it tells the observers that any key may have changed
/// (`StoreChange(key: nil)`), since it may have missed notifications meanwhile. A quiet
/// connection is checked every few seconds, so that one a network silently dropped is noticed.
final class PostgresListener: Sendable {
    private struct State {
        var started = false
        var stopped = false
        var connection: PostgresConnection?
        /// A time when the store should have been listening and was not.
        var missed = false
        var failures = 0
        var lastID = 0
    }

    /// What a notification carries (the JSON `hub_store_write` makes).
    private struct Payload: Decodable {
        var token: String
        var namespace: String?
        var name: String?
    }

    private static let heartbeat = TimeAmount.seconds(10)
    private static let heartbeatTimeout = TimeAmount.seconds(5)

    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let group: any EventLoopGroup
    private let token: String
    private let observers: StoreObservers
    private let state = Mutex(State())

    init(configuration: PostgresConnection.Configuration, logger: Logger, group: any EventLoopGroup, token: String, observers: StoreObservers) {
        self.configuration = configuration
        self.logger = logger
        self.group = group
        self.token = token
        self.observers = observers
    }

    /// Whether the connection is listening now.
    var isListening: Bool { state.withLock { $0.connection != nil } }

    /// Starts listening (once; later calls do nothing).
    func start() {
        let first = state.withLock { state in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        if first { connect() }
    }

    /// Stops listening for good and closes the connection.
    func stop() {
        let connection = state.withLock { state in
            state.stopped = true
            defer { state.connection = nil }
            return state.connection
        }
        if let connection { PostgresConnectionPool.close(connection) }
    }

    private func connect() {
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            state.lastID += 1
            return state.lastID
        }
        guard let id else { return }
        PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger).whenComplete { result in
            switch result {
            case .failure:
                self.failed()
            case .success(let connection):
                connection.addListener(channel: PostgresSchema.channel) { [weak self] _, notification in
                    self?.received(notification.payload)
                }
                connection.watchedQuery("LISTEN \(unescaped: PostgresSchema.channel)", logger: self.logger).whenComplete { result in
                    switch result {
                    case .failure:
                        PostgresConnectionPool.close(connection)
                        self.failed()
                    case .success:
                        self.listening(on: connection)
                    }
                }
            }
        }
    }

    private func listening(on connection: PostgresConnection) {
        let missed = state.withLock { state -> Bool? in
            guard !state.stopped else { return nil }
            state.connection = connection
            state.failures = 0
            defer { state.missed = false }
            return state.missed
        }
        guard let missed else {
            PostgresConnectionPool.close(connection)
            return
        }
        connection.closeFuture.whenComplete { _ in self.lost(connection) }
        scheduleHeartbeat(connection)
        if missed { observers.notify(StoreChange(key: nil)) }
    }

    /// The connection could not be made or could not LISTEN: try again later.
    private func failed() {
        let delay = state.withLock { state -> TimeAmount? in
            guard !state.stopped else { return nil }
            state.missed = true
            state.failures += 1
            let milliseconds = min(1_000, 50 << min(state.failures - 1, 5))
            return .milliseconds(Int64(milliseconds))
        }
        guard let delay else { return }
        group.next().scheduleTask(in: delay) { self.connect() }
    }

    /// The listening connection closed: listen again on another.
    private func lost(_ connection: PostgresConnection) {
        let reconnect = state.withLock { state -> Bool in
            guard !state.stopped, state.connection === connection else { return false }
            state.connection = nil
            state.missed = true
            return true
        }
        if reconnect { connect() }
    }

    /// Checks, every few seconds, that the server still answers on `connection`; closes it
    /// when it does not (which makes the listener listen again on another).
    private func scheduleHeartbeat(_ connection: PostgresConnection) {
        connection.eventLoop.scheduleTask(in: Self.heartbeat) {
            guard self.state.withLock({ $0.connection === connection }) else { return }
            let timeout = connection.eventLoop.scheduleTask(in: Self.heartbeatTimeout) {
                PostgresConnectionPool.close(connection)
            }
            connection.watchedQuery("SELECT 1", logger: self.logger).whenComplete { result in
                timeout.cancel()
                switch result {
                case .success: self.scheduleHeartbeat(connection)
                case .failure: PostgresConnectionPool.close(connection)
                }
            }
        }
    }

    private func received(_ text: String) {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(text.utf8)) else {
            observers.notify(StoreChange(key: nil))
            return
        }
        guard payload.token != token else { return }
        if let namespace = payload.namespace, let name = payload.name {
            observers.notify(StoreChange(key: StoreKey(namespace: namespace, name: name)))
        } else {
            observers.notify(StoreChange(key: nil))
        }
    }
}
