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
    /// How long before observers came a change may have been stamped and still be told: a
    /// write stamped before they came may commit after. (A few changes made just before are
    /// told too; telling of a change twice is harmless, missing one is not.)
    static let startMargin = 0.25

    /// Names the writes of this store in the log: unique to each store, in every process.
    let writer = UUID().uuidString

    private struct State {
        var timer: (any DispatchSourceTimer)?
        /// The last row read (or, before any was read, the last one when the store opened).
        var lastSeen: Int64
        /// Whether every row after `lastSeen` is to be told: false until the first look after
        /// observers came, which tells only rows made since they came.
        var following = false
        /// When observers came, in seconds since 1970.
        var observedSince = 0.0
    }

    private let pool: DatabasePool
    private let observers: StoreObservers
    private let queue = DispatchQueue(label: "hub.sqlite.changes")
    private let state: Mutex<State>

    init(pool: DatabasePool, observers: StoreObservers) throws {
        self.pool = pool
        self.observers = observers
        let last = try pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM \(SQLiteSchema.changes)")
        }
        state = Mutex(State(lastSeen: last ?? 0))
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// Appends the change of `key` to the log, in `db`'s open transaction, and trims the log
    /// now and then.
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

    /// Starts looking for other processes' changes, unless already looking; it stops by itself
    /// once the store has no observer left.
    func start() {
        state.withLock { state in
            guard state.timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(10))
            timer.setEventHandler { [weak self] in self?.look() }
            state.timer = timer
            state.following = false
            state.observedSince = Date().timeIntervalSince1970 - Self.startMargin
            timer.resume()
        }
    }

    /// Reads the rows appended since the last look and tells the observers of other stores'
    /// changes.
    private func look() {
        let observing = state.withLock { state -> (lastSeen: Int64, following: Bool, since: Double)? in
            guard observers.count > 0 else {
                state.timer?.cancel()
                state.timer = nil
                return nil
            }
            return (state.lastSeen, state.following, state.observedSince)
        }
        guard let observing else { return }
        let rows: [Row]
        do {
            rows = try pool.read { db in
                try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT sequence, writer, namespace, name, time FROM \(SQLiteSchema.changes) WHERE sequence > ? ORDER BY sequence"),
                    arguments: [observing.lastSeen])
            }
        } catch {
            return  // Busy or gone for a moment: the rows stay in the log for the next look.
        }
        var changes: [StoreChange] = []
        if observing.following, let first = rows.first?["sequence"] as Int64?, first > observing.lastSeen + 1 {
            changes.append(StoreChange(key: nil))  // Trimmed before this store read them.
        }
        for row in rows {
            guard let writer: String = row["writer"], writer != self.writer,
                let namespace: String = row["namespace"], let name: String = row["name"],
                observing.following || (row["time"] as Double?).map({ $0 >= observing.since }) ?? true
            else { continue }
            changes.append(StoreChange(key: StoreKey(namespace: namespace, name: name)))
        }
        state.withLock { state in
            if let last = rows.last?["sequence"] as Int64? { state.lastSeen = last }
            state.following = true
        }
        for change in changes { observers.notify(change) }
    }
}
