import Foundation
import HubCore
import Testing

@testable import HubRender

/// The composition root, from Swift alone: registries, operation factories, opening screens.
@Suite struct HubManagerTests {
    @Test func opensLoadsAndRendersASwiftFeatureWithASwiftComponent() throws {
        let manager = try makeManager()
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [RowsOperation(count: 3)] }
        let screen = try manager.open("planets:inner", options: ScreenOptions(width: 20))
        #expect(screen.viewURI == "planets:inner")
        #expect(screen.featureInfo == FeatureInfo(identifier: "planets", title: "Planets"))
        #expect(screen.loader.operationStatuses.map(\.phase) == [.finished])
        #expect(screen.render() == """
                  Planets
            ────────────────────
            Row 1
            Row 2
            Row 3

            """)
    }

    @Test func openReturnsOnceAnAsynchronousOperationHasFinishedOnTheLoop() throws {
        let manager = try makeManager()
        let loop = manager.loop
        try manager.register("slow", uri: "slow:view", title: "Slow") { [DelayedOperation(loop: loop, delay: 300)] }
        let screen = try manager.open("slow:view", options: ScreenOptions(width: 30))
        #expect(manager.loop.now == 300)
        #expect(screen.loader.isLoading == false)
        #expect(screen.viewModel.body.map(\.title) == ["Arrived after 300 ms"])
    }

    @Test func prependedAndAppendedOperationsWrapEveryFeaturesChainInOrder() throws {
        let manager = try makeManager()
        manager.prependedContentOperationFactories = [BlockContentOperationFactory { _ in
            [BlockContentOperation(name: "first") { $0.viewModelBuilder.navigationBarTitle = "Set first" }]
        }]
        manager.appendedContentOperationFactories = [BlockContentOperationFactory { _ in
            [BlockContentOperation(name: "last") { context in
                context.viewModelBuilder.navigationBarTitle = "\(context.viewModelBuilder.navigationBarTitle ?? "-") then last"
            }]
        }]
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [RowsOperation(count: 1)] }
        let screen = try manager.open("planets:inner")
        #expect(screen.loader.operationStatuses.map(\.name) == ["first", "rows", "last"])
        #expect(screen.viewModel.title == "Set first then last")
    }

    @Test func theDefaultReloadPolicyAppliesToFeaturesWithoutOne() throws {
        final class Never: ContentReloadPolicy {
            func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool { false }
        }
        let manager = try makeManager()
        manager.defaultContentReloadPolicy = Never()
        let rows = RowsOperation(count: 1)
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [rows] }
        let screen = try manager.open("planets:inner")
        screen.appear()
        manager.settle(screen)
        #expect(screen.loader.operationStatuses[0].runs == 1, "a second appearance does not load again")
        screen.reload()
        manager.settle(screen)
        #expect(screen.loader.operationStatuses[0].runs == 2, "an explicit reload ignores the policy")
    }

    @Test func unknownURIsAndEmptyChainsAreErrorsThatSaySo() throws {
        let manager = try makeManager()
        try manager.register("empty", uri: "empty:view", title: "Empty") { [] }
        #expect(throws: ScreenOpeningError.noFeature(viewURI: "nowhere:view")) { try manager.open("nowhere:view") }
        #expect(throws: ScreenOpeningError.noContentOperations(feature: "empty", viewURI: "empty:view")) {
            try manager.open("empty:view")
        }
        #expect(ScreenOpeningError.noFeature(viewURI: "nowhere:view").description == "no feature handles the view URI 'nowhere:view'")
        #expect(manager.canOpen("empty:view") && !manager.canOpen("nowhere:view"))
    }

    @Test func initialContentIsToldTheFeatureAndTheConnectivity() throws {
        let manager = try makeManager()
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [SkeletonOperation()] }
        let screen = try manager.open(
            "planets:inner", options: ScreenOptions(load: false), connectivity: ManualConnectivityStateResolver(state: .offline))
        #expect(screen.viewModel.body.map(\.title) == ["Planets (offline) at planets:inner"])
        #expect(screen.loader.operationStatuses[0].runs == 0)
    }

    @Test func aGivenInitialViewModelIsShownBeforeLoading() throws {
        let manager = try makeManager()
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [RowsOperation(count: 2)] }
        let initial = ViewModelBuilder()
        initial.bodyBuilder("placeholder").title = "From the selected row"
        let screen = try manager.open("planets:inner", options: ScreenOptions(load: false), initialViewModel: initial.build())
        #expect(screen.viewModel.body.map(\.title) == ["From the selected row"])
        screen.appear()
        manager.settle(screen)
        #expect(screen.viewModel.body.map(\.title) == ["Row 1", "Row 2"])
    }

    @Test func newComponentModelsStartWithTheFallbackHandlersDefaults() throws {
        let fallback = ComponentFallbackHandlerMock(componentDefaults: .testing)
        fallback.fallbackComponents["category"] = TextRowComponent()
        let manager = HubManager(clock: .virtual, componentFallbackHandler: fallback)
        try manager.register("plain", uri: "plain:view", title: "Plain") {
            [BlockContentOperation { $0.viewModelBuilder.bodyBuilder("x").title = "Stood in for" }]
        }
        let screen = try manager.open("plain:view", options: ScreenOptions(width: 16))
        #expect(screen.viewModel.body[0].componentIdentifier == Identifier(namespace: "namespace", name: "name"))
        #expect(screen.viewModel.body[0].componentCategory == "category")
        #expect(screen.render().hasSuffix("────────────────\nStood in for\n"))
    }

    @Test func aFeaturesCustomSchemaReadsTheJSONItsOperationsAdd() throws {
        let manager = try makeManager()
        var schema = manager.jsonSchemaRegistry.createNewSchema()
        schema.viewModelSchema.body = JSONPath().goTo("planets").forEach().dictionaryPath
        schema.componentModelSchema.identifier = JSONPath().goTo("name").stringPath
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        try manager.jsonSchemaRegistry.register(schema, identifier: "planets")
        try manager.register("planets", uri: "planets:inner", title: "Planets", schema: "planets") {
            [BlockContentOperation { context in
                try? context.viewModelBuilder.addJSON(#"{"planets": [{"name": "Mercury"}, {"name": "Venus"}]}"#)
            }]
        }
        let screen = try manager.open("planets:inner")
        #expect(screen.viewModel.body.map(\.identifier) == ["Mercury", "Venus"])
        #expect(screen.viewModel.body.map(\.title) == ["Mercury", "Venus"])
    }

    @Test func localImagesResolveInTheFeaturesResourceFolderAndRemoteOnesInTheImageRegistry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-manager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("logo.png"))
        let manager = try makeManager()
        manager.imageRegistry.register(url: "https://example.com/sky.jpg", byteCount: 2048)
        try manager.register("images", uri: "images:view", title: "Images", resourceFolder: folder.path) {
            [BlockContentOperation { context in
                let local = context.viewModelBuilder.bodyBuilder("local")
                local.title = "Local"
                local.mainImageDataBuilder.localImage = "logo.png"
                let remote = context.viewModelBuilder.bodyBuilder("remote")
                remote.title = "Remote"
                remote.mainImageURL = "https://example.com/sky.jpg"
                let missing = context.viewModelBuilder.bodyBuilder("missing")
                missing.title = "Missing"
                missing.mainImageURL = "https://example.com/none.jpg"
            }]
        }
        let screen = try manager.open("images:view", options: ScreenOptions(width: 20))
        #expect(screen.render().hasSuffix(" ▣ Local\n ▦ Remote\n ▦ Missing\n"), "local images load at once")
        manager.loop.advance(by: 0)
        #expect(screen.render().hasSuffix(" ▣ Local\n ▣ Remote\n ▦ Missing\n"), "registered remote images load on the loop")
    }
}
