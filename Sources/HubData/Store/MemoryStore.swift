import HubCore
import Synchronization

/// A store in the process's memory: empty when made, gone when released. What `hub test`,
/// `hub render`, the REPL and `hub watch` use unless told otherwise. Every call completes at
/// once, on the caller's thread.
public final class MemoryStore: Store {
    private struct Entry {
        let name: String
        var value: StoredValue?
        /// The last version the key had, kept after a delete so that versions never repeat.
        var lastVersion: Int64
    }

    /// One namespace's keys by their bytes, and how many of them hold a value.
    private struct Namespace {
        var entries: [[UInt8]: Entry] = [:]
        var valueCount = 0
    }

    /// Namespaces and names by their bytes, as databases tell them apart: two spellings of
    /// "é" (one code point, or "e" and a combining accent) are two keys, as they are there.
    private let namespaces = Mutex<[[UInt8]: Namespace]>([:])
    private let observers = StoreObservers()

    public init() {}

    public var description: String { "memory" }

    public func get(_ key: StoreKey, completion: @escaping @Sendable (Result<StoredValue?, StoreFailure>) -> Void) {
        let value = namespaces.withLock { $0[Array(key.namespace.utf8)]?.entries[Array(key.name.utf8)]?.value }
        completion(.success(value))
    }

    public func list(
        namespace: String, prefix: String, after: String?, limit: Int,
        completion: @escaping @Sendable (Result<[String], StoreFailure>) -> Void
    ) {
        let names = namespaces.withLock { namespaces in
            (namespaces[Array(namespace.utf8)]?.entries ?? [:]).compactMap { bytes, entry in
                entry.value != nil && bytes.starts(with: prefix.utf8) && after.map { Self.sortsBefore($0, entry.name) } ?? true
                    ? entry.name : nil
            }
        }
        completion(.success(Array(names.sorted(by: Self.sortsBefore).prefix(max(0, limit)))))
    }

    public func write(_ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreFailure>) -> Void) {
        let (namespace, name) = (Array(write.key.namespace.utf8), Array(write.key.name.utf8))
        let outcome = namespaces.withLock { namespaces -> Result<StoreWriteOutcome, StoreFailure> in
            // Changed in place: a copy of the namespace would make every write cost its size.
            Self.write(write, name: name, into: &namespaces[namespace, default: Namespace()])
        }
        if case .success(.changed) = outcome { observers.notify(StoreChange(key: write.key, origin: write.origin)) }
        completion(outcome)
    }

    public func observe(_ observer: @escaping @Sendable (StoreChange) -> Void) -> StoreObservation {
        observers.add(observer)
    }

    /// `write` applied to the key `name` of `keys`.
    private static func write(_ write: StoreWrite, name: [UInt8], into keys: inout Namespace) -> Result<StoreWriteOutcome, StoreFailure> {
        let entry = keys.entries[name]
        if case .version(let expected) = write.condition, entry?.value?.version != expected { return .success(.conflict) }
        guard !same(entry?.value?.json, write.json) else { return .success(.unchanged) }
        let adds = entry?.value == nil && write.json != nil
        if adds, keys.valueCount >= write.maxKeys {
            return .failure(StoreFailure(.tooManyKeys, "\(write.key): the namespace holds \(write.maxKeys) keys, its most"))
        }
        let version = (entry?.lastVersion ?? 0) + 1
        keys.entries[name] = Entry(name: write.key.name, value: write.json.map { StoredValue(json: $0, version: version) }, lastVersion: version)
        if adds { keys.valueCount += 1 } else if write.json == nil { keys.valueCount -= 1 }
        return .success(.changed)
    }

    /// Whether two values (nil: none) are the same bytes of JSON.
    private static func same(_ old: String?, _ new: String?) -> Bool {
        switch (old, new) {
        case (nil, nil): true
        case (let old?, let new?): old.utf8.elementsEqual(new.utf8)
        default: false
        }
    }

    /// Forgets every key: a test case starts from an empty store.
    public func removeAll() {
        namespaces.withLock { $0.removeAll() }
    }

    /// Byte order of UTF-8, the order every backend lists keys in.
    public static func sortsBefore(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
