import Dispatch
import Foundation
import HubCore
import HubSQLite
import HubTestThreads
import Synchronization
import Testing

/// A fresh folder for one test, removed when released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/hub-sqlite-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder.
    func file(_ name: String = "store.sqlite") -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Why a test helper gave up.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// Calls `start` with a completion and waits (blocking this thread) until it is called; gives
/// up after `seconds`, which only a call that never completes reaches.
func waitFor<T: Sendable>(
    seconds: Double = 60, _ start: (@escaping @Sendable (T) -> Void) -> Void
) throws -> T {
    let semaphore = DispatchSemaphore(value: 0)
    let box = Mutex<T?>(nil)
    start { value in
        box.withLock { $0 = value }
        semaphore.signal()
    }
    guard semaphore.wait(timeout: .now() + seconds) == .success, let value = box.withLock({ $0 }) else {
        throw TestFailure(description: "no completion within \(seconds) s")
    }
    return value
}

/// Waits until every connection to the database at `path` is closed: the last one to close
/// removes its write-ahead log. (A store closes its file a moment after it is released, once
/// its queues let go of it.) Gives up after `seconds`, which only a file left open reaches.
func waitUntilClosed(_ path: String, seconds: Double = 60) throws {
    guard waitUntil(seconds: seconds, { !FileManager.default.fileExists(atPath: path + "-wal") }) else {
        throw TestFailure(description: "\(path) is still open after \(seconds) s")
    }
}

/// Collects what observers are told.
final class ChangeLog: Sendable {
    private let changes = Mutex<[StoreChange]>([])

    func record(_ change: StoreChange) { changes.withLock { $0.append(change) } }

    var all: [StoreChange] { changes.withLock { $0 } }

    /// Waits until at least `count` changes arrived, or `seconds` passed (which only changes
    /// that never come reach); returns them all.
    func wait(for count: Int, seconds: Double = 60) -> [StoreChange] {
        _ = waitUntil(seconds: seconds) { all.count >= count }
        return all
    }
}

extension Store {
    func syncGet(_ key: StoreKey) throws -> Result<StoredValue?, StoreFailure> {
        try waitFor { get(key, completion: $0) }
    }

    func syncList(
        _ namespace: String = "notes", prefix: String = "", after: String? = nil, limit: Int = 100
    ) throws -> Result<[String], StoreFailure> {
        try waitFor { list(namespace: namespace, prefix: prefix, after: after, limit: limit, completion: $0) }
    }

    func syncWrite(_ write: StoreWrite) throws -> Result<StoreWriteOutcome, StoreFailure> {
        try waitFor { self.write(write, completion: $0) }
    }

    /// Sets (or with nil, deletes) `key`, failing the test on a failure.
    @discardableResult
    func set(
        _ key: StoreKey, _ json: String?, condition: StoreWrite.Condition = .always, maxKeys: Int = 10_000,
        origin: UInt64? = nil
    ) throws -> StoreWriteOutcome {
        try syncWrite(StoreWrite(key: key, json: json, condition: condition, maxKeys: maxKeys, origin: origin)).get()
    }

    /// The value `key` holds, failing the test on a failure.
    func value(_ key: StoreKey) throws -> StoredValue? {
        try syncGet(key).get()
    }
}

/// `name` in `namespace` (`notes` unless told).
func key(_ name: String, in namespace: String = "notes") -> StoreKey {
    StoreKey(namespace: namespace, name: name)
}
