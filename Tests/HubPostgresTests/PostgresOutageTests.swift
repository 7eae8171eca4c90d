import Foundation
import HubCore
import HubPostgres
import HubTestPostgres
import HubTestThreads
import Synchronization
import Testing

extension PostgresTests {
    /// A server of its own, stopped and started again under running stores.
    @Suite struct Outage {
        @Test func callsFailFastWhileDownAndRecoverByThemselves() throws {
            let server = try PostgresServer.started()
            defer { server.shutdown() }
            // An hour for a call, a connection or a listener: a call that fails (or a listener
            // that stops) while the server is down does so because it is down, not because a
            // timeout ran out, and one left hanging has no result within the tests' wait.
            let store = try PostgresStore(url: server.url, connectTimeout: .seconds(3_600), callTimeout: .seconds(3_600))
            let other = try PostgresStore(url: server.url)
            defer {
                store.close()
                other.close()
            }
            let seen = ChangeRecorder()
            let observation = store.observe { seen.record($0) }
            defer { observation.cancel() }
            #expect(store.waitUntilListening(timeout: .seconds(60)))
            #expect(other.writeNow("ns", "before", "1") == .success(.changed))
            #expect(seen.wait { $0 == [StoreChange(key: StoreKey(namespace: "ns", name: "before"))] })

            // A writer that keeps writing through the outage: what it was told is committed stays.
            let acknowledged = Mutex<[Int]>([])
            let failed = Atomic<Int>(0)
            let hung = Mutex<[Int]>([])
            let stopWriting = Atomic<Bool>(false)
            let writerDone = DispatchSemaphore(value: 0)
            Thread {
                var index = 0
                while !stopWriting.load(ordering: .relaxed) {
                    let outcome = store.writeNow("ns", "w\(index)", "\(index)")
                    switch outcome {
                    case .success(.changed)?: acknowledged.withLock { $0.append(index) }
                    case nil: hung.withLock { $0.append(index) }
                    default:
                        failed.add(1, ordering: .relaxed)
                        Thread.sleep(forTimeInterval: 0.01)
                    }
                    index += 1
                }
                writerDone.signal()
            }.start()
            #expect(waitUntil { acknowledged.withLock { $0.count } >= 30 })

            try server.stop()
            let prefix = "PostgreSQL at 127.0.0.1:\(server.port) is unavailable: "
            for call in 0..<3 {
                // With an hour to run, a call that waited for a timeout would have no outcome.
                let outcomes: [String: Result<Void, StoreFailure>?] = [
                    "get": store.getNow("ns", "before").map { $0.map { _ in () } },
                    "list": store.listNow("ns").map { $0.map { _ in () } },
                    "write": store.writeNow("ns", "during", "\(call)").map { $0.map { _ in () } },
                ]
                for (name, outcome) in outcomes {
                    guard case .failure(let failure)? = outcome else {
                        Issue.record("\(name) while down: \(String(describing: outcome))")
                        continue
                    }
                    #expect(failure.kind == .unavailable, "\(name): \(failure)")
                    #expect(failure.message.hasPrefix(prefix), "\(name): \(failure)")
                    #expect(!failure.message.contains("no answer within"), "\(name): \(failure)")
                }
            }
            #expect(waitUntil { !store.isListening })

            try server.start()
            // Calls succeed at once, on the stores made before the outage.
            #expect(store.getNow("ns", "before") == .success(StoredValue(json: "1", version: 1)))
            #expect(other.writeNow("ns", "after", "1") == .success(.changed))
            // The listener is back: it says that anything may have changed, then hears again.
            #expect(seen.wait { $0.contains(StoreChange(key: nil)) })
            #expect(store.isListening)
            #expect(other.writeNow("ns", "later", "1") == .success(.changed))
            #expect(seen.wait { $0.contains(StoreChange(key: StoreKey(namespace: "ns", name: "later"))) })
            #expect(seen.all.filter { $0.key == nil }.count == 1)

            #expect(waitUntil { acknowledged.withLock { $0.count } >= 60 })
            stopWriting.store(true, ordering: .relaxed)
            writerDone.wait()
            #expect(failed.load(ordering: .relaxed) > 0)
            // No write hung, not even one sent as the server went down: each had its outcome
            // (with an hour to run, only from the server or from losing it).
            #expect(hung.withLock { $0 } == [])
            for index in acknowledged.withLock({ $0 }) {
                #expect(other.getNow("ns", "w\(index)") == .success(StoredValue(json: "\(index)", version: 1)))
            }
            #expect(store.getNow("ns", "during") == .success(nil))
        }
    }
}
