import HubCore
import Testing

@testable import HubRender

/// A screen whose first load failed draws its title and its chain's failures, in the words
/// `hub render` reports them with, instead of an empty view.
@Suite struct LoadFailureViewTests {
    /// An operation that fails every run with `message`, raised at `location`.
    private final class FailingOperation: ContentOperation {
        let name: String
        let message: String
        let location: String?

        init(_ name: String, message: String, location: String? = nil) {
            self.name = name
            self.message = message
            self.location = location
        }

        func perform(_ context: ContentOperationContext) {
            context.fail(ContentError(domain: "test", message: message, location: location))
        }
    }

    /// An operation whose initial content titles the view `title`.
    private final class TitledSkeletonOperation: ContentOperation {
        let name = "skeleton"
        let providesInitialContent = true
        let title: String

        init(title: String) {
            self.title = title
        }

        func addInitialContent(_ context: InitialContentContext) {
            context.viewModelBuilder.navigationBarTitle = title
        }

        func perform(_ context: ContentOperationContext) {
            context.finish()
        }
    }

    @Test func theFeaturesTitleAndTheFailureInTheWordsHubRenderUses() throws {
        let manager = try makeManager()
        try manager.register("books", uri: "books:shelf", title: "Books") {
            [FailingOperation("rows", message: "the shelf is empty", location: "operations/rows.swift:12")]
        }
        let screen = try manager.open("books:shelf", options: ScreenOptions(width: 40))
        let failure = try #require(screen.loader.failures.first)
        #expect(failure.description == "the shelf is empty — feature 'books', operation 'rows', operations/rows.swift:12; the view failed with it")
        #expect(screen.render() == """
                             Books
            ────────────────────────────────────────
            The view failed to load
            ┌──────────────────────────────────────┐
            │ ! the shelf is empty — feature       │
            │ 'books', operation 'rows',           │
            │ operations/rows.swift:12; the view   │
            │ failed with it                       │
            └──────────────────────────────────────┘

            """)
        #expect(screen.renderedSize == Size(width: 40, height: 9))
        #expect(screen.viewModel == .empty, "the view model is not the failure's")
    }

    @Test func eachFailureOfTheChainInChainOrder() throws {
        let manager = try makeManager()
        try manager.register("books", uri: "books:shelf", title: "Books") {
            [FailingOperation("fetch", message: "offline", location: "fetch.swift:3"), FailingOperation("rows", message: "no rows")]
        }
        let screen = try manager.open("books:shelf", options: ScreenOptions(width: 40))
        // ASCII: boxes and the dash too.
        #expect(screen.render(ascii: true) == """
                             Books
            ----------------------------------------
            The view failed to load
            +--------------------------------------+
            | ! offline - feature 'books',         |
            | operation 'fetch', fetch.swift:3;    |
            | operation 'rows' was handed it and   |
            | failed with an error of its own      |
            +--------------------------------------+
            +--------------------------------------+
            | ! no rows - feature 'books',         |
            | operation 'rows'; the view failed    |
            | with it                              |
            +--------------------------------------+

            """)
    }

    @Test func theInitialViewModelsTitleAtAFixedHeight() throws {
        let manager = try makeManager()
        try manager.register("books", uri: "books:shelf", title: "Books") {
            [TitledSkeletonOperation(title: "New books"), FailingOperation("rows", message: "the shelf is empty")]
        }
        let screen = try manager.open("books:shelf", options: ScreenOptions(width: 30, height: 5))
        #expect(screen.render() == """
                      New books
            ──────────────────────────────
            The view failed to load
            ┌────────────────────────────┐
            │ ! the shelf is empty —     │

            """)
        #expect(screen.renderedSize == Size(width: 30, height: 5))
    }

    @Test func aLoadThatSucceedsShowsItsContentAndALaterFailureKeepsIt() throws {
        let manager = try makeManager()
        try manager.register("flaky", uri: "flaky:view", title: "Flaky") { [FailingAfterFirstRunOperation()] }
        let screen = try manager.open("flaky:view", options: ScreenOptions(width: 20))
        let loaded = screen.render()
        #expect(loaded == "       Flaky\n────────────────────\n First run\n")
        screen.reload()
        manager.settle(screen)
        #expect(screen.lastError?.message == "offline")
        #expect(screen.render() == loaded, "the last good content stays")
    }
}
