import Dispatch
import HubCore
import HubTestThreads
import Testing

@testable import HubRender

/// A Swift operation whose work runs off the loop — in a `Task`, on a Dispatch queue — hands
/// its result back through its context, and fills its view on the loop's thread. Off the pool:
/// `open` waits on the calling thread for the `Task`, which needs a thread of the pool.
@Suite(.offThePool) struct OffLoopOperationTests {
    /// Fetches `cities` in a `Task` (or fails with `failure`), then fills the view on the loop.
    final class TaskOperation: ContentOperation {
        let name = "task"
        let cities: [String]
        let failure: (any Error)?

        init(cities: [String], failure: (any Error)? = nil) {
            self.cities = cities
            self.failure = failure
        }

        func perform(_ context: ContentOperationContext) {
            let (cities, failure) = (cities, failure)
            context.runTask {
                await Task.yield()
                if let failure { throw failure }
                return cities
            } then: { result in
                switch result {
                case .success(let cities):
                    for city in cities { context.viewModelBuilder.bodyBuilder(city).title = city }
                    context.finish()
                case .failure(let error): context.fail(error)
                }
            }
        }
    }

    /// Hands `city` back from a Dispatch queue.
    final class DispatchOperation: ContentOperation {
        let name = "dispatch"

        func perform(_ context: ContentOperationContext) {
            let done = context.callback { (city: String) in
                context.viewModelBuilder.bodyBuilder(city).title = city
                context.finish()
            }
            DispatchQueue.global().async { done.deliver("Tromsø") }
        }
    }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    @Test func aTaskAndADispatchQueueHandTheirResultsToTheLoopAndTheViewSettlesWithThem() throws {
        let manager = try makeManager()
        try manager.register("north", uri: "north:view", title: "North") { [TaskOperation(cities: ["Oslo", "Bergen"]), DispatchOperation()] }
        let screen = try manager.open("north:view")
        #expect(screen.loader.operationStatuses.map(\.phase) == [.finished, .finished])
        #expect(screen.viewModel.body.map(\.title) == ["Oslo", "Bergen", "Tromsø"])
    }

    @Test func whatTheTaskThrowsFailsTheRun() throws {
        let manager = try makeManager()
        try manager.register("north", uri: "north:view", title: "North") { [TaskOperation(cities: [], failure: Offline())] }
        let screen = try manager.open("north:view")
        #expect(screen.lastError?.message == "offline")
    }
}
