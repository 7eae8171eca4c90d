import Testing

@testable import HubCore

// HUBViewModelLoaderFactoryTests.m.

struct ViewModelLoaderFactoryTests {
    private let viewURI = "spotify:hub:framework"
    private let featureRegistry = FeatureRegistry()

    private func register(_ operations: @escaping () -> [any ContentOperation]) throws {
        try featureRegistry.register(
            FeatureRegistration(
                identifier: "feature", viewURIPredicate: .exact(viewURI), title: "Feature",
                contentOperationFactories: [BlockContentOperationFactory { _ in operations() }]))
    }

    @Test func creatingViewModelLoaderForValidViewURI() throws {
        try register { [ContentOperationMock()] }
        let factory = ViewModelLoaderFactory(featureRegistry: featureRegistry)

        #expect(factory.canCreateLoader(forViewURI: viewURI))
        let loader = try #require(try factory.createLoader(forViewURI: viewURI))
        #expect(loader.viewURI == viewURI)
        #expect(loader.featureInfo == FeatureInfo(identifier: "feature", title: "Feature"))
        #expect(loader.contentOperations.count == 1)
    }

    @Test func creatingViewModelLoaderForInvalidViewURIReturnsNil() throws {
        try register { [ContentOperationMock()] }
        let factory = ViewModelLoaderFactory(featureRegistry: featureRegistry)

        #expect(!factory.canCreateLoader(forViewURI: "spotify:unrecognized"))
        #expect(try factory.createLoader(forViewURI: "spotify:unrecognized") == nil)
        // The predicate is exact: a sub-view is not part of the feature.
        #expect(!factory.canCreateLoader(forViewURI: "spotify:hub:framework:subview"))
    }

    @Test func noContentOperationCreatedThrows() throws {
        try register { [] }
        let factory = ViewModelLoaderFactory(
            featureRegistry: featureRegistry,
            prependedFactories: [BlockContentOperationFactory { _ in [] }],
            appendedFactories: [BlockContentOperationFactory { _ in [] }])

        #expect(throws: RegistrationError("feature 'feature' has no content operations for 'spotify:hub:framework'")) {
            _ = try factory.createLoader(forViewURI: viewURI)
        }
    }

    @Test func prependedAndAppendedContentOperationFactories() throws {
        let prependedError = ContentError(domain: "prepended", code: 0, message: "prepended failed")
        let contentError = ContentError(domain: "content", code: 0, message: "content failed")

        let prepended = ContentOperationMock(name: "prepended")
        prepended.error = prependedError
        let content = ContentOperationMock(name: "content")
        content.error = contentError
        let appended = ContentOperationMock(name: "appended")

        try register { [content] }
        let factory = ViewModelLoaderFactory(
            featureRegistry: featureRegistry,
            prependedFactories: [BlockContentOperationFactory { _ in [prepended] }],
            appendedFactories: [BlockContentOperationFactory { _ in [appended] }])

        let loader = try #require(try factory.createLoader(forViewURI: viewURI))
        #expect(loader.contentOperations.map(\.name) == ["prepended", "content", "appended"])
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate

        loader.loadViewModel()

        #expect(prepended.performCount == 1)
        #expect(content.performCount == 1)
        #expect(appended.performCount == 1)
        #expect(prepended.previousError == nil)
        // Each names the feature and the operation that failed with it, which it did not itself.
        #expect(content.previousError == prependedError.naming(feature: "feature", operation: "prepended"))
        #expect(appended.previousError == contentError.naming(feature: "feature", operation: "content"))
        // The appended operation finished, so the errors are silenced.
        #expect(delegate.errors.isEmpty)
        #expect(delegate.viewModels.count == 1)
        #expect(delegate.lastViewModel?.title == "Feature")
    }
}
