/// Where features keep their own data: keys in namespaces, holding JSON values, shared by
/// every runtime that holds the same store (the workers of one `hub serve`, and through a
/// shared database, other processes).
///
/// Calls never block their caller for long: each hands its outcome to `completion`, on the
/// caller's thread at once (a store in memory) or on another thread later (a database). A
/// runtime hands it back to its own thread (``HubEventLoop/callback(_:)``).
public protocol Store: AnyObject, Sendable {
    /// What the store is, for logs and messages (`memory`, `sqlite ./.hub/store.sqlite`, ...).
    var description: String { get }

    /// The value `key` holds; nil when it holds none.
    func get(_ key: StoreKey, completion: @escaping @Sendable (Result<StoredValue?, StoreFailure>) -> Void)

    /// At most `limit` names of keys of `namespace` that start with `prefix` and sort after
    /// `after` (nil: from the first), in byte order.
    func list(
        namespace: String, prefix: String, after: String?, limit: Int,
        completion: @escaping @Sendable (Result<[String], StoreFailure>) -> Void)

    /// Applies `write` atomically (its condition checked in the same transaction) and, once it
    /// is committed, tells every observer of the store, in every process that shares it.
    func write(_ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreFailure>) -> Void)

    /// Calls `observer` (on any thread) with each committed change of a key, made through
    /// this store or, where the backend is shared, by another process; until the observation
    /// is cancelled or released.
    func observe(_ observer: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation
}
