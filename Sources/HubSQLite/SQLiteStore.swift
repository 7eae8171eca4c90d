import Foundation
import GRDB
import HubCore
import Synchronization

/// A store in a SQLite file (WAL mode), shared by every runtime of the process that holds it
/// and by other processes that open the same file: observers are told of their changes too,
/// within a tenth of a second.
///
/// A write is committed when its transaction is in the write-ahead log and the log is synced
/// to the disk (`synchronous = FULL`): it survives the process being killed and the machine
/// losing power. The file is the store: a write fails (code 1) once the file at ``path`` is no
/// longer the one opened (deleted, replaced, its folder gone), rather than going into a file
/// that no later start would find.
///
/// Calls never block their caller: each completes later, on another thread.
public final class SQLiteStore: Store {
    /// The file, as given.
    public let path: String
    /// Whether opening the store made its file (none was at ``path``).
    public let madeFile: Bool

    private let pool: DatabasePool
    private let observers: StoreObservers
    private let feed: SQLiteChangeFeed
    /// The file opened, to tell it from one put in its place.
    private let file: SQLiteFileIdentity

    /// Opens the store in the file at `path`, creating the file (and its folder) when missing.
    ///
    /// Fails when the file is not a SQLite database, cannot be written, is on a disk with no
    /// room left, or stays locked by another process for longer than `busyTimeout`, which is
    /// also how long each later write waits for another process's write to end.
    public init(path: String, busyTimeout: Duration = .seconds(HubDefaults.Store.sqliteBusyTimeoutSeconds)) throws(StoreFailure) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw StoreFailure(.unavailable, "cannot create the folder of \(path): \(error.localizedDescription)")
        }
        madeFile = !FileManager.default.fileExists(atPath: path)
        // Checked first: SQLite opens such a file read-only without a word, and whether a write
        // is then refused depends on what its write-ahead log holds.
        guard SQLiteFailure.isWritable(path) else { throw StoreFailure(.readOnly, "\(path) is read-only") }
        try SQLiteFileIdentity.checkRoom(in: folder.isEmpty ? "." : folder, for: path)
        var configuration = Configuration()
        configuration.label = "hub.sqlite"
        configuration.busyMode = Self.busyMode(timeout: busyTimeout)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let observers = StoreObservers()
        self.observers = observers
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try SQLiteSchema.prepare(pool)
            self.pool = pool
            feed = try SQLiteChangeFeed(pool: pool, observers: observers)
        } catch {
            throw SQLiteFailure.failure(error, path: path)
        }
        guard let file = SQLiteFileIdentity(path: path) else {
            throw StoreFailure(.unavailable, "\(path) was deleted as it was opened")
        }
        self.file = file
    }

    /// `sqlite PATH`.
    public var description: String { "sqlite \(path)" }

    public func get(_ key: StoreKey, completion: @escaping @Sendable (Result<StoredValue?, StoreFailure>) -> Void) {
        let (path, file) = (path, file)
        pool.asyncRead { database in
            completion(
                Result {
                    let db = try database.get()
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT json, version FROM \(SQLiteSchema.values) WHERE namespace = ? AND name = ?"),
                        arguments: [key.namespace, key.name])
                    guard let row, let json: String = row["json"], let version: Int64 = row["version"] else { return nil }
                    return StoredValue(json: json, version: version)
                }.mapError { file.failure($0, path: path, about: key.description) })
        }
    }

    public func list(
        namespace: String, prefix: String, after: String?, limit: Int,
        completion: @escaping @Sendable (Result<[String], StoreFailure>) -> Void
    ) {
        let path = path
        var sql = "SELECT name FROM \(SQLiteSchema.values) WHERE namespace = ? AND json IS NOT NULL AND name >= ?"
        var arguments: StatementArguments = [namespace, prefix]
        if let end = StoreKey.end(ofPrefix: prefix) {
            sql += " AND name < ?"
            arguments += [end]
        }
        if let after {
            sql += " AND name > ?"
            arguments += [after]
        }
        sql += " ORDER BY name LIMIT ?"
        arguments += [max(0, limit)]
        pool.asyncRead { [sql, arguments, file] database in
            completion(
                Result { try String.fetchAll(database.get().cachedStatement(sql: sql), arguments: arguments) }
                    .mapError { file.failure($0, path: path, about: "\(namespace)/\(prefix)*") })
        }
    }

    public func write(_ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreFailure>) -> Void) {
        let path = path
        pool.asyncWriteWithoutTransaction { [observers, feed, file] db in
            var outcome: Result<StoreWriteOutcome, StoreFailure> = .success(.unchanged)
            do {
                try db.inTransaction(.immediate) {
                    // Checked under the write lock: what commits goes into the file at `path`.
                    if let problem = file.problem(at: path) { throw StoreFailure(.unavailable, "\(write.key): \(problem)") }
                    outcome = try Self.apply(write, feed: feed, in: db)
                    return .commit
                }
            } catch {
                outcome = .failure(file.failure(error, path: path, about: write.key.description))
            }
            if case .success(.changed) = outcome { observers.notify(StoreChange(key: write.key, origin: write.origin)) }
            completion(outcome)
        }
    }

    public func observe(_ observer: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
        let observation = observers.add(observer)
        feed.start()
        return observation
    }

    /// Whether the store still looks for other processes' changes (it stops at the first look
    /// after its last observer went).
    var isLookingForChanges: Bool { feed.isLooking }

    /// Applies `write` in `db`'s open transaction, as `MemoryStore` does in memory.
    private static func apply(
        _ write: StoreWrite, feed: SQLiteChangeFeed, in db: Database
    ) throws -> Result<StoreWriteOutcome, StoreFailure> {
        let key = write.key
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT json, version FROM \(SQLiteSchema.values) WHERE namespace = ? AND name = ?"),
            arguments: [key.namespace, key.name])
        let json = row.flatMap { $0["json"] as String? }
        let lastVersion = row.flatMap { $0["version"] as Int64? } ?? 0
        if case .version(let expected) = write.condition, json.map({ _ in lastVersion }) != expected { return .success(.conflict) }
        guard json != write.json else { return .success(.unchanged) }
        if json == nil, write.json != nil {
            let count = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM \(SQLiteSchema.values) WHERE namespace = ? AND json IS NOT NULL"),
                arguments: [key.namespace]) ?? 0
            if count >= write.maxKeys {
                return .failure(StoreFailure(.tooManyKeys, "\(key): the namespace holds \(write.maxKeys) keys, its most"))
            }
        }
        try db.cachedStatement(sql: """
            INSERT INTO \(SQLiteSchema.values) (namespace, name, json, version) VALUES (?, ?, ?, ?)
            ON CONFLICT (namespace, name) DO UPDATE SET json = excluded.json, version = excluded.version
            """
        ).execute(arguments: [key.namespace, key.name, write.json, lastVersion + 1])
        try feed.append(key, in: db)
        return .success(.changed)
    }

    /// Waits for another connection's write to end in short naps (SQLite's own handler naps up
    /// to 100 ms at a time, which makes writers that take turns slow), giving up after
    /// `timeout`.
    private static func busyMode(timeout: Duration) -> Database.BusyMode {
        let wait = Mutex<(since: ContinuousClock.Instant, last: ContinuousClock.Instant)?>(nil)
        return .callback { tries in
            let now = ContinuousClock.now
            let since = wait.withLock { wait in
                let ongoing = tries > 0 && wait.map { now - $0.last < .milliseconds(100) } ?? false
                let since = ongoing ? wait?.since ?? now : now
                wait = (since, now)
                return since
            }
            guard now - since < timeout else { return false }
            usleep(tries < 20 ? 200 : 2_000)
            return true
        }
    }
}
