import Dispatch
import Foundation
import HubCore
@testable import HubSQLite
import HubTestThreads
import Synchronization
import Testing

/// Two stores on one file stand in for two processes sharing it.
@Suite("SQLiteStore: sharing a file")
struct SQLiteStoreSharingTests {
    let folder: TemporaryFolder
    let first: SQLiteStore
    let second: SQLiteStore

    init() throws {
        folder = try TemporaryFolder()
        first = try SQLiteStore(path: folder.file())
        second = try SQLiteStore(path: folder.file())
    }

    @Test func incrementsACounterAtomicallyUnderContention() throws {
        let counter = key("counter")
        let increments = 1_000
        let group = DispatchGroup()
        let failures = Mutex<[String]>([])
        let conflicts = Mutex(0)
        for store in [first, second] {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    var done = 0
                    while done < increments {
                        let current = try store.value(counter)
                        let next = (current.flatMap { Int($0.json) } ?? 0) + 1
                        switch try store.set(counter, "\(next)", condition: .version(current?.version)) {
                        case .changed: done += 1
                        case .conflict: conflicts.withLock { $0 += 1 }
                        case .unchanged: throw TestFailure(description: "unchanged at \(next)")
                        }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.withLock { $0 } == [])
        #expect(try first.value(counter) == StoredValue(json: "2000", version: 2_000))
        #expect(try second.value(counter) == StoredValue(json: "2000", version: 2_000))
    }

    @Test func tellsObserversOfTheOtherStoresChanges() throws {
        let seenByFirst = ChangeLog()
        let seenBySecond = ChangeLog()
        let firstObservation = first.observe(seenByFirst.record)
        let secondObservation = second.observe(seenBySecond.record)
        defer {
            firstObservation.cancel()
            secondObservation.cancel()
        }

        try first.set(key("a"), "1", origin: 7)
        #expect(seenByFirst.all == [StoreChange(key: key("a"), origin: 7)])  // At once, before the completion.
        #expect(seenBySecond.wait(for: 1) == [StoreChange(key: key("a"), origin: nil)])

        try second.set(key("b", in: "other"), "2", origin: 8)
        try second.set(key("b", in: "other"), nil, origin: 8)
        #expect(try second.set(key("b", in: "other"), nil, origin: 8) == .unchanged)
        #expect(seenByFirst.wait(for: 3) == [
            StoreChange(key: key("a"), origin: 7),
            StoreChange(key: key("b", in: "other"), origin: nil),
            StoreChange(key: key("b", in: "other"), origin: nil),
        ])

        // Looks go through the log in order: once a later change is told, no look told any of
        // the earlier ones twice.
        try second.set(key("c"), "3", origin: 9)
        #expect(seenByFirst.wait(for: 4) == [
            StoreChange(key: key("a"), origin: 7),
            StoreChange(key: key("b", in: "other"), origin: nil),
            StoreChange(key: key("b", in: "other"), origin: nil),
            StoreChange(key: key("c"), origin: nil),
        ])
        #expect(seenBySecond.all == [
            StoreChange(key: key("a"), origin: nil),
            StoreChange(key: key("b", in: "other"), origin: 8),
            StoreChange(key: key("b", in: "other"), origin: 8),
            StoreChange(key: key("c"), origin: 9),
        ])
    }

    @Test func tellsNothingOnceTheObservationIsCancelled() throws {
        let seen = ChangeLog()
        let observation = second.observe(seen.record)
        try first.set(key("a"), "1")
        #expect(seen.wait(for: 1) == [StoreChange(key: key("a"))])
        observation.cancel()
        try first.set(key("a"), "2")
        // Without observers, the store stops looking at its next look; a new observation is
        // told of the changes committed after it came, none before.
        #expect(waitUntil { !second.isLookingForChanges })

        let again = ChangeLog()
        let next = second.observe(again.record)
        defer { next.cancel() }
        try first.set(key("a"), "3")
        #expect(again.wait(for: 1) == [StoreChange(key: key("a"))])
        // Told to the new observation, the change after is past the one the cancelled
        // observation would have been told first, had it been told anything.
        #expect(seen.all == [StoreChange(key: key("a"))])
    }
}
