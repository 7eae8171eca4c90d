import Testing

@testable import HubCore

// HUBBlockContentOperationTests.m.

struct BlockContentOperationTests {
    private let viewURI = "spotify:hub:framework"
    private let featureInfo = FeatureInfo(identifier: "id", title: "title")

    /// Runs `operation` directly with a context made of the given parts; returns the outcomes it
    /// reported (one entry per finish or fail that counted).
    private func perform(
        _ operation: BlockContentOperation, builder: ViewModelBuilder, previousError: ContentError?
    ) -> [ContentError?] {
        let loader = ViewModelLoader(viewURI: viewURI, featureInfo: featureInfo, operations: [operation])
        var outcomes: [ContentError?] = []
        let context = ContentOperationContext(
            viewURI: viewURI, featureInfo: featureInfo, connectivityState: .online, viewModelBuilder: builder,
            previousError: previousError, pageIndex: nil, handle: ContentOperationHandle(loader: loader, index: 0)
        ) { error in
            outcomes.append(error)
        }
        operation.perform(context)
        #expect(context.isCompleted)
        return outcomes
    }

    @Test func contextMatchesInputParameters() {
        let builder = ViewModelBuilder(configuration: .testing)
        let previousError = ContentError(domain: "domain", code: 3, message: "previous")
        var blockCalls = 0

        let operation = BlockContentOperation { context in
            blockCalls += 1
            #expect(context.viewURI == "spotify:hub:framework")
            #expect(context.featureInfo == FeatureInfo(identifier: "id", title: "title"))
            #expect(context.connectivityState == .online)
            #expect(context.viewModelBuilder === builder)
            #expect(context.previousError == previousError)
            #expect(context.pageIndex == nil)
            #expect(!context.isCompleted)
        }

        let outcomes = perform(operation, builder: builder, previousError: previousError)

        #expect(blockCalls == 1)
        // The operation finishes (successfully) right after its block.
        #expect(outcomes.count == 1)
        #expect(outcomes.first == .some(nil))
    }

    @Test func addingContentToViewModelBuilder() {
        let builder = ViewModelBuilder(configuration: .testing)
        let operation = BlockContentOperation { context in
            context.viewModelBuilder.navigationBarTitle = "Hello world!"
        }

        _ = perform(operation, builder: builder, previousError: nil)

        #expect(builder.navigationBarTitle == "Hello world!")
    }

    @Test func blockContentOperationInALoadingChain() {
        let failing = ContentOperationMock(name: "failing")
        let error = ContentError(domain: "domain", code: 1, message: "failed")
        failing.error = error
        var receivedError: ContentError?
        let operation = BlockContentOperation(name: "block") { context in
            receivedError = context.previousError
            context.viewModelBuilder.bodyBuilder("component").title = "Hello world!"
        }
        let loader = ViewModelLoader(viewURI: viewURI, featureInfo: featureInfo, operations: [failing, operation])
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate

        loader.loadViewModel()

        #expect(operation.name == "block")
        #expect(receivedError == error.naming(feature: "id", operation: "failing"))
        #expect(delegate.errors.isEmpty)
        #expect(delegate.viewModels.count == 1)
        #expect(delegate.lastViewModel?.body.map(\.title) == ["Hello world!"])
        #expect(!loader.isLoading)
    }
}
