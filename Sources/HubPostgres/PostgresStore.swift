import Foundation
import HubCore
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// A store in a PostgreSQL database, shared by every process that opens the same database:
/// what `hub serve` uses when it runs as many processes or on many machines.
///
/// Its semantics are `MemoryStore`'s: versions that never repeat, byte-ordered listing,
/// conditional writes decided in one transaction with the key's row locked, `max_keys` exact
/// under concurrency. Each committed change is told to this store's observers (with the
/// writer's origin) and, through `LISTEN/NOTIFY`, to the observers of every other store on the
/// database (origin nil).
///
/// Calls complete on SwiftNIO's event loop threads, never block their caller, and never hang:
/// while the server is down they fail within about a second (`StoreFailure.Kind.unavailable`),
/// and once it is back they succeed again by themselves. The schema is made on first use.
///
/// Connections: up to `maxConnections` for calls, made on demand, plus one that listens once
/// the store is observed. ``close()`` (or releasing the store) closes them.
public final class PostgresStore: Store {
    /// Where the store lives.
    public let url: PostgresURL

    let pool: PostgresConnectionPool
    let listener: PostgresListener
    let schema: PostgresSchema
    let observers = StoreObservers()
    let group: any EventLoopGroup
    let logger: Logger
    /// Tells this store's notifications from other stores'.
    let token = UUID().uuidString
    let callTimeout: TimeAmount

    /// Opens the store at `url` (`postgres://user[:password]@host[:port]/database`, see
    /// ``PostgresURL`` for TLS). Connects to nothing yet: the first call does, and makes the
    /// schema if the database has none.
    ///
    /// - Parameters:
    ///   - maxConnections: the most connections calls use at once (others wait their turn).
    ///   - connectTimeout: how long making a connection may take (a database on a busy machine
    ///     may take seconds to start a backend).
    ///   - callTimeout: how long a call may take, waiting for a connection included; past it, it
    ///     fails as unavailable.
    ///   - logger: where PostgresNIO logs; nowhere unless given.
    /// - Throws: ``PostgresURLError`` for a URL that cannot be used, or a TLS setup error.
    public init(
        url: String,
        maxConnections: Int = HubDefaults.Store.postgresConnections,
        connectTimeout: Duration = .seconds(HubDefaults.Store.postgresConnectTimeoutSeconds),
        callTimeout: Duration = .seconds(HubDefaults.Store.postgresCallTimeoutSeconds),
        logger: Logger? = nil
    ) throws {
        self.url = try PostgresURL(url)
        self.logger = logger ?? Logger(label: "hub.store.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        self.callTimeout = Self.timeAmount(callTimeout)
        group = MultiThreadedEventLoopGroup.singleton

        var configuration = PostgresConnection.Configuration(
            host: self.url.host, port: self.url.port, username: self.url.user, password: self.url.password,
            database: self.url.database, tls: try Self.tls(self.url))
        configuration.options.connectTimeout = Self.timeAmount(connectTimeout)
        pool = PostgresConnectionPool(configuration: configuration, maximum: maxConnections, logger: self.logger, group: group)
        schema = PostgresSchema(logger: self.logger)
        listener = PostgresListener(configuration: configuration, logger: self.logger, group: group, token: token, observers: observers)
    }

    deinit {
        close()
    }

    /// The URL without its password.
    public var description: String { url.description }

    public func get(_ key: StoreKey, completion: @escaping @Sendable (Result<StoredValue?, StoreFailure>) -> Void) {
        // PostgreSQL's text holds no NUL: no such key can exist.
        guard !key.namespace.utf8.contains(0), !key.name.utf8.contains(0) else { return completion(.success(nil)) }
        let logger = logger
        perform(subject: key.description, idempotent: true, completion: completion) { connection in
            connection.watchedQuery(PostgresQueries.get(key), logger: logger).flatMapThrowing { result in
                try result.rows.first.map { row in
                    let (json, version) = try row.decode((String, Int64).self)
                    return StoredValue(json: json, version: version)
                }
            }
        }
    }

    public func list(
        namespace: String, prefix: String, after: String?, limit: Int,
        completion: @escaping @Sendable (Result<[String], StoreFailure>) -> Void
    ) {
        guard !namespace.utf8.contains(0), !prefix.utf8.contains(0) else { return completion(.success([])) }
        let logger = logger
        let query = PostgresQueries.list(namespace: namespace, prefix: prefix, after: after, limit: limit)
        perform(subject: "namespace \(namespace)", idempotent: true, completion: completion) { connection in
            connection.watchedQuery(query, logger: logger).flatMapThrowing { result in
                try result.rows.map { try $0.decode(String.self) }
            }
        }
    }

    public func write(_ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreFailure>) -> Void) {
        if write.key.namespace.utf8.contains(0) || write.key.name.utf8.contains(0) {
            return completion(.failure(StoreFailure(.invalidKey, "\(write.key): a key may not contain a NUL byte")))
        }
        if write.json?.utf8.contains(0) == true {
            return completion(.failure(StoreFailure(.invalidValue, "\(write.key): the value's JSON holds a NUL byte")))
        }
        let logger = logger
        let query = PostgresQueries.write(write, token: token)
        let observers = observers
        perform(subject: write.key.description, idempotent: false, completion: { (result: Result<String, StoreFailure>) in
            switch result {
            case .success("changed"):
                completion(.success(.changed))
            case .success("unchanged"):
                completion(.success(.unchanged))
            case .success("conflict"):
                completion(.success(.conflict))
            case .success("too many keys"):
                completion(.failure(StoreFailure(.tooManyKeys, "\(write.key): the namespace holds \(write.maxKeys) keys, its most")))
            case .success(let other):
                completion(.failure(StoreFailure(.backend, "\(write.key): hub_store_write answered \(other)")))
            case .failure(let failure):
                completion(.failure(failure))
            }
        }) { connection in
            connection.watchedQuery(query, logger: logger).flatMapThrowing { result in
                guard let row = result.rows.first else { throw PostgresFailure.failure(.backend, "hub_store_write answered nothing") }
                let outcome = try row.decode(String.self)
                // Committed: observers hear of it even if the call gave up waiting meanwhile.
                if outcome == "changed" { observers.notify(StoreChange(key: write.key, origin: write.origin)) }
                return outcome
            }
        }
    }

    public func observe(_ observer: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
        let observation = observers.add(observer)
        listener.start()
        return observation
    }

    /// Whether the store listens for other stores' changes now (it starts when first observed,
    /// and listens again by itself after losing its connection).
    public var isListening: Bool { listener.isListening }

    /// Starts listening if the store does not yet, and waits (blocking the caller, at most
    /// `timeout`) until it listens: for tests and tools that must not miss the next change.
    /// Returns whether it listens.
    public func waitUntilListening(timeout: Duration = .seconds(5)) -> Bool {
        listener.start()
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: timeout)
        while !listener.isListening {
            guard clock.now < end else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// Closes every connection; later calls fail as unavailable. Releasing the store does the
    /// same.
    public func close() {
        pool.close()
        listener.stop()
    }

    private static func tls(_ url: PostgresURL) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch url.tls {
        case .disable:
            return .disable
        case .prefer, .require:
            configuration.certificateVerification = .none
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        let context = try NIOSSLContext(configuration: configuration)
        return url.tls == .prefer ? .prefer(context) : .require(context)
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
