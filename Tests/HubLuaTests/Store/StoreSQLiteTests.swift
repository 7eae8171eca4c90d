import Synchronization
import Foundation
import GRDB
import HubCore
import HubRender
import HubSQLite
import Testing
@testable import HubLua

/// `hub.store` on a real SQLite file: calls suspend the run while the backend works, runtimes on
/// threads of their own (a server's workers) lose no update, and the backend's failures are
/// located store errors.
@Suite struct StoreSQLiteTests {
    /// A new SQLite file in a folder of its own.
    static func file() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-store-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("store.sqlite").path
    }

    static let counter = """
        hub.feature { id = "counter", uri = "counter:view", timeout = 3600000, operations = { function(ctx)
          local n
          for _ = 1, 1000 do n = hub.store.update("n", function(old) return (old or 0) + 1 end) end
          ctx.view:body("a").title = tostring(n)
        end } }
        """

    @Test func twoRuntimesOnThreadsOfTheirOwnEachUpdatingACounterAThousandTimesEndAtTwoThousand() throws {
        let path = try Self.file()
        let store = try SQLiteStore(path: path)
        let group = DispatchGroup()
        let errors = ErrorsSeen()
        for _ in 0..<2 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    // The real clock (`update` backs off for real time after a conflict, so that
                    // two writers in lockstep part). What is checked is that no update is lost,
                    // not how fast: the run and the screen's settling may take an hour, so that
                    // a loaded machine only makes them slower.
                    let runtime = try makeStoreRuntime(Self.counter, store: store, clock: .real)
                    runtime.manager.settleTimeout = 3_600_000
                    runtime.manager.operationLimits.timeout = 3_600_000
                    let screen = try runtime.open("counter:view")
                    if let error = screen.lastError { errors.add("\(error)") }
                } catch {
                    errors.add("\(error)")
                }
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        #expect(group.wait(timeout: .now() + 600) == .success, "only runtimes that hang reach this")
        #expect(errors.all.isEmpty)
        let runtime = try makeStoreRuntime(#"hub.feature { id = "counter", uri = "c:v", operations = { function() end } }"#, store: try SQLiteStore(path: path))
        #expect(try runtime.run(#"return hub.store.get("n")"#) == .int(2_000))
    }

    @Test func anOperationWaitingForALockedFileLetsTheLoopGoOnThenFailsAtItsLine() throws {
        let path = try Self.file()
        let store = try SQLiteStore(path: path, busyTimeout: .milliseconds(300))
        // The virtual clock: the ticks' timers fire as soon as the loop gets to them while the
        // write waits out its 300 ms, instead of each waiting 10 ms of a loaded machine's time.
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "notes", uri = "notes:view", operations = { function(ctx)
              ctx.view:body("a").title = "before"
              hub.store.set("note", "text")
            end } }
            """, store: store)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let result = try runtime.run(
            """
            local ticks = 0
            local function tick() ticks = ticks + 1 if ticks < 1000 then hub.after(10, tick) end end
            hub.after(10, tick)
            local s = hub.open("notes:view")
            local error = s.error
            return { ticks > 5, error.domain, error.code, error.location:match("[^/]+$"), error.message }
            """)
        try other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        #expect(result == .array([
            .bool(true), .string("store"), .int(2), .string("feature.lua:3"),
            .string("hub.store.set: notes/note: \(path) is locked by another process"),
        ]))
    }
}

extension StoreSQLiteTests {
    @Test func aRunawayOperationWaitingOnTheStoreIsStoppedByItsTimeout() throws {
        let runtime = try makeStoreRuntime(
            """
            hub.feature { id = "loop", uri = "loop:view", timeout = 300, operations = { function(ctx)
              while true do hub.store.set("n", (hub.store.get("n") or 0) + 1) end
            end } }
            hub.feature { id = "fine", uri = "fine:view", operations = { function(ctx) ctx.view:body("a").title = "fine" end } }
            """, store: try SQLiteStore(path: try Self.file()), clock: .real)
        let error = try runtime.open("loop:view").lastError
        #expect(error?.message.contains("timed out after 300 ms") == true, "\(String(describing: error))")
        #expect(try titles(runtime.open("fine:view")) == ["fine"])
        #expect(runtime.loop.awaitedCount == 0)
    }
}

/// Errors seen by threads.
private final class ErrorsSeen: Sendable {
    private let errors = Mutex<[String]>([])
    func add(_ error: String) { errors.withLock { $0.append(error) } }
    var all: [String] { errors.withLock { $0 } }
}
