import Foundation
import HubCore
import Synchronization
import Testing

/// What one fault scenario came to: every write its clients sent and what they were told,
/// against what the store holds afterwards. Lost: acknowledged (2xx) and not stored as sent.
struct FaultReport: CustomStringConvertible {
    let scenario: String
    let writes: [LedgerLoad.Write]
    /// The entries stored, by key (`c3-17`), as JSON text.
    let stored: [String: String]

    /// The writes acknowledged with a 2xx.
    var acknowledged: [LedgerLoad.Write] { writes.filter(\.told.acknowledges) }

    /// The acknowledged writes that the store does not hold as they were sent (missing or
    /// altered).
    var lost: [LedgerLoad.Write] {
        acknowledged.filter { stored[$0.key] != JSONValue.string($0.value).serialized() }
    }

    /// The entries stored that no client sent (none can be).
    var strangers: [String] {
        let sent = Set(writes.map(\.key))
        return stored.keys.filter { !sent.contains($0) }.sorted()
    }

    /// How many writes got each answer, most common first: `200 ×412, 503 ×37, no answer ×6`.
    var answers: String {
        Dictionary(grouping: writes, by: \.told).map { ($0.key, $0.value.count) }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
            .map { "\($0.0) ×\($0.1)" }.joined(separator: ", ")
    }

    /// The row of docs/serving.md's table: scenario, acknowledged, stored, lost, what clients got.
    var description: String {
        "| \(scenario) | \(acknowledged.count) | \(stored.count) | \(lost.count) | \(answers) |"
    }
}

extension FaultReport {
    /// The Ledger fixture, from the package root.
    static let ledger = "Tests/HubCLITests/Fixtures/Ledger"

    /// Serves the Ledger on `store` under load, waits for `before` acknowledged writes, runs
    /// `fault`, stops the clients and the server, and reads what the store holds (opened by
    /// `reading`); expects nothing acknowledged lost or altered and nothing stored unsent.
    static func scenario(
        _ name: String, store: String, valueBytes: Int = 64, before: Int = 100, reading: () throws -> any Store,
        fault: (ServeProcess, LedgerLoad) throws -> Void
    ) throws -> FaultReport {
        let server = try ServeProcess(features: ledger, store: store)
        let load = LedgerLoad(port: server.port, valueBytes: valueBytes)
        #expect(load.waitForAcknowledged(before), "writes not acknowledged before the fault: \(server.process.errorText.suffix(2_000))")
        try fault(server, load)
        let writes = load.stop()
        server.stop()
        let report = try FaultReport(scenario: name, writes: writes, stored: storedEntries(in: reading()))
        print("fault suite: \(report)")
        #expect(report.lost.isEmpty, "acknowledged and not stored as sent: \(report.lost.prefix(5).map(\.key))")
        #expect(report.strangers.isEmpty, "stored and never sent: \(report.strangers.prefix(5))")
        return report
    }
}

/// The entries of the Ledger fixture's namespace in `store`, by key without its `entry/` prefix,
/// as JSON text.
func storedEntries(in store: any Store) throws -> [String: String] {
    var entries: [String: String] = [:]
    var after: String?
    repeat {
        let page = try waited(store) { store.list(namespace: "ledger", prefix: "entry/", after: after, limit: 1_000, completion: $0) }
        for name in page {
            if let value = try waited(store, { store.get(StoreKey(namespace: "ledger", name: name), completion: $0) }) {
                entries[String(name.dropFirst("entry/".count))] = value.json
            }
        }
        after = page.count == 1_000 ? page.last : nil
    } while after != nil
    return entries
}

/// The count the Ledger fixture's view shows, as `store` holds it (0 when it holds none).
func storedCount(in store: any Store) throws -> Int {
    let value = try waited(store) { store.get(StoreKey(namespace: "ledger", name: "count"), completion: $0) }
    return try value.map { try JSONParser.parse($0.json).intValue ?? -1 } ?? 0
}

/// What a store call hands its completion, waited for (up to 30 s) on this thread.
private func waited<Value: Sendable>(
    _ store: any Store, _ call: (@escaping @Sendable (Result<Value, StoreFailure>) -> Void) -> Void
) throws -> Value {
    let box = Mutex<Result<Value, StoreFailure>?>(nil)
    let done = DispatchSemaphore(value: 0)
    call { result in
        box.withLock { $0 = result }
        done.signal()
    }
    guard done.wait(timeout: .now() + 30) == .success, let result = box.withLock({ $0 }) else {
        throw StoreFailure(.unavailable, "\(store.description) did not answer within 30 s")
    }
    return try result.get()
}
