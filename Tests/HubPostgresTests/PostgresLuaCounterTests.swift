import Foundation
import HubCore
import HubLua
import HubPostgres
import HubRender
import Synchronization
import Testing

extension PostgresTests {
    /// `hub.store.update` from Lua on PostgreSQL: runtimes on threads of their own (a server's
    /// workers, or processes) lose no update of one counter.
    @Suite struct LuaCounter {
        static let counter = """
            hub.feature { id = "counter", uri = "counter:view", timeout = 3600000, operations = { function(ctx)
              local n
              for _ = 1, 1000 do n = hub.store.update("n", function(old) return (old or 0) + 1 end) end
              ctx.view:body("a").title = tostring(n)
            end } }
            """

        /// A runtime on the real clock (`update` backs off for real time after a conflict, so
        /// that two writers in lockstep part) whose store is `store`, with the counter feature
        /// loaded. What is checked is that no update is lost, not how fast: the run and the
        /// screen's settling may take an hour, so that a loaded machine only makes them slower.
        static func runtime(_ store: any Store) throws -> HubRuntime {
            let runtime = try HubRuntime(clock: .real)
            runtime.manager.store = store
            runtime.manager.settleTimeout = 3_600_000
            runtime.manager.operationLimits.timeout = 3_600_000
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-pg-counter-\(UUID().uuidString)/counter")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try counter.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
            _ = try runtime.loadFeatures(at: folder.path)
            return runtime
        }

        /// With one store, the runtimes stand for one process's two workers; with two, for two processes.
        @Test(arguments: [1, 2])
        func twoRuntimesOnThreadsEachUpdatingACounterAThousandTimesEndAtTwoThousand(stores count: Int) throws {
            let url = try SharedServer.freshDatabase("scripted_counter")
            let stores = try (0..<count).map { _ in try PostgresStore(url: url) }
            defer { for store in stores { store.close() } }
            let errors = Mutex<[String]>([])
            let titles = Mutex<[String]>([])
            let group = DispatchGroup()
            for index in 0..<2 {
                group.enter()
                let store = stores[index % count]
                let thread = Thread {
                    defer { group.leave() }
                    do {
                        let screen = try Self.runtime(store).open("counter:view")
                        if let error = screen.lastError { errors.withLock { $0.append("\(error)") } }
                        titles.withLock { $0.append(screen.viewModel.body.first?.title ?? "") }
                    } catch {
                        errors.withLock { $0.append("\(error)") }
                    }
                }
                thread.stackSize = 16 << 20
                thread.start()
            }
            #expect(group.wait(timeout: .now() + 600) == .success, "only runtimes that hang reach this")
            #expect(errors.withLock { $0 } == [])
            // The thread that finished last saw the counter at 2,000.
            #expect(titles.withLock { $0.contains("2000") })
            #expect(stores[0].getNow("counter", "n") == .success(StoredValue(json: "2000", version: 2_000)))
        }
    }
}
