import Foundation
import HubCore
import HubPostgres
import HubTestPostgres
import Synchronization
import Testing

extension PostgresTests {
    /// A server of its own, stopped and started again under running stores.
    @Suite struct Outage {
        @Test func callsFailFastWhileDownAndRecoverByThemselves() throws {
            let server = try PostgresServer.started()
            defer { server.shutdown() }
            let store = try PostgresStore(url: server.url)
            let other = try PostgresStore(url: server.url)
            defer {
                store.close()
                other.close()
            }
            let seen = ChangeRecorder()
            let observation = store.observe { seen.record($0) }
            defer { observation.cancel() }
            #expect(store.waitUntilListening())
            #expect(other.writeNow("ns", "before", "1") == .success(.changed))
            #expect(seen.wait(timeout: 1) { $0 == [StoreChange(key: StoreKey(namespace: "ns", name: "before"))] })

            // A writer that keeps writing through the outage: what it was told is committed stays.
            let acknowledged = Mutex<[Int]>([])
            let failed = Atomic<Int>(0)
            let stopWriting = Atomic<Bool>(false)
            let slowest = Mutex<Double>(0)
            let writerDone = DispatchSemaphore(value: 0)
            Thread {
                var index = 0
                while !stopWriting.load(ordering: .relaxed) {
                    let started = Date()
                    let outcome = store.writeNow("ns", "w\(index)", "\(index)")
                    let elapsed = Date().timeIntervalSince(started)
                    slowest.withLock { $0 = max($0, elapsed) }
                    switch outcome {
                    case .success(.changed)?: acknowledged.withLock { $0.append(index) }
                    default:
                        failed.add(1, ordering: .relaxed)
                        Thread.sleep(forTimeInterval: 0.01)
                    }
                    index += 1
                }
                writerDone.signal()
            }.start()
            #expect(waitUntil(timeout: 5) { acknowledged.withLock { $0.count } >= 30 })

            try server.stop()
            let prefix = "PostgreSQL at 127.0.0.1:\(server.port) is unavailable: "
            for call in 0..<3 {
                let started = Date()
                let outcomes: [String: Result<Void, StoreFailure>?] = [
                    "get": store.getNow("ns", "before").map { $0.map { _ in () } },
                    "list": store.listNow("ns").map { $0.map { _ in () } },
                    "write": store.writeNow("ns", "during", "\(call)").map { $0.map { _ in () } },
                ]
                let elapsed = Date().timeIntervalSince(started)
                #expect(elapsed < 1.5, "three calls took \(elapsed) s")
                for (name, outcome) in outcomes {
                    guard case .failure(let failure)? = outcome else {
                        Issue.record("\(name) while down: \(String(describing: outcome))")
                        continue
                    }
                    #expect(failure.kind == .unavailable, "\(name): \(failure)")
                    #expect(failure.message.hasPrefix(prefix), "\(name): \(failure)")
                }
            }
            #expect(waitUntil(timeout: 2) { !store.isListening })

            try server.start()
            // Calls succeed at once, on the stores made before the outage.
            #expect(store.getNow("ns", "before") == .success(StoredValue(json: "1", version: 1)))
            #expect(other.writeNow("ns", "after", "1") == .success(.changed))
            // The listener is back: it says that anything may have changed, then hears again.
            #expect(seen.wait(timeout: 5) { $0.contains(StoreChange(key: nil)) })
            #expect(store.isListening)
            #expect(other.writeNow("ns", "later", "1") == .success(.changed))
            #expect(seen.wait(timeout: 1) { $0.contains(StoreChange(key: StoreKey(namespace: "ns", name: "later"))) })
            #expect(seen.all.filter { $0.key == nil }.count == 1)

            #expect(waitUntil(timeout: 5) { acknowledged.withLock { $0.count } >= 60 })
            stopWriting.store(true, ordering: .relaxed)
            writerDone.wait()
            #expect(failed.load(ordering: .relaxed) > 0)
            // No write hung, not even one sent as the server went down.
            #expect(slowest.withLock { $0 } < 2)
            for index in acknowledged.withLock({ $0 }) {
                #expect(other.getNow("ns", "w\(index)") == .success(StoredValue(json: "\(index)", version: 1)))
            }
            #expect(store.getNow("ns", "during") == .success(nil))
        }
    }
}

/// Waits (polling) until `condition` holds, at most `timeout` seconds; whether it holds.
func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return condition()
}
