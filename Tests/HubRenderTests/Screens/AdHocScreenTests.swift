import HubCore
import Testing

@testable import HubRender

/// Screens for content operations with no feature registration: Hub Framework's view controller
/// factory tests, headless.
@Suite struct AdHocScreenTests {
    /// `testCreatingViewControllerWithoutFeatureRegistration`
    @Test func aScreenForContentOperationsBelongsToTheFeatureItNamesWithoutRegisteringIt() throws {
        let manager = try makeManager()
        var performed = 0
        let operation = BlockContentOperation { _ in performed += 1 }
        let screen = try manager.open(
            "spotify:hub:adhoc", contentOperations: [operation], featureIdentifier: "identifier", featureTitle: "Title",
            options: ScreenOptions(width: 10))
        #expect(performed == 1)
        #expect(screen.viewURI == "spotify:hub:adhoc")
        #expect(screen.featureInfo == FeatureInfo(identifier: "identifier", title: "Title"))
        #expect(screen.viewModel.title == "Title", "the feature's title is the default navigation title")
        #expect(screen.render() == "  Title\n──────────\n")
        #expect(manager.canOpen("spotify:hub:adhoc") == false, "the feature is not registered")
    }

    /// `testCreatingViewControllerWithImplicitIdentifiers`
    @Test func aScreenForContentOperationsAndATitleIsNamedByTheLowercasedTitle() throws {
        let manager = try makeManager()
        let operation = BlockContentOperation { $0.viewModelBuilder.addRow("component", title: "Hello world") }
        let screen = try manager.open(contentOperations: [operation], featureTitle: "Feature", options: ScreenOptions(width: 12))
        #expect(screen.featureInfo == FeatureInfo(identifier: "feature", title: "Feature"))
        #expect(screen.viewURI == "feature")
        #expect(screen.viewModel.title == "Feature")
        #expect(screen.viewModel.body.map(\.title) == ["Hello world"])
        #expect(screen.render() == "  Feature\n────────────\nHello world\n")
    }

    /// Like a registered feature's, the chain has the manager's prepended and appended operations,
    /// and the default action handler; with no operations at all the screen cannot open.
    @Test func anAdHocScreensChainAndActionsAreTheManagersAsForAnyFeature() throws {
        let manager = try makeManager()
        manager.prependedContentOperationFactories = [BlockContentOperationFactory { _ in
            [BlockContentOperation(name: "first") { $0.viewModelBuilder.addRow("first", title: "First") }]
        }]
        let handler = RecordingHandler { _ in true }
        manager.defaultActionHandler = handler
        let own = BlockContentOperation(name: "own") { $0.viewModelBuilder.addRow("own", title: "Own") }
        let screen = try manager.open(contentOperations: [own], featureTitle: "Mixed")
        #expect(screen.loader.operationStatuses.map(\.name) == ["first", "own"])
        #expect(screen.viewModel.body.map(\.identifier) == ["first", "own"])
        #expect(screen.select(at: [1]))
        #expect(handler.contexts.map(\.viewURI) == ["mixed"])
        manager.prependedContentOperationFactories = []
        #expect(throws: ScreenOpeningError.noContentOperations(feature: "empty", viewURI: "empty")) {
            try manager.open(contentOperations: [], featureTitle: "Empty")
        }
    }
}
