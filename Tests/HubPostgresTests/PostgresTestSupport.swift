import Foundation
import HubCore
import HubPostgres
import HubTestPostgres
import HubTestThreads
import Synchronization
import Testing

/// The PostgreSQL tests: one suite, its tests one at a time (they block their thread while
/// the server works, and CI's cores are few). The suites in the other files extend it.
@Suite(.serialized) struct PostgresTests {}

/// The server most tests share (each in namespaces or databases of its own), started once.
enum SharedServer {
    private static let started = Result { try PostgresServer.started() }

    static func get() throws -> PostgresServer { try started.get() }

    /// A store on the shared database `hub`.
    static func store() throws -> PostgresStore {
        try PostgresStore(url: get().url)
    }

    /// A database of its own, fresh, named after `purpose`.
    static func freshDatabase(_ purpose: String) throws -> String {
        let name = "\(purpose)_\(UUID().uuidString.prefix(8).lowercased())"
        return try get().createDatabase(name)
    }
}

/// A namespace no other test uses.
func uniqueNamespace(_ purpose: String = "test") -> String {
    "\(purpose)-\(UUID().uuidString)"
}

/// Waits (blocking) for a call's completion; nil when none came within `timeout` seconds.
func blocking<Value: Sendable>(timeout: Double = 30, _ call: (@escaping @Sendable (Value) -> Void) -> Void) -> Value? {
    let box = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    call { value in
        box.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.withLock { $0 }
}

extension Store {
    func getNow(_ namespace: String, _ name: String) -> Result<StoredValue?, StoreFailure>? {
        blocking { get(StoreKey(namespace: namespace, name: name), completion: $0) }
    }

    func listNow(_ namespace: String, prefix: String = "", after: String? = nil, limit: Int = 100) -> Result<[String], StoreFailure>? {
        blocking { list(namespace: namespace, prefix: prefix, after: after, limit: limit, completion: $0) }
    }

    func writeNow(
        _ namespace: String, _ name: String, _ json: String?, condition: StoreWrite.Condition = .always,
        maxKeys: Int = HubDefaults.Store.maxKeys, origin: UInt64? = nil
    ) -> Result<StoreWriteOutcome, StoreFailure>? {
        let write = StoreWrite(key: StoreKey(namespace: namespace, name: name), json: json, condition: condition, maxKeys: maxKeys, origin: origin)
        return blocking { self.write(write, completion: $0) }
    }
}

/// The changes an observer saw.
final class ChangeRecorder: Sendable {
    private let changes = Mutex<[StoreChange]>([])

    var all: [StoreChange] { changes.withLock { $0 } }

    func record(_ change: StoreChange) {
        changes.withLock { $0.append(change) }
    }

    /// Waits (polling) until `condition` holds of the changes seen, at most `timeout` seconds
    /// (which only changes that never come reach).
    @discardableResult
    func wait(timeout: Double = 60, until condition: ([StoreChange]) -> Bool) -> Bool {
        waitUntil(seconds: timeout) { condition(all) }
    }
}

/// Runs `body` on `count` threads at once (each waits for the others before starting), and
/// waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        Thread {
            ready.leave()
            start.wait()
            body(index)
            done.leave()
        }.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    done.wait()
}
