import Foundation
import HubCore
import HubPostgres
import Testing

extension PostgresTests {
    @Suite struct Notifications {
        @Test func anotherStoresWritesReachObserversOnceEach() throws {
            let a = try SharedServer.store()
            let b = try SharedServer.store()
            defer {
                a.close()
                b.close()
            }
            let ns = uniqueNamespace("notify")
            let seenByA = ChangeRecorder()
            let seenByB = ChangeRecorder()
            let observationA = a.observe { seenByA.record($0) }
            let observationB = b.observe { seenByB.record($0) }
            defer {
                observationA.cancel()
                observationB.cancel()
            }
            #expect(a.waitUntilListening())
            #expect(b.waitUntilListening())

            let key = StoreKey(namespace: ns, name: "ключ %_\\")
            let started = Date()
            #expect(a.writeNow(ns, key.name, "1", origin: 7) == .success(.changed))
            #expect(seenByB.wait(timeout: 1) { $0.contains(StoreChange(key: key)) })
            #expect(Date().timeIntervalSince(started) < 1)
            // A's own change: told once, with A's origin (its listener ignores its own NOTIFY).
            #expect(a.writeNow(ns, "marker", "1") == .success(.changed))
            #expect(seenByB.wait(timeout: 1) { $0.contains(StoreChange(key: StoreKey(namespace: ns, name: "marker"))) })
            #expect(seenByA.all.filter { $0.key?.namespace == ns } == [StoreChange(key: key, origin: 7), StoreChange(key: StoreKey(namespace: ns, name: "marker"))])
            #expect(seenByB.all.filter { $0.key?.namespace == ns } == [StoreChange(key: key), StoreChange(key: StoreKey(namespace: ns, name: "marker"))])

            // Writes that change nothing tell nobody; deletes do.
            #expect(a.writeNow(ns, key.name, "1") == .success(.unchanged))
            #expect(b.writeNow(ns, key.name, "2", condition: .version(9)) == .success(.conflict))
            #expect(b.writeNow(ns, key.name, nil, origin: 3) == .success(.changed))
            #expect(seenByA.wait(timeout: 1) { $0.filter { $0.key?.namespace == ns }.count == 3 })
            Thread.sleep(forTimeInterval: 0.2)
            #expect(seenByA.all.filter { $0.key?.namespace == ns }.last == StoreChange(key: key))
            #expect(seenByA.all.filter { $0.key?.namespace == ns }.count == 3)
            #expect(seenByB.all.filter { $0.key?.namespace == ns } == [
                StoreChange(key: key), StoreChange(key: StoreKey(namespace: ns, name: "marker")), StoreChange(key: key, origin: 3),
            ])
            #expect(!seenByA.all.contains { $0.key == nil })
        }

        @Test func aCancelledObservationHearsNothing() throws {
            let a = try SharedServer.store()
            let b = try SharedServer.store()
            defer {
                a.close()
                b.close()
            }
            let ns = uniqueNamespace("cancel")
            let seen = ChangeRecorder()
            let kept = ChangeRecorder()
            let observation = b.observe { seen.record($0) }
            let other = b.observe { kept.record($0) }
            #expect(b.waitUntilListening())
            observation.cancel()
            #expect(a.writeNow(ns, "k", "1") == .success(.changed))
            #expect(kept.wait(timeout: 1) { $0.contains { $0.key?.namespace == ns } })
            #expect(seen.all.filter { $0.key?.namespace == ns } == [])
            other.cancel()
        }
    }
}
