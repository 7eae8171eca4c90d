import HubCore
import Testing

@testable import HubRender

/// Loading and updating a screen: Hub Framework's view controller tests ("Loading /
/// updating") and the view controller factory's reload policy test,
/// headless.
@Suite struct ScreenLoadingTests {
    /// An operation with initial content (a body row and a `Loading` overlay) that never finishes.
    private final class NeverFinishingOperation: ContentOperation {
        let name = "never"
        let providesInitialContent = true

        func addInitialContent(_ context: InitialContentContext) {
            for index in 1...3 { context.viewModelBuilder.bodyBuilder("row-\(index)").title = String(repeating: "x", count: 20) }
            let overlay = context.viewModelBuilder.overlayBuilder("loadingIndicator")
            overlay.componentName = "overlay"
            overlay.title = "Loading"
        }

        func perform(_ context: ContentOperationContext) {}
    }

    /// An operation that fails every run with `broken`.
    private final class FailingOperation: ContentOperation {
        let name = "failing"

        func perform(_ context: ContentOperationContext) {
            context.fail(ContentError(domain: "test", message: "broken"))
        }
    }

    /// `testContentLoadedOnViewWillAppear`
    @Test func contentLoadsWhenTheScreenAppears() throws {
        let fixture = try ScreenFixture { $0.bodyBuilder("one").title = "One" }
        let screen = try fixture.open(load: false)
        #expect(screen.loader.operationStatuses[0].runs == 0)
        screen.appear()
        #expect(screen.loader.operationStatuses[0].runs == 1)
        #expect(screen.viewModel.body.map(\.identifier) == ["one"])
    }

