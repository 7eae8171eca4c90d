import Foundation
import Testing

@testable import HubCore

// HUBViewModelLoaderTests.m (catalogue §1). The loader is created for `spotify:hub:test` with
// feature info ("id", "title"); the reload policy mock declines reloads unless stated; the
// harness's recorder is the delegate.

struct ViewModelLoaderTests {
    private let error7 = ContentError(domain: "domain", code: 7, message: "error 7")

    /// `error` as the loader hands it on: naming the feature and the operation that failed with
    /// it, which the error itself did not.
    private func named(_ error: ContentError, by operation: String) -> ContentError {
        error.naming(feature: LoaderHarness.featureInfo.identifier, operation: operation)
    }

    // MARK: Initial view model

    @Test func initialViewModel() {
        var numberOfInitialViewModelRequests = 0
        let operation = ContentOperationMock()
        operation.initialContentLoadingBlock = { builder in
            builder.navigationBarTitle = "A title"
            numberOfInitialViewModelRequests += 1
        }
        let harness = LoaderHarness([operation])

        #expect(harness.loader.initialViewModel.navigationItem?.title == "A title")
        // Now cached: accessing it again must not ask the operation again.
        #expect(harness.loader.initialViewModel.navigationItem?.title == "A title")
        #expect(harness.loader.initialViewModel.navigationItem?.title == "A title")
        #expect(numberOfInitialViewModelRequests == 1)
        #expect(operation.performCount == 0)
    }

    @Test func injectedInitialViewModelUsedInsteadOfContentOperations() {
        let builder = ViewModelBuilder(configuration: .testing)
        builder.navigationBarTitle = "Pre-computed title"
        let injected = builder.build()

        var contentOperationCalled = false
        let operation = ContentOperationMock()
        operation.initialContentLoadingBlock = { _ in contentOperationCalled = true }
        let harness = LoaderHarness([operation], initialViewModel: injected)

        #expect(harness.loader.initialViewModel.navigationItem?.title == "Pre-computed title")
        #expect(harness.loader.initialViewModel == injected)
        #expect(!contentOperationCalled)
    }

    // MARK: Success and failure

    @Test func successfullyLoadingViewModel() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { builder in
            builder.navigationBarTitle = "A title"
            return true
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        // A second finish from the operation is ignored.
        try #require(operation.context).finish()

        #expect(harness.delegate.viewModels.map(\.title) == ["A title"])
        #expect(harness.delegate.errors.isEmpty)
    }

    @Test func singleContentOperationError() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { _ in false }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        try #require(operation.context).fail(error7)

