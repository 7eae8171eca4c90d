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
            #expect(a.waitUntilListening(timeout: .seconds(60)))
            #expect(b.waitUntilListening(timeout: .seconds(60)))

            // B hears of A's change by its listener (nothing else would tell it of that key),
            // not as a reconnection's "anything may have changed".
            let key = StoreKey(namespace: ns, name: "ключ %_\\")
            #expect(a.writeNow(ns, key.name, "1", origin: 7) == .success(.changed))
            #expect(seenByB.wait { $0.contains(StoreChange(key: key)) })
            // A's own change: told once, with A's origin (its listener ignores its own NOTIFY).
            #expect(a.writeNow(ns, "marker", "1") == .success(.changed))
            #expect(seenByB.wait { $0.contains(StoreChange(key: StoreKey(namespace: ns, name: "marker"))) })
            #expect(seenByA.all.filter { $0.key?.namespace == ns } == [StoreChange(key: key, origin: 7), StoreChange(key: StoreKey(namespace: ns, name: "marker"))])
            #expect(seenByB.all.filter { $0.key?.namespace == ns } == [StoreChange(key: key), StoreChange(key: StoreKey(namespace: ns, name: "marker"))])

            // Writes that change nothing tell nobody; deletes do.
            #expect(a.writeNow(ns, key.name, "1") == .success(.unchanged))
            #expect(b.writeNow(ns, key.name, "2", condition: .version(9)) == .success(.conflict))
            #expect(b.writeNow(ns, key.name, nil, origin: 3) == .success(.changed))
            // Notifications come in the order of the commits: once A hears of B's next change,
            // it has heard all it will of the ones before.
            let last = StoreKey(namespace: ns, name: "last")
            #expect(b.writeNow(ns, last.name, "1") == .success(.changed))
            #expect(seenByA.wait { $0.contains(StoreChange(key: last)) })
            #expect(seenByA.all.filter { $0.key?.namespace == ns } == [
                StoreChange(key: key, origin: 7), StoreChange(key: StoreKey(namespace: ns, name: "marker")),
                StoreChange(key: key), StoreChange(key: last),
            ])
            #expect(seenByB.all.filter { $0.key?.namespace == ns } == [
                StoreChange(key: key), StoreChange(key: StoreKey(namespace: ns, name: "marker")), StoreChange(key: key, origin: 3),
                StoreChange(key: last),
            ])
            #expect(!seenByA.all.contains { $0.key == nil })
            #expect(!seenByB.all.contains { $0.key == nil })
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
            #expect(b.waitUntilListening(timeout: .seconds(60)))
            observation.cancel()
            #expect(a.writeNow(ns, "k", "1") == .success(.changed))
            #expect(kept.wait { $0.contains { $0.key?.namespace == ns } })
            #expect(seen.all.filter { $0.key?.namespace == ns } == [])
            other.cancel()
        }
    }
}