    /// `testThatComponentsAreLoadedIfViewWasLaidOutBeforeItAppeared`
    @Test func componentsShowWhenTheScreenWasDrawnBeforeItAppeared() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("one").title = "one"
            builder.bodyBuilder("two").title = "two"
        }
        let screen = try fixture.open(width: 10, load: false)
        #expect(screen.render() == "\n", "nothing to show before it appears")
        screen.appear()
        fixture.settle(screen)
        #expect(screen.render() == "  title\n──────────\none\ntwo\n")
        #expect(screen.visibleComponents(ofType: .body).count == 2)
    }

    /// `testUpdatingComponentsWithBatchUpdateDoesntCrash`
    @Test func anUpdateWithMoreComponentsShowsThemAll() throws {
        let fixture = try ScreenFixture { $0.bodyBuilder("one").title = "one" }
        let screen = try fixture.open(width: 10)
        #expect(screen.render() == "  title\n──────────\none\n")
        fixture.operation.build = { builder in
            builder.bodyBuilder("one").title = "one"
            builder.bodyBuilder("two").title = "two"
        }
        fixture.operation.handle?.reschedule()
        fixture.settle(screen)
        #expect(screen.render() == "  title\n──────────\none\ntwo\n")
        #expect(screen.layout().body.count == 2)
    }

    /// `testDelegateNotifiedOfUpdatedViewModel` (and `viewControllerDidUpdate` seeing the model
    /// `willUpdateWithViewModel` announced)
    @Test func theEventLogHearsOfEachViewModelBeforeAndAfterItIsShown() throws {
        let policy = ReloadPolicyMock()
        let fixture = try ScreenFixture(policy: policy) { $0.navigationBarTitle = "View model A" }
        var shown: [String?] = []
        let screen = try fixture.open(load: false)
        screen.onUpdate = { shown.append($0.viewModel.title) }
        screen.appear()
        #expect(screen.events.map(\.description) == [
            "spotify:hub:test: will update (View model A)", "spotify:hub:test: did update (View model A)",
        ])
        policy.shouldReload = true
        fixture.operation.build = { $0.navigationBarTitle = "View model B" }
        screen.appear()
        #expect(screen.events(.willUpdate) == [
            "spotify:hub:test: will update (View model A)", "spotify:hub:test: will update (View model B)",
        ])
        #expect(screen.events.last?.description == "spotify:hub:test: did update (View model B)")
        #expect(shown == ["View model A", "View model B"])
    }

    /// `testReloadViewModel`
    @Test func reloadLoadsAgainWhateverThePolicySays() throws {
        let policy = ReloadPolicyMock()
        let fixture = try ScreenFixture(policy: policy) { $0.navigationBarTitle = "View model A" }
        let screen = try fixture.open()
        fixture.operation.build = { $0.navigationBarTitle = "View model B" }
        screen.appear()
        #expect(policy.numberOfRequests == 1)
        #expect(screen.viewModel.title == "View model A", "the policy said no")
        screen.reload()
        #expect(policy.numberOfRequests == 1, "a reload does not ask")
        #expect(screen.viewModel.title == "View model B")
        #expect(screen.events(.willUpdate).last == "spotify:hub:test: will update (View model B)")
    }

    /// `testDelegateNotifiedOfViewModelUpdateError`
    @Test func aFailedLoadIsRecordedWithItsError() throws {
        let manager = HubManager(clock: .virtual)
        try manager.register("broken", uri: "broken:view", title: "Broken") { [FailingOperation()] }
        let screen = try manager.open("broken:view")
        // The operation's error named neither: the loader names both.
        #expect(screen.events.map(\.description) == ["broken:view: did fail (broken — feature 'broken', operation 'failing')"])
        #expect(screen.lastError == ContentError(domain: "test", message: "broken", feature: "broken", operation: "failing"))
        #expect(screen.viewModel == .empty)
    }

    /// `testThatModelIsSetImmediatelyOnInitialRenderRequest`
    @Test func theViewModelIsShownAsSoonAsItLoads() throws {
        let fixture = try ScreenFixture { $0.headerBuilder.title = "title1" }
        let screen = try fixture.open()
        #expect(screen.viewModel.header?.title == "title1", "before anything is drawn")
        #expect(screen.render() == "title1\n")
    }

    /// `testAssigningNavigationItemProperties` (bar button items have no text stand-in)
    @Test func theNavigationTitleComesFromTheOperations() throws {
        let fixture = try ScreenFixture { $0.navigationBarTitle = "Nav bar title" }
        let screen = try fixture.open()
        #expect(screen.viewModel.title == "Nav bar title")
        #expect(screen.render() == "   Nav bar title\n────────────────────\n")
    }

    /// `testCollectionViewNotAddedOnTopOfInitialOverlayComponent`
    @Test func theInitialOverlayIsDrawnOverTheBodyWhileLoading() throws {
        let manager = HubManager(clock: .virtual, componentFallbackHandler: ComponentFallbackHandlerMock())
        let components = MockComponents()
        components.shared["namespace:overlay"] = MockComponent(preferredViewSize: Size(width: 7, height: 1))
        try manager.componentRegistry.register(
            BlockComponentFactory { components.component("namespace:\($0)") }, forNamespace: "namespace")
        try manager.register("slow", uri: "slow:view", title: "Slow") { [NeverFinishingOperation()] }
        let screen = try manager.open("slow:view", options: ScreenOptions(width: 20, height: 3, margin: 0, load: false))
        screen.appear()
        #expect(screen.loader.isLoading)
        #expect(screen.render() == """
            xxxxxxxxxxxxxxxxxxxx
            xxxxxxLoadingxxxxxxx
            xxxxxxxxxxxxxxxxxxxx

            """)
    }

    /// `testDefaultContentReloadPolicyUsedIfFeatureDidNotSupplyOne`
    @Test func theDefaultReloadPolicyIsAskedOnlyOnceAViewModelExists() throws {
        let policy = ReloadPolicyMock()
        let fixture = try ScreenFixture { $0.bodyBuilder("one").title = "One" }
        fixture.manager.defaultContentReloadPolicy = policy
        let screen = try fixture.open()
        #expect(policy.numberOfRequests == 0, "the first load has nothing to reload")
        screen.appear()
        #expect(policy.numberOfRequests == 1)
        #expect(policy.lastViewURI == "spotify:hub:test")
        #expect(screen.loader.operationStatuses[0].runs == 1)
    }
}
