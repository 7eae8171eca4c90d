import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua

/// The async face of a runtime: views opened from many tasks at once, all in flight together
/// while the runtime's thread serves them; settling, selecting and failing as typed errors.
@Suite struct AsyncHubRuntimeTests {
    /// A runtime on the real clock with `source` as its one feature folder.
    private func makeHub(_ source: String) async throws -> AsyncHubRuntime {
        let folder = try makeFeatureFolder(source)
        return try await AsyncHubRuntime {
            let runtime = try HubRuntime(clock: .real)
            try runtime.loadFeatures(at: folder)
            return runtime
        }
    }

    @Test func aHundredViewsOpenedFromAHundredTasksAreAllInFlightAtOnce() async throws {
        // Each view's operation waits until all hundred are waiting: were one open to hold its
        // task's thread until its view settled, the two threads of the pool would hold two
        // views, and the others could not start; every open would then time out.
        let hub = try await makeHub("""
            local waiting = {}
            hub.feature { id = "gate", uri_prefix = "gate:", operations = { function(ctx)
              hub.await(function(done)
                waiting[#waiting + 1] = done
                if #waiting == 100 then for _, release in ipairs(waiting) do release() end end
              end)
              ctx.view:body("row").title = ctx.uri
            end } }
            """)
        let titles = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let view = try await hub.open("gate:\(index)", timeout: 60_000)
                    return try await view.viewModel.body.first?.title
                }
            }
            var titles: [String] = []
            for try await title in group { titles.append(title ?? "") }
            return titles
        }
        #expect(titles.sorted() == (0..<100).map { "gate:\($0)" }.sorted())
    }

    @Test func aViewThatFailsThrowsItsLocatedError() async throws {
        let hub = try await makeHub("""
            hub.feature { id = "broken", uri = "broken:view", operations = { function(ctx)
              error("the shelf is empty")
            end } }
            """)
        await #expect {
            _ = try await hub.open("broken:view")
        } throws: { error in
            guard case .failed(let uri, let failure) = error as? AsyncScreenError else { return false }
            return uri == "broken:view" && failure.message == "the shelf is empty" && failure.operation == "feature:1"
                && failure.location?.hasSuffix("feature/feature.lua:2") == true
        }
        await #expect(throws: OpenError.self) { _ = try await hub.open("nowhere:view") }
    }

    @Test func aViewStillLoadingAtItsTimeoutNamesWhatWasRunningAndGoesOn() async throws {
        let hub = try await makeHub("""
            local release
            hub.feature { id = "slow", uri = "slow:view", timeout = 600000, operations = {
              hub.operation { name = "fetch", perform = function(ctx)
                hub.await(function(done) release = done end)
                ctx.view:body("row").title = "arrived"
              end },
            } }
            hub.feature { id = "go", uri = "go:view", operations = { function(ctx)
              release()
              ctx.view:body("row").title = "released"
            end } }
            """)
        await #expect {
            _ = try await hub.open("slow:view", timeout: 50)
        } throws: { error in
            error as? AsyncScreenError == .stillLoading(viewURI: "slow:view", milliseconds: 50, running: ["fetch"])
        }
        _ = try await hub.open("go:view")
    }

    @Test func selectingRunsTheTargetsActionsAndAFailingOneIsThrown() async throws {
        let hub = try await makeHub("""
            local sold = 0
            hub.feature { id = "shop", uri = "shop:view", operations = {
              hub.operation { name = "shelf", perform = function(ctx)
                local book = ctx.view:body { id = "book", title = "Dune (" .. sold .. " sold)" }
                book.target:add_action("shop:sell")
                ctx.view:body { id = "broken", title = "Broken" }.target:add_action("shop:fail")
              end, on_action = function(ctx) ctx:reschedule() end },
            } }
            hub.action("shop:sell", function()
              sold = sold + 1
              return true
            end)
            hub.action("shop:fail", function(ctx) error("the till is closed") end)
            """)
        let view = try await hub.open("shop:view")
        #expect(try await view.viewModel.body.first?.title == "Dune (0 sold)")
        #expect(try await view.select("book").body.first?.title == "Dune (1 sold)", "the action ran, and the chain it rescheduled settled")
        await #expect {
            _ = try await view.select("broken")
        } throws: { error in
            guard case .actionFailed(let uri, let failure) = error as? AsyncScreenError else { return false }
            return uri == "shop:view" && failure.message == "the till is closed" && failure.action == "shop:fail"
        }
        await #expect(throws: AsyncScreenError.noComponent(viewURI: "shop:view", identifier: "ghost")) {
            _ = try await view.select("ghost")
        }
        view.close()
        await #expect(throws: AsyncScreenError.closed(viewURI: "shop:view")) { _ = try await view.viewModel }
    }

    @Test func selectingAnswersTheViewAsTheSettledSelectionLeftIt() async throws {
        // The action waits, then writes what the view reads: only the store tells the chain to
        // run again, after the action has ended.
        let hub = try await makeHub("""
            hub.feature { id = "shop", uri = "shop:view", title = "Shop", operations = {
              hub.operation { name = "shelf", perform = function(ctx)
                local sold = hub.store.get("sold") or 0
                ctx.view:body({ id = "book", title = "Dune (" .. sold .. " sold)" }).target:add_action("shop:sell")
              end },
            } }
            hub.action("shop:sell", function()
              hub.sleep(20)
              hub.store.set("sold", (hub.store.get("sold") or 0) + 1)
              return true
            end)
            """)
        let view = try await hub.open("shop:view", options: ScreenOptions(width: 20))
        #expect(try await view.select("book").body.map(\.title) == ["Dune (1 sold)"])
        #expect(try await view.render() == "        Shop\n────────────────────\n Dune (1 sold)\n")
        #expect(try await view.select("book").body.map(\.title) == ["Dune (2 sold)"])
    }

    @Test func aCallPastTheLimitOfWaitingJobsIsRefusedAtOnceAndTheOthersRun() async throws {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "shop", uri = "shop:view", operations = { function(ctx) ctx.view:body("row").title = "open" end } }
            """)
        let hub = try await AsyncHubRuntime(waitingLimit: 2) {
            let runtime = try HubRuntime(clock: .real)
            try runtime.loadFeatures(at: folder)
            return runtime
        }
        let view = try await hub.open("shop:view")
        // The thread runs a job that holds it until the gate opens; two jobs wait behind it.
        let gate = DispatchSemaphore(value: 0)
        let (held, holding) = AsyncStream<Void>.makeStream()
        let holder = Task { try await hub.withRuntime { _ in holding.yield(); gate.wait() } }
        for await _ in held { break }
        let (ran, running) = AsyncStream<Int>.makeStream()
        for job in 1...2 { try hub.thread.submit { _ in running.yield(job) } }

        let busy = AsyncRuntimeError.busy(waitingJobs: 2)
        #expect(throws: busy) { try hub.thread.submit { _ in running.yield(3) } }
        await #expect(throws: busy) { _ = try await hub.open("shop:view") }
        await #expect(throws: busy) { _ = try await view.settled() }
        await #expect(throws: busy) { _ = try await view.select("row") }
        await #expect(throws: busy) { _ = try await view.render() }
        #expect(busy.description == "the runtime is busy: 2 calls are waiting for its thread already, its limit; try again shortly")

        gate.signal()
        try await holder.value
        var order: [Int] = []
        for await job in ran {
            order.append(job)
            if order.count == 2 { break }
        }
        #expect(order == [1, 2], "the jobs taken ran, the one refused never did")
        #expect(try await hub.open("shop:view").viewModel.body.map(\.title) == ["open"])
        #expect(try await hub.withRuntime { _ in 4 } == 4)
        running.finish()
        var later: [Int] = []
        for await job in ran { later.append(job) }
        #expect(later.isEmpty)
    }

    @Test func aRuntimeOnAVirtualClockIsRefused() async throws {
        await #expect(throws: AsyncRuntimeError.self) { _ = try await AsyncHubRuntime { try HubRuntime(clock: .virtual) } }
    }
}
