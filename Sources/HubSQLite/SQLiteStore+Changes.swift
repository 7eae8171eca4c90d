import Dispatch
import Foundation
import GRDB
import HubCore
import Synchronization

/// The change log that carries a store's changes to the other processes sharing its file.
///
/// Each write appends a row (who wrote it, which key, when) in its own transaction. A store
/// with observers reads the rows appended since it last looked, every ``interval``, and tells
/// its observers of those another store wrote (its own writes were told at once, with their
/// origin). The log keeps its last ``kept`` rows; a reader that fell further behind is told
/// that any key may have changed.
final class SQLiteChangeFeed: Sendable {
    /// How often a store with observers looks for other processes' changes.
    static let interval = DispatchTimeInterval.milliseconds(50)
    /// How many of the last rows the log keeps.
    static let kept: Int64 = 8_192
    /// How often (in rows) a writer trims the log.
    static let trimEvery: Int64 = 256

    /// Names the writes of this store in the log: unique to each store, in every process.
    let writer = UUID().uuidString

    private struct State {
        var timer: (any DispatchSourceTimer)?
        /// The last row read (or, before any was read, the last one committed when observers
        /// came, or when the store opened): every row after it is to be told.
        var lastSeen: Int64
    }

    private let pool: DatabasePool
    private let observers: StoreObservers
    private let queue = DispatchQueue(label: "hub.sqlite.changes")
    private let state: Mutex<State>

    init(pool: DatabasePool, observers: StoreObservers) throws {
        self.pool = pool
        self.observers = observers
        state = Mutex(State(lastSeen: try Self.lastCommitted(in: pool)))
    }

    /// The sequence of the last row committed to the log (0: none).
    ///
    /// Writers take turns, and a row's sequence is its place in those turns: every row that
    /// commits after this read (one being written during it too) has a greater one.
    private static func lastCommitted(in pool: DatabasePool) throws -> Int64 {
        try pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM \(SQLiteSchema.changes)") ?? 0
        }
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// Appends the change of `key` to the log, in `db`'s open transaction, and trims the log
    /// now and then. (Its time is for whoever reads the file; the feed goes by sequence.)
    func append(_ key: StoreKey, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO \(SQLiteSchema.changes) (writer, namespace, name, time) VALUES (?, ?, ?, ?)")
            .execute(arguments: [writer, key.namespace, key.name, Date().timeIntervalSince1970])
        let sequence = db.lastInsertedRowID
        if sequence % Self.trimEvery == 0 {
            try db.execute(
                sql: "DELETE FROM \(SQLiteSchema.changes) WHERE sequence <= ?", arguments: [sequence - Self.kept])
        }
    }

    /// Whether it looks for other processes' changes.
    var isLooking: Bool { state.withLock { $0.timer != nil } }

    /// Starts looking for other processes' changes, unless already looking: those committed
    /// from now on are told. It stops by itself once the store has no observer left.
    func start() {
        guard !isLooking else { return }
        // Busy or gone for a moment: the looks start after the last row read, and a change told
        // twice is harmless.
        let committed = try? Self.lastCommitted(in: pool)
        state.withLock { state in
            guard state.timer == nil else { return }
            if let committed { state.lastSeen = max(state.lastSeen, committed) }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in self?.look() }
            state.timer = timer
            timer.resume()
        }
    }

    /// Reads the rows appended since the last look and tells the observers of other stores'
    /// changes.
    private func look() {
        let lastSeen = state.withLock { state -> Int64? in
            guard observers.count > 0 else {
                state.timer?.cancel()
                state.timer = nil
                return nil
            }
            return state.lastSeen
        }
        guard let lastSeen else { return }
        let rows: [Row]
        do {
            rows = try pool.read { db in
                try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT sequence, writer, namespace, name FROM \(SQLiteSchema.changes) WHERE sequence > ? ORDER BY sequence"),
                    arguments: [lastSeen])
            }
        } catch {
            return  // Busy or gone for a moment: the rows stay in the log for the next look.
        }
        var changes: [StoreChange] = []
        if let first = rows.first?["sequence"] as Int64?, first > lastSeen + 1 {
            changes.append(StoreChange(key: nil))  // Trimmed before this store read them.
        }
        for row in rows {
            guard let writer: String = row["writer"], writer != self.writer,
                let namespace: String = row["namespace"], let name: String = row["name"]
            else { continue }
            changes.append(StoreChange(key: StoreKey(namespace: namespace, name: name)))
        }
        state.withLock { state in
            if let last = rows.last?["sequence"] as Int64? { state.lastSeen = last }
        }
        for change in changes { observers.notify(change) }
    }
}
