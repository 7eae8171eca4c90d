import HubCore
import HubRender
import Testing
@testable import HubLua
import HubTools

/// A Swift component drawing `[title … accessory]` across the row.
final class TagComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 1)
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        let accessory = model.accessoryTitle ?? ""
        canvas.text(0, 0, "[" + (model.title ?? ""))
        canvas.text(canvas.width - DisplayWidth.of(accessory) - 1, 0, accessory + "]")
    }
}

/// Swift and Lua in one manager: each side's components, features and operations work with
/// the other's.
@Suite struct MixedEmbeddingTests {
    /// A manager with `swift:tag`, and a runtime over it with the Mixed fixture loaded.
    private func makeMixed() throws -> (HubManager, HubRuntime) {
        let manager = HubManager(clock: .virtual)
        try manager.componentRegistry.register(BlockComponentFactory { $0 == "tag" ? TagComponent() : nil }, forNamespace: "swift")
        let runtime = try HubRuntime(manager: manager)
        try runtime.loadFeatures(at: TestPaths.fixture("Mixed"))
        return (manager, runtime)
    }

    @Test func aLuaFeatureIsDrawnByASwiftComponent() throws {
        let (manager, runtime) = try makeMixed()
        #expect(manager.canOpen("mixed:basket"), "the Lua feature is in the manager's registry")
        let screen = try runtime.open("mixed:basket", options: ScreenOptions(width: 20))
        #expect(try runtime.render(screen) == """
                   Basket
            ────────────────────
            [Apples           3]
            [Pears            6]
             no error before

            """)
        #expect(runtime.problems.isEmpty)
    }

    @Test func aSwiftFeatureUsesALuaComponent() throws {
        let (manager, runtime) = try makeMixed()
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "ratings", viewURIPredicate: .exact("swift:ratings"), title: "Ratings",
            contentOperationFactories: [BlockContentOperationFactory { _ in
                [BlockContentOperation(name: "ratings") { context in
                    for (name, stars) in [("Apples", 3), ("Pears", 1)] {
                        let row = context.viewModelBuilder.bodyBuilder(name)
                        row.componentIdentifier = Identifier(namespace: "lua", name: "stars")
                        row.title = name
                        row.accessoryTitle = String(stars)
                    }
                }]
            }]))
        let screen = try runtime.open("swift:ratings", options: ScreenOptions(width: 20))
        #expect(try runtime.render(screen).hasSuffix("────────────────────\n*** Apples\n* Pears\n"))
    }

    @Test func swiftOperationsWrapALuaFeaturesChain() throws {
        let (manager, runtime) = try makeMixed()
        manager.prependedContentOperationFactories = [BlockContentOperationFactory { _ in
            [BlockContentOperation(name: "swift-first") { context in
                context.fail(ContentError(domain: "swift", message: "Swift failed first"))
            }]
        }]
        let screen = try runtime.open("mixed:basket")
        #expect(screen.loader.operationStatuses.map(\.name) == ["swift-first", "feature:9"])
        #expect(screen.viewModel.body.last?.title == "after Swift failed first")
        // The Swift error named neither the feature nor the operation: the loader did.
        #expect(runtime.problems.map(\.description) == [
            "Swift failed first — feature 'basket', operation 'swift-first'; operation 'feature:9' was handed it and finished "
                + "normally, so the chain went on without it"
        ])
        #expect(runtime.problems.first?.kind == .silenced)
    }

    /// An error of a Swift operation's own.
    struct Oops: Error, Equatable {
        let reason: String
    }

    @Test func aSwiftOperationsOwnErrorNamesItsFeatureAndOperationAndStaysReachable() throws {
        let (manager, runtime) = try makeMixed()
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "files", viewURIPredicate: .exact("swift:files"), title: "Files",
            contentOperationFactories: [BlockContentOperationFactory { _ in
                [BlockContentOperation(name: "read") { $0.fail(Oops(reason: "disk full")) }]
            }]))
        let screen = try runtime.open("swift:files")
        let error = try #require(screen.lastError)
        #expect(error.description == "Oops(reason: \"disk full\") — feature 'files', operation 'read'")
        #expect(error.underlying as? Oops == Oops(reason: "disk full"))
        #expect(screen.loader.failures.map(\.description) == [
            "Oops(reason: \"disk full\") — feature 'files', operation 'read'; the view failed with it"
        ])
    }

    @Test func luaOpensAndDrivesASwiftFeature() throws {
        let (manager, runtime) = try makeMixed()
        var runs = 0
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "counter", viewURIPredicate: .exact("swift:counter"), title: "Counter",
            contentOperationFactories: [BlockContentOperationFactory { _ in
                [BlockContentOperation(name: "count") { context in
                    runs += 1
                    context.viewModelBuilder.bodyBuilder("runs").title = "run \(runs)"
                }]
            }]))
        let result = try runtime.evaluate(
            """
            local s = hub.open("swift:counter")
            s:reload()
            return s.model.body[1].title .. " " .. s.chain[1].name .. " " .. s.chain[1].runs
            """, inFolder: "Fixtures/Mixed")
        #expect(result == .string("run 2 count 2"))
    }
}
