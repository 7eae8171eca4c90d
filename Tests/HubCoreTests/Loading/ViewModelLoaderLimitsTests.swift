import Testing

@testable import HubCore

/// The chain under load: any number of runs that finish at once is stack-safe, an operation
/// that keeps rescheduling itself is stopped, and a run that never finishes times out.
@Suite struct ViewModelLoaderLimitsTests {
    /// An operation that reschedules itself (through its handle) on each of its first `times` runs.
    private final class SelfRescheduling: ContentOperation {
        let name = "again"
        var times: Int
        var limits = ContentOperationLimits()
        private(set) var runs = 0
        private(set) var refused = 0
        private var handle: ContentOperationHandle?

        init(times: Int) {
            self.times = times
        }

        func attach(to handle: ContentOperationHandle) {
            self.handle = handle
        }

        func perform(_ context: ContentOperationContext) {
            runs += 1
            context.viewModelBuilder.bodyBuilder("runs").title = String(runs)
            if runs <= times, handle?.reschedule(from: "again.swift:1") == false { refused += 1 }
            context.finish()
        }
    }

    /// An operation that never finishes a run; it counts the timeouts it is told of.
    private final class Silent: ContentOperation {
        let name = "silent"
        var limits = ContentOperationLimits()
        private(set) var contexts: [ContentOperationContext] = []
        private(set) var timeouts = 0

        func perform(_ context: ContentOperationContext) {
            contexts.append(context)
        }

        func runDidTimeOut(_ context: ContentOperationContext) -> String? {
            timeouts += 1
            return "silent.lua:3"
        }
    }

    private func makeLoader(
        _ operations: [any ContentOperation], loop: HubEventLoop? = nil, limits: ContentOperationLimits = .standard
    ) -> (ViewModelLoader, ViewModelLoaderDelegateRecorder) {
        let loader = ViewModelLoader(
            viewURI: "test:limits", featureInfo: FeatureInfo(identifier: "limits", title: "Limits"), operations: operations,
            configuration: .testing, loop: loop, limits: limits)
        let recorder = ViewModelLoaderDelegateRecorder()
        loader.delegate = recorder
        return (loader, recorder)
    }

    @Test func tensOfThousandsOfRunsThatFinishAtOnceDoNotGrowTheStack() {
        let operation = SelfRescheduling(times: 50_000)
        let (loader, recorder) = makeLoader(
            [operation, BlockContentOperation(name: "after") { _ in }], limits: ContentOperationLimits(maximumConsecutiveReschedules: nil))
        loader.loadViewModel()
        #expect(operation.runs == 50_001)
        #expect(recorder.viewModels.count == 1, "one delivery for the drained queue")
        #expect(recorder.lastViewModel?.body.first?.title == "50001")
        #expect(loader.isLoading == false)
    }

    @Test func anOperationReschedulingItselfWithoutEndIsStoppedAtItsLimitWithALocatedError() throws {
        let operation = SelfRescheduling(times: .max)
        let after = ContentOperationMock(name: "after")
        let (loader, recorder) = makeLoader([operation, after])
        loader.loadViewModel()
        #expect(operation.runs == 1_001, "the first run and 1,000 reschedules")
        #expect(operation.refused == 1)
        let error = try #require(after.previousError, "the next operation hears of it")
        #expect(error.domain == "hub" && error.code == ContentError.Code.rescheduleLimit)
        #expect(error.description
            == "rescheduled itself 1000 times in a row with nothing else happening (a loop?) — feature 'limits', operation 'again', again.swift:1")
        #expect(recorder.viewModels.count == 1, "the last operation finished: the view still loads")
        #expect(loader.isLoading == false)
    }

    @Test func anOperationsOwnLimitIsUsedAndAnOutsideLoadStartsTheCountAfresh() {
        let operation = SelfRescheduling(times: 30)
        operation.limits.maximumConsecutiveReschedules = 20
        let (loader, _) = makeLoader([operation])
        loader.loadViewModel()
        #expect(operation.runs == 21 && operation.refused == 1)
        operation.times = 42
        loader.reloadViewModel()
        #expect(operation.runs == 42, "a reload is an outside event: twenty more are allowed")
        #expect(operation.refused == 2)
    }

    @Test func reschedulesFromTheEventLoopAreOutsideEventsAndNeverCapped() {
        final class Polling: ContentOperation {
            let name = "poll"
            let loop: HubEventLoop
            var runs = 0
            var handle: ContentOperationHandle?
            init(loop: HubEventLoop) { self.loop = loop }
            func attach(to handle: ContentOperationHandle) { self.handle = handle }
            func perform(_ context: ContentOperationContext) {
                runs += 1
                context.finish()
                if runs < 2_500 { loop.schedule(after: 1) { [self] in handle?.reschedule() } }
            }
        }
        let loop = HubEventLoop(clock: .virtual)
        let operation = Polling(loop: loop)
        let (loader, recorder) = makeLoader([operation], loop: loop)
        loader.loadViewModel()
        loop.run { false }
        #expect(operation.runs == 2_500)
        #expect(recorder.errors.isEmpty)
    }

    @Test func aRunThatOutlivesItsTimeoutFailsAndItsLateFinishIsIgnored() throws {
        let loop = HubEventLoop(clock: .virtual)
        let silent = Silent()
        let after = ContentOperationMock(name: "after")
        let (loader, recorder) = makeLoader([silent, after], loop: loop, limits: ContentOperationLimits(timeout: 500))
        loader.loadViewModel()
        #expect(loader.isLoading)
        #expect(loop.run { !loader.isLoading } == false, "nothing but the timeout is left to run")
        #expect(loop.now == 0)
        loop.advance(by: 500)
        #expect(loop.now == 500)
        #expect(silent.timeouts == 1)
        let error = try #require(after.previousError)
        #expect(error.code == ContentError.Code.timeout)
        #expect(error.description == "timed out after 500 ms — feature 'limits', operation 'silent', silent.lua:3")
        silent.contexts.first?.finish()
        #expect(recorder.viewModels.count == 1, "the late finish changes nothing")
        #expect(after.performCount == 1)
    }

    @Test func anOperationsOwnTimeoutWinsAndARunThatFinishesInTimeIsNotTouched() {
        let loop = HubEventLoop(clock: .virtual)
        let silent = Silent()
        silent.limits.timeout = 50
        let (loader, _) = makeLoader([silent], loop: loop, limits: ContentOperationLimits(timeout: 500))
        loader.loadViewModel()
        loop.advance(by: 50)
        #expect(loop.now == 50 && silent.timeouts == 1)
        loader.reloadViewModel()
        silent.contexts.last?.finish()
        loop.advance(by: 1_000)
        #expect(silent.timeouts == 1, "the finished run's timer does nothing")
    }
}