        #expect(harness.delegate.viewModels.isEmpty)
        #expect(harness.delegate.errors == [named(error7, by: "mock")])
    }

    @Test func contentOperationErrorRecovery() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        operationA.contentLoadingBlock = { _ in false }
        operationB.contentLoadingBlock = { builder in
            builder.navigationBarTitle = "A title"
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        try #require(operationA.context).fail(error7)

        #expect(operationB.previousError == named(error7, by: "A"))
        try #require(operationB.context).finish()

        #expect(harness.delegate.viewModels.map(\.title) == ["A title"])
        #expect(harness.delegate.errors.isEmpty)
    }

    @Test func viewModelBuilderCopiedBetweenContentOperations() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        var builderA: ViewModelBuilder?
        var builderB: ViewModelBuilder?
        operationA.contentLoadingBlock = { builder in
            builderA = builder
            builder.bodyBuilder("fromA").title = "A"
            return true
        }
        operationB.contentLoadingBlock = { builder in
            builderB = builder
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()

        let a = try #require(builderA)
        let b = try #require(builderB)
        #expect(a !== b)
        // B got a copy of A's output: changing A's builder afterwards does not reach B.
        #expect(b.hasBody("fromA"))
        a.bodyBuilder("lateFromA").title = "late"
        #expect(!b.hasBody("lateFromA"))
        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["fromA"])
    }

    @Test func asynchronousContentOperationMultipleDelegateCallbacksIgnored() throws {
        let operation = ContentOperationMock()
        var keptBuilder: ViewModelBuilder?
        operation.contentLoadingBlock = { builder in
            keptBuilder = builder
            builder.navigationBarTitle = "A title"
            return false
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        #expect(harness.delegate.viewModels.isEmpty)
        #expect(harness.delegate.errors.isEmpty)

        let context = try #require(operation.context)
        context.finish()
        #expect(harness.delegate.viewModels.map(\.title) == ["A title"])
        #expect(harness.delegate.errors.isEmpty)

        try #require(keptBuilder).navigationBarTitle = "Another title"
        context.finish()
        #expect(harness.delegate.viewModels.map(\.title) == ["A title"])
        #expect(harness.delegate.errors.isEmpty)

        context.fail(error7)
        #expect(harness.delegate.viewModels.map(\.title) == ["A title"])
        #expect(harness.delegate.errors.isEmpty)
    }

    @Test func synchronousContentOperationCallingSuccessCallback() {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        operationA.contentLoadingBlock = { [unowned operationA] _ in
            operationA.context?.finish()
            return true
        }
        var operationBRequestCount = 0
        operationB.contentLoadingBlock = { _ in
            operationBRequestCount += 1
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()

        #expect(operationBRequestCount == 1)
        #expect(operationB.performCount == 1)
        #expect(harness.delegate.viewModels.count == 1)
    }

    @Test func synchronousContentOperationDoesNotCallDelegateTwice() {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { [unowned operation] _ in
            operation.context?.finish()
            return true
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()

        #expect(harness.delegate.errors.isEmpty)
        #expect(harness.delegate.viewModels.count == 1)
    }

    @Test func synchronousContentOperationCallingErrorCallback() {
        let error5 = ContentError(domain: "domain", code: 5, message: "error 5")
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { [unowned operation] _ in
            operation.context?.fail(error5)
            return true
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()

        #expect(harness.delegate.errors == [named(error5, by: "mock")])
        #expect(harness.delegate.viewModels.isEmpty)
    }

    @Test func subsequentlyLoadedContentNotAppendedToViewModel() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { builder in
            builder.bodyBuilder(UUID().uuidString).componentName = "component"
            return true
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        #expect(harness.delegate.lastViewModel?.body.count == 1)

        // Declined by the reload policy.
        harness.loader.loadViewModel()
        #expect(harness.delegate.lastViewModel?.body.count == 1)
        #expect(operation.performCount == 1)

        // A real second run starts from an empty builder too.
        harness.loader.reloadViewModel()
        #expect(operation.performCount == 2)
        #expect(harness.delegate.viewModels.count == 2)
        let first = try #require(harness.delegate.viewModels.first?.body.first)
        let second = try #require(harness.delegate.viewModels.last?.body)
        #expect(second.count == 1)
        #expect(second.first?.identifier != first.identifier)
    }

    // MARK: Snapshots and rescheduling

    @Test func viewModelBuilderSnapshotting() throws {
        let operationA = ContentOperationMock(name: "A")
        operationA.contentLoadingBlock = { builder in
            #expect(builder.isEmpty)
            builder.bodyBuilder("bodyA").title = "A"
            builder.overlayBuilder("overlayA").title = "A"
            return true
        }
        let operationB = ContentOperationMock(name: "B")
        operationB.contentLoadingBlock = { builder in
            #expect(builder.hasBody("bodyA"))
            #expect(!builder.hasBody("bodyB"))
            #expect(!builder.hasOverlay("overlayB"))
            builder.bodyBuilder("bodyB").title = "B"
            builder.overlayBuilder("overlayB").title = "B"
            return true
        }
        let operationC = ContentOperationMock(name: "C")
        operationC.contentLoadingBlock = { builder in
            #expect(builder.hasBody("bodyB"))
            #expect(!builder.hasBody("bodyC"))
            #expect(!builder.hasOverlay("overlayC"))
            builder.bodyBuilder("bodyC").title = "C"
            builder.overlayBuilder("overlayC").title = "C"
            return true
        }
        let harness = LoaderHarness([operationA, operationB, operationC])
        func counts() -> [Int] { [operationA.performCount, operationB.performCount, operationC.performCount] }

        harness.loader.loadViewModel()
        #expect(counts() == [1, 1, 1])

        try #require(operationA.context).handle.reschedule()
        #expect(counts() == [2, 2, 2])

        try #require(operationB.context).handle.reschedule()
        #expect(counts() == [2, 3, 3])

        try #require(operationC.context).handle.reschedule()
        #expect(counts() == [2, 3, 4])

        let viewModel = try #require(harness.delegate.lastViewModel)
        #expect(viewModel.body.map(\.identifier) == ["bodyA", "bodyB", "bodyC"])
        #expect(viewModel.overlays.map(\.identifier) == ["overlayA", "overlayB", "overlayC"])
        #expect(harness.delegate.viewModels.count == 4)
    }

    @Test func errorSnapshotting() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        let operationC = ContentOperationMock(name: "C")
        let errorA = ContentError(domain: "A", code: 9, message: "A failed")
        let errorB = ContentError(domain: "B", code: 9, message: "B failed")
        operationA.error = errorA
        operationB.error = errorB
        let harness = LoaderHarness([operationA, operationB, operationC])

        harness.loader.loadViewModel()
        #expect(operationB.previousError == named(errorA, by: "A"))
        #expect(operationC.previousError == named(errorB, by: "B"))

        try #require(operationB.context).handle.reschedule()
        #expect(operationB.previousError == named(errorA, by: "A"))
        #expect(operationC.previousError == named(errorB, by: "B"))

        try #require(operationC.context).handle.reschedule()
        #expect(operationC.previousError == named(errorB, by: "B"))

        operationA.error = nil
        operationB.error = nil
        try #require(operationA.context).handle.reschedule()
        #expect(operationA.previousError == nil)
        #expect(operationB.previousError == nil)
        #expect(operationC.previousError == nil)
        let performCounts: [Int] = [operationA.performCount, operationB.performCount, operationC.performCount]
        #expect(performCounts == [2, 3, 4])
    }

    @Test func contentOperationRescheduling() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        let operationC = ContentOperationMock(name: "C")
        let harness = LoaderHarness([operationA, operationB, operationC])

        harness.loader.loadViewModel()
        let handle = try #require(operationB.context).handle
        handle.reschedule()
        handle.reschedule()

        #expect(harness.delegate.viewModels.count == 3)
        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 3)
        #expect(operationC.performCount == 3)
    }

    @Test func attachedHandleReschedulesTheSameOperation() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        try #require(operationB.attachedHandle).reschedule()

        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 2)
        #expect(harness.delegate.viewModels.count == 2)
    }

    @Test func errorFromFirstContentLoadingChainNotPassedToRescheduledOperation() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { _ in false }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        let context = try #require(operation.context)
        context.fail(error7)
        #expect(harness.delegate.errors == [named(error7, by: "mock")])

        operation.contentLoadingBlock = nil
        context.handle.reschedule()

        #expect(operation.previousError == nil)
        #expect(operation.performCount == 2)
        #expect(harness.delegate.errors == [named(error7, by: "mock")])
        #expect(harness.delegate.viewModels.count == 1)
        #expect(harness.delegate.lastViewModel?.title == "title")
    }

    // MARK: Connectivity

    @Test func sameConnectivityStateSentToAllContentOperations() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        operationA.contentLoadingBlock = { _ in false }
        let harness = LoaderHarness([operationA, operationB], state: .online)

        harness.loader.loadViewModel()
        harness.resolver.state = .offline
        try #require(operationA.context).finish()

        #expect(operationA.connectivityState == .online)
        #expect(operationB.connectivityState == .online)
    }

    @Test func connectivityStateStartsLoadingFromBlankState() {
        var initialContentLoadingCount = 0
        let operationA = ContentOperationMock(name: "A")
        operationA.initialContentLoadingBlock = { builder in
            initialContentLoadingCount += 1
            builder.bodyBuilder("initial").title = "Initial component"
        }
        let operationB = ContentOperationMock(name: "B")
        operationB.contentLoadingBlock = { builder in
            builder.bodyBuilder("final").title = "Final component"
            return true
        }
        // The policy declines reloads: connectivity changes must bypass it.
        let policy = ContentReloadPolicyMock()
        policy.shouldReload = false
        let harness = LoaderHarness([operationA, operationB], state: .online, policy: policy)

        harness.loader.loadViewModel()
        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 1)

        harness.resolver.state = .offline
        harness.resolver.notifyObservers()

        #expect(initialContentLoadingCount == 1)
        #expect(operationA.performCount == 2)
        #expect(operationB.performCount == 2)
        #expect(operationA.connectivityState == .offline)
        #expect(operationB.connectivityState == .offline)
        // Loaded content, then the skeleton while reloading, then content loaded from scratch.
        #expect(harness.delegate.viewModels.map { $0.body.map(\.identifier) } == [["final"], ["initial"], ["final"]])
    }

    @Test func incorrectlyIndicatedConnectivityChangeIgnored() {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        let harness = LoaderHarness([operationA, operationB], state: .online)

        harness.loader.loadViewModel()
        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 1)

        for _ in 0..<4 {
            harness.resolver.notifyObservers()
        }

        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 1)
        #expect(harness.delegate.viewModels.count == 1)
    }

    @Test func connectivityStateChangeDoesNotStartLoadingUntilRequested() {
        let operationA = ContentOperationMock(name: "A")
        operationA.initialContentLoadingBlock = { builder in
            builder.bodyBuilder("initial").title = "Initial component"
        }
        let operationB = ContentOperationMock(name: "B")
        operationB.contentLoadingBlock = { builder in
            builder.bodyBuilder("final").title = "Final component"
            return true
        }
        let harness = LoaderHarness([operationA, operationB], state: .offline)

        harness.resolver.state = .online
        harness.resolver.notifyObservers()
        #expect(operationA.performCount == 0)
        #expect(operationB.performCount == 0)
        #expect(harness.delegate.viewModels.isEmpty)

        harness.loader.loadViewModel()
        #expect(operationA.performCount == 1)
        #expect(operationB.performCount == 1)
        #expect(operationA.connectivityState == .online)
    }

    @Test func resolveConnectivityStateWhenLoading() {
        let operationA = ContentOperationMock(name: "A")
        operationA.initialContentLoadingBlock = { builder in
            builder.bodyBuilder("initial").title = "Initial component"
        }
        let operationB = ContentOperationMock(name: "B")
        operationB.contentLoadingBlock = { builder in
            builder.bodyBuilder("final").title = "Final component"
            return true
        }
        let harness = LoaderHarness([operationA, operationB], state: .online)

        harness.resolver.state = .offline
        harness.resolver.notifyObservers()
        harness.loader.loadViewModel()

        #expect(operationA.connectivityState == .offline)
        #expect(operationB.connectivityState == .offline)
    }

    // MARK: Feature info and reload policy

    @Test func correctFeatureInfoSentToContentOperations() {
        let operation = ContentOperationMock()
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()

        #expect(operation.featureInfo == LoaderHarness.featureInfo)
        #expect(operation.context?.viewURI == "spotify:hub:test")
    }

    @Test func featureTitleAssignedAsViewTitleIfNil() {
        let operation = ContentOperationMock()
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()

        #expect(harness.delegate.lastViewModel?.navigationItem?.title == "title")
    }

    @Test func reloadPolicyPreventingReload() throws {
        let policy = ContentReloadPolicyMock()
        policy.shouldReload = false
        let operation = ContentOperationMock()
        let harness = LoaderHarness([operation], policy: policy)

        harness.loader.loadViewModel()
        harness.loader.loadViewModel()
        harness.loader.loadViewModel()

        #expect(operation.performCount == 1)
        // Asked only once a view model exists: by the second and third loads.
        #expect(policy.numberOfRequests == 2)
        #expect(policy.lastViewURI == "spotify:hub:test")
    }

    @Test func nilReloadPolicyAlwaysResultingInReload() {
        let operation = ContentOperationMock()
        let harness = LoaderHarness([operation], policy: nil)

        harness.loader.loadViewModel()
        harness.loader.loadViewModel()
        harness.loader.loadViewModel()

        #expect(operation.performCount == 3)
        #expect(harness.delegate.viewModels.count == 3)
    }

    // MARK: Pagination

    @Test func appendingPaginatedContent() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        var firstBuilderA: ViewModelBuilder?
        var firstBuilderB: ViewModelBuilder?
        var paginatedCalls = 0

        operationA.contentLoadingBlock = { builder in
            firstBuilderA = builder
            builder.bodyBuilder("A-0").title = "First component A"
            return true
        }
        operationA.paginatedContentLoadingBlock = { builder, pageIndex in
            paginatedCalls += 1
            #expect(firstBuilderA != nil)
            #expect(firstBuilderB != nil)
            #expect(builder !== firstBuilderA)
            #expect(builder !== firstBuilderB)
            #expect(pageIndex == 1)
            #expect(builder.hasBody("A-0"))
            #expect(builder.hasBody("B-0"))
            #expect(builder.bodyBuilder("A-0").title == "First component A")
            #expect(builder.bodyBuilder("B-0").title == "First component B")
            builder.bodyBuilder("A-1").title = "Second component A"
            return true
        }
        operationB.contentLoadingBlock = { builder in
            firstBuilderB = builder
            builder.bodyBuilder("B-0").title = "First component B"
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        let first = try #require(harness.delegate.lastViewModel)
        #expect(first.body.map(\.title) == ["First component A", "First component B"])

        harness.loader.loadNextPage()
        let second = try #require(harness.delegate.lastViewModel)
        #expect(second.body.map(\.title) == ["First component A", "First component B", "Second component A"])
        #expect(second.body.map(\.identifier) == ["A-0", "B-0", "A-1"])
        #expect(paginatedCalls == 1)
    }

    @Test func pageIndexIncrementedForEachPaginatedLoadingChain() {
        let operation = ContentOperationMock()
        var pageIndices: [Int] = []
        operation.paginatedContentLoadingBlock = { _, pageIndex in
            pageIndices.append(pageIndex)
            return true
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        harness.loader.loadNextPage()
        #expect(pageIndices == [1])
        harness.loader.loadNextPage()
        #expect(pageIndices == [1, 2])
        harness.loader.loadNextPage()
        #expect(pageIndices == [1, 2, 3])
        #expect(operation.context?.pageIndex == 3)
    }

    @Test func loadingPaginatedContentMultipleTimesAppendsToQueue() throws {
        let operation = ContentOperationMock()
        operation.paginatedContentLoadingBlock = { builder, pageIndex in
            builder.bodyBuilder("\(pageIndex)").title = "Component"
            return false
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadViewModel()
        harness.loader.loadNextPage()
        harness.loader.loadNextPage()
        harness.loader.loadNextPage()

        try #require(operation.context).finish()
        try #require(operation.context).finish()
        // No component models until the last queued chain has finished.
        #expect(harness.delegate.viewModels.count == 1)
        #expect(harness.delegate.lastViewModel?.body.count == 0)

        try #require(operation.context).finish()
        #expect(harness.delegate.viewModels.count == 2)
        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["1", "2", "3"])
    }

    @Test func appendedContentOperationChaining() {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        operationA.paginatedContentLoadingBlock = { builder, pageIndex in
            builder.bodyBuilder("A-\(pageIndex)").title = "Component from operation A"
            return true
        }
        operationB.paginatedContentLoadingBlock = { builder, pageIndex in
            builder.bodyBuilder("B-\(pageIndex)").title = "Component from operation B"
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        harness.loader.loadNextPage()
        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["A-1", "B-1"])

        harness.loader.loadNextPage()
        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["A-1", "B-1", "A-2", "B-2"])
    }

    @Test func appendedContentOperationErrorForwarding() {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        let errorA = ContentError(domain: "A", code: 15, message: "A failed")
        let errorB = ContentError(domain: "B", code: 19, message: "B failed")
        operationA.error = errorA
        operationB.error = errorB
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        #expect(operationA.previousError == nil)
        #expect(operationB.previousError == named(errorA, by: "A"))
        #expect(harness.delegate.errors == [named(errorB, by: "B")])

        // Nothing was loaded successfully and no operation paginates: this does nothing.
        harness.loader.loadNextPage()
        #expect(operationA.previousError == nil)
        #expect(operationB.previousError == named(errorA, by: "A"))
        #expect(harness.delegate.errors == [named(errorB, by: "B")])
        #expect(harness.delegate.viewModels.isEmpty)
    }

    @Test func loadingPaginatedContentBeforeMainContentDoesNothing() {
        let operation = ContentOperationMock()
        operation.paginatedContentLoadingBlock = { _, _ in
            Issue.record("the paginated content loading block should never be called")
            return false
        }
        let harness = LoaderHarness([operation])

        harness.loader.loadNextPage()
        harness.loader.loadNextPage()
        harness.loader.loadNextPage()

        #expect(operation.performCount == 0)
        #expect(operation.context == nil)
        #expect(harness.delegate.viewModels.isEmpty)
        #expect(!harness.loader.isLoading)
    }

    @Test func contentOperationReschedulingResetsAppendedContent() throws {
        let operationA = ContentOperationMock(name: "A")
        let operationB = ContentOperationMock(name: "B")
        operationA.paginatedContentLoadingBlock = { builder, pageIndex in
            #expect(pageIndex == 1)
            builder.bodyBuilder("A-0").title = "Component from operation A"
            return true
        }
        operationB.paginatedContentLoadingBlock = { builder, pageIndex in
            #expect(pageIndex == 1)
            builder.bodyBuilder("B-0").title = "Component from operation B"
            return true
        }
        let harness = LoaderHarness([operationA, operationB])

        harness.loader.loadViewModel()
        harness.loader.loadNextPage()
        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["A-0", "B-0"])

        operationA.contentLoadingBlock = { builder in
            builder.bodyBuilder("A-1").title = "Component from rescheduled operation A"
            return true
        }
        operationB.contentLoadingBlock = { builder in
            builder.bodyBuilder("B-1").title = "Component from rescheduled operation B"
            return true
        }
        try #require(operationA.context).handle.reschedule()

        #expect(harness.delegate.lastViewModel?.body.map(\.identifier) == ["A-1", "B-1"])
    }

    @Test func isLoading() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { _ in false }
        operation.paginatedContentLoadingBlock = { _, _ in false }
        let harness = LoaderHarness([operation])

        #expect(!harness.loader.isLoading)

        harness.loader.loadViewModel()
        #expect(harness.loader.isLoading)

        try #require(operation.context).finish()
        #expect(!harness.loader.isLoading)

        harness.loader.loadNextPage()
        #expect(harness.loader.isLoading)

        try #require(operation.context).finish()
        #expect(!harness.loader.isLoading)
    }

    /// A delivery is made in the previous one's body: a model the delegate still holds is not
    /// changed by it, and the models that did not change are the same ones.
    @Test func aDeliveryLeavesTheModelsTheDelegateHoldsAsTheyWere() throws {
        var round = 0
        let rows = ContentOperationMock()
        rows.contentLoadingBlock = { builder in
            for index in 0..<(2 * ComponentChunk.capacity) { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
            return true
        }
        let last = ContentOperationMock()
        last.contentLoadingBlock = { builder in
            round += 1
            builder.bodyBuilder("last").title = "Round \(round)"
            return true
        }
        let harness = LoaderHarness([rows, last])
        harness.loader.loadViewModel()
        harness.loader.rescheduleOperation(at: 1)
        let models = harness.delegate.viewModels
        try #require(models.count == 2)
        #expect(models.map { $0.body.last?.title } == ["Round 1", "Round 2"])
        #expect(models.map(\.body.count) == [2 * ComponentChunk.capacity + 1, 2 * ComponentChunk.capacity + 1])
        #expect(zip(models[0].body.dropLast(), models[1].body.dropLast()).allSatisfy { $0.sharesStorage(with: $1) })
        #expect(harness.loader.previouslyLoadedViewModel == models[1])
    }
}
