import HubCore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The store's tables and function, made in a database on first use and versioned in
/// `hub_store_schema(version)`. Processes that open a fresh database together take turns (a
/// transaction-level advisory lock), so that one makes the schema and the others find it.
///
/// `hub_store` holds one row per key ever written: a deleted key keeps its row with `json`
/// NULL and its last version, so that versions never repeat. `hub_store_keys` holds how many
/// keys each namespace holds, kept by every write that adds or deletes one, so that `max_keys`
/// is checked in constant time however full the namespace. `hub_store_write` applies one write
/// in one statement (one transaction): the row locked, the condition checked, the namespace's
/// count locked and checked when the write adds a key, and `pg_notify('hub_store', ...)` sent
/// on commit.
///
/// Version 2 added `hub_store_keys`; a database of version 1 is upgraded when first opened, its
/// counts taken while writers wait.
final class PostgresSchema: Sendable {
    /// The version this code makes and expects.
    static let version = 2

    /// The channel changes are notified on.
    static let channel = "hub_store"

    /// The advisory lock (one bigint) schema changes take.
    private static let schemaLock: Int64 = 0x4875_6253_746F_7265  // "HubStore"

    private static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS hub_store (
            namespace TEXT COLLATE "C" NOT NULL,
            name TEXT COLLATE "C" NOT NULL,
            json TEXT NULL,
            version BIGINT NOT NULL,
            PRIMARY KEY (namespace, name)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS hub_store_keys (
            namespace TEXT COLLATE "C" PRIMARY KEY,
            keys BIGINT NOT NULL
        )
        """,
        // Counted once, when the table is new (an upgrade from version 1): writers of an older
        // Hub wait for the count, under the schema lock, and the table is never counted again.
        """
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM hub_store_keys) THEN
                LOCK TABLE hub_store IN SHARE MODE;
                INSERT INTO hub_store_keys (namespace, keys)
                    SELECT namespace, count(*) FROM hub_store WHERE json IS NOT NULL GROUP BY namespace;
            END IF;
        END
        $$
        """,
        """
        CREATE OR REPLACE FUNCTION hub_store_write(
            p_namespace TEXT, p_name TEXT, p_json TEXT, p_check BOOLEAN, p_expected BIGINT, p_max_keys BIGINT, p_token TEXT
        ) RETURNS TEXT LANGUAGE plpgsql AS $$
        DECLARE
            v_found BOOLEAN;
            v_json TEXT;
            v_version BIGINT;
            v_counted BOOLEAN := FALSE;
            v_keys BIGINT;
            v_payload TEXT;
        BEGIN
            LOOP
                SELECT json, version INTO v_json, v_version FROM hub_store
                    WHERE namespace = p_namespace AND name = p_name FOR UPDATE;
                v_found := FOUND;
                IF p_check AND (CASE WHEN v_json IS NULL THEN NULL ELSE v_version END) IS DISTINCT FROM p_expected THEN
                    RETURN 'conflict';
                END IF;
                IF v_json IS NOT DISTINCT FROM p_json THEN
                    RETURN 'unchanged';
                END IF;
                -- A write that adds a key locks its namespace's count (made if missing), then
                -- looks at its key again: another such write may have added it meanwhile.
                EXIT WHEN v_json IS NOT NULL OR p_json IS NULL OR v_counted;
                INSERT INTO hub_store_keys (namespace, keys) VALUES (p_namespace, 0) ON CONFLICT (namespace) DO NOTHING;
                SELECT keys INTO v_keys FROM hub_store_keys WHERE namespace = p_namespace FOR UPDATE;
                v_counted := TRUE;
            END LOOP;
            IF v_json IS NULL AND p_json IS NOT NULL THEN
                IF v_keys >= p_max_keys THEN
                    RETURN 'too many keys';
                END IF;
                UPDATE hub_store_keys SET keys = keys + 1 WHERE namespace = p_namespace;
            ELSIF v_json IS NOT NULL AND p_json IS NULL THEN
                UPDATE hub_store_keys SET keys = keys - 1 WHERE namespace = p_namespace;
            END IF;
            IF v_found THEN
                UPDATE hub_store SET json = p_json, version = v_version + 1
                    WHERE namespace = p_namespace AND name = p_name;
            ELSE
                INSERT INTO hub_store (namespace, name, json, version) VALUES (p_namespace, p_name, p_json, 1);
            END IF;
            v_payload := json_build_object('token', p_token, 'namespace', p_namespace, 'name', p_name)::text;
            IF octet_length(v_payload) > 7900 THEN
                -- Past what NOTIFY carries: listeners learn that something changed.
                v_payload := json_build_object('token', p_token)::text;
            END IF;
            PERFORM pg_notify('\(channel)', v_payload);
            RETURN 'changed';
        END
        $$
        """,
    ]

    private let logger: Logger
    /// The making in progress or done (nil: not started, or it failed).
    private let state = Mutex<EventLoopFuture<Void>?>(nil)

    init(logger: Logger) {
        self.logger = logger
    }

    /// Succeeds once the database holds the schema: checked (and made if needed) by the first
    /// call, again after a failure.
    func ensure(pool: PostgresConnectionPool, on loop: any NIOCore.EventLoop) -> EventLoopFuture<Void> {
        let (future, promise) = state.withLock { state -> (EventLoopFuture<Void>, EventLoopPromise<Void>?) in
            if let state { return (state, nil) }
            let promise = loop.makePromise(of: Void.self)
            state = promise.futureResult
            return (promise.futureResult, promise)
        }
        guard let promise else { return future }
        promise.futureResult.whenFailure { [weak self] _ in
            self?.state.withLock { $0 = nil }
        }
        pool.lease().whenComplete { result in
            switch result {
            case .failure(let error):
                promise.fail(error)
            case .success(let connection):
                self.check(connection).whenComplete { result in
                    switch result {
                    case .success:
                        pool.release(connection)
                        promise.succeed()
                    case .failure(let error):
                        if PostgresFailure(error).losesConnection { pool.discard(connection) } else { pool.release(connection) }
                        promise.fail(error)
                    }
                }
            }
        }
        return promise.futureResult
    }

    /// Looks at the version without a lock (the usual case: the schema is there), and makes
    /// the schema when it is not.
    private func check(_ connection: PostgresConnection) -> EventLoopFuture<Void> {
        run("SELECT max(version) FROM hub_store_schema", on: connection).flatMapThrowing { result -> Bool in
            let version = try result.rows.first?.decode(Int?.self) ?? nil
            return try self.isCurrent(version)
        }.flatMapError { error in
            // 42P01: no such table, a fresh database.
            if PostgresFailure.sqlState(of: error) == "42P01" {
                return connection.eventLoop.makeSucceededFuture(false)
            }
            return connection.eventLoop.makeFailedFuture(error)
        }.flatMap { current in
            current ? connection.eventLoop.makeSucceededVoidFuture() : self.make(connection)
        }
    }

    /// Makes the schema in one transaction, under the schema lock.
    private func make(_ connection: PostgresConnection) -> EventLoopFuture<Void> {
        let transaction = run("BEGIN", on: connection).flatMap { _ in
            self.run("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", on: connection)
        }.flatMap { _ in
            self.run("CREATE TABLE IF NOT EXISTS hub_store_schema (version INTEGER NOT NULL)", on: connection)
        }.flatMap { _ in
            self.run("SELECT max(version) FROM hub_store_schema", on: connection)
        }.flatMapThrowing { result in
            try self.isCurrent(result.rows.first?.decode(Int?.self) ?? nil)
        }.flatMap { current -> EventLoopFuture<Void> in
            if current { return connection.eventLoop.makeSucceededVoidFuture() }
            let steps = Self.statements + ["DELETE FROM hub_store_schema", "INSERT INTO hub_store_schema (version) VALUES (\(Self.version))"]
            return steps.reduce(connection.eventLoop.makeSucceededVoidFuture()) { previous, statement in
                previous.flatMap { self.run(statement, on: connection).map { _ in } }
            }
        }.flatMap { _ in
            self.run("COMMIT", on: connection).map { _ in }
        }
        return transaction.flatMapError { error in
            self.run("ROLLBACK", on: connection).flatMapThrowing { _ in throw error }
        }
    }

    /// Whether the database's schema is this code's: false when there is none or it is older
    /// (``make(_:)`` then upgrades it: its statements only add what is missing); throws when
    /// it is newer.
    private func isCurrent(_ version: Int?) throws -> Bool {
        guard let version, version > 0 else { return false }
        guard version <= Self.version else {
            throw PostgresFailure.failure(
                .backend, "the database's store schema is version \(version), newer than this Hub's (\(Self.version)): update Hub")
        }
        return version == Self.version
    }

    private func run(_ sql: String, on connection: PostgresConnection) -> EventLoopFuture<PostgresQueryResult> {
        connection.watchedQuery(PostgresQuery(unsafeSQL: sql), logger: logger)
    }
}
