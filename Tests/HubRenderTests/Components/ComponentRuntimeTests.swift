import HubCore
import Testing
@testable import HubRender

/// A component with every optional capability, each switchable, recording what it is told.
final class CapableComponent: ComponentWithImageHandling, ComponentWithRestorableUIState, ComponentWithSelectionState,
    ComponentViewObserver
{
    var layoutTraits: Set<LayoutTrait> = [.fullWidth]
    var handlesImages = true
    var restoresUIState = true
    var uiState: JSONValue?
    var restored: [JSONValue] = []
    var selectionStates: [ComponentSelectionState] = []
    var configuredModels: [String] = []
    var reuses = 0
    var resizes: [Size] = []
    var appearances = 0
    var images: [String: (LoadedImage, Bool)] = [:]

    var currentUIState: JSONValue? { uiState }

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size { Size(width: containerSize.width, height: 2) }
    func prepareForReuse() {
        reuses += 1
        images.removeAll()
    }
    func configure(with model: ComponentModel, containerSize: Size) { configuredModels.append(model.identifier) }
    func render(_ model: ComponentModel, into canvas: TextCanvas) { canvas.text(0, 0, model.title ?? "") }
    func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size {
        Size(width: 10, height: 10)
    }
    func imageDidLoad(_ image: LoadedImage, for data: ComponentImageData, model: ComponentModel, animated: Bool) {
        images[data.identifier ?? data.type.rawValue] = (image, animated)
    }
    func restoreUIState(_ state: JSONValue) { restored.append(state) }
    func updateSelectionState(_ state: ComponentSelectionState) { selectionStates.append(state) }
    func viewDidResize(to size: Size) { resizes.append(size) }
    func viewWillAppear() { appearances += 1 }
}

/// A parent drawing its first child with the runtime's managed child component.
final class ParentComponent: ComponentWithChildren {
    weak var childDelegate: (any ComponentChildDelegate)?
    var layoutTraits: Set<LayoutTrait> = [.fullWidth]
    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size { Size(width: containerSize.width, height: 3) }
    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        if let child = model.child(at: 0) { childDelegate?.renderChild(child, into: canvas.canvas(for: Rect(x: 0, y: 1, width: 10, height: 2))) }
    }
}

/// A host whose components are created by name ("capable", "other", "parent"), with an offline
/// image loader on a virtual loop.
struct RuntimeFixture {
    let loop = HubEventLoop(clock: .virtual)
    let images = ImageRegistry()
    let loader: OfflineImageLoader
    let host: ComponentHost
    let created: CreatedComponents

    final class CreatedComponents {
        var all: [String: [CapableComponent]] = [:]
    }

    init(latency: Int = 0) {
        let created = CreatedComponents()
        self.created = created
        loader = OfflineImageLoader(loop: loop, registry: images, latency: latency)
        let registry = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        _ = try? registry.register(BlockComponentFactory { name in
            if name == "parent" { return ParentComponent() }
            let component = CapableComponent()
            created.all[name, default: []].append(component)
            return component
        }, forNamespace: "test")
        host = ComponentHost(registry: registry, imageLoader: loader) { [loop] in loop.now }
    }

    func model(_ identifier: String, name: String = "capable", build: (ComponentModelBuilder) -> Void = { _ in }) -> ComponentModel {
        let builder = ViewModelBuilder()
        let component = builder.bodyBuilder(identifier)
        component.componentIdentifier = Identifier(namespace: "test", name: name)
        build(component)
        return builder.build().body[0]
    }
}

@Suite struct ComponentRuntimeTests {
    @Test func uiStateIsSavedForTheOutgoingModelAndRestoredForItLater() throws {
        let fixture = RuntimeFixture()
        let wrapper = fixture.host.dequeue(for: fixture.model("model"))
        let component = try #require(wrapper.component as? CapableComponent)
        component.uiState = .string("Funky")
        wrapper.configure(with: fixture.model("model"), containerSize: Size(width: 40, height: 10))
        #expect(fixture.host.savedUIState(forModel: "model") == nil)
        component.uiState = .string("Groovy")
        wrapper.configure(with: fixture.model("new-model"), containerSize: Size(width: 40, height: 10))
        #expect(fixture.host.savedUIState(forModel: "model") == .string("Groovy"))
        wrapper.configure(with: fixture.model("model"), containerSize: Size(width: 40, height: 10))
        #expect(component.restored == [.string("Groovy")])
    }

    @Test func anEqualModelLeavesTheComponentUntouched() throws {
        let fixture = RuntimeFixture()
        let wrapper = fixture.host.dequeue(for: fixture.model("a"))
        let component = try #require(wrapper.component as? CapableComponent)
        #expect(wrapper.configure(with: fixture.model("a") { $0.title = "A" }, containerSize: Size(width: 40, height: 10)))
        #expect(!wrapper.configure(with: fixture.model("a") { $0.title = "A" }, containerSize: Size(width: 40, height: 10)))
        #expect(wrapper.configure(with: fixture.model("a") { $0.title = "B" }, containerSize: Size(width: 40, height: 10)))
        #expect(component.configuredModels == ["a", "a"])
        #expect(component.reuses == 1)
    }

    @Test func selectionStateIsNeverSentTwiceInARow() throws {
        let fixture = RuntimeFixture()
        let wrapper = fixture.host.dequeue(for: fixture.model("a"))
        let component = try #require(wrapper.component as? CapableComponent)
        for state in [ComponentSelectionState.none, .highlighted, .highlighted, .selected, .selected, .none, .none] {
            wrapper.setSelectionState(state)
        }
        #expect(component.selectionStates == [.highlighted, .selected, .none])
    }

    @Test func mainAndBackgroundImagesLoadWhenTheLoaderCompletes() throws {
        let fixture = RuntimeFixture(latency: 10)
        fixture.images.register(url: "https://img/main.jpg", byteCount: 100)
        fixture.images.register(url: "https://img/background.jpg", byteCount: 200)
        let model = fixture.model("a") {
            $0.mainImageURL = "https://img/main.jpg"
            $0.backgroundImageURL = "https://img/background.jpg"
        }
        let wrapper = fixture.host.dequeue(for: model)
        let component = try #require(wrapper.component as? CapableComponent)
        wrapper.configure(with: model, containerSize: Size(width: 40, height: 10))
        #expect(component.images.isEmpty)
        fixture.loop.advance(by: 10)
        #expect(component.images["main"]?.0.url == "https://img/main.jpg")
        #expect(component.images["background"]?.0.byteCount == 200)
        #expect(component.images["main"]?.0.size == Size(width: 10, height: 10))
    }

    @Test func componentsSharingAURLShareOneLoad() throws {
        let fixture = RuntimeFixture()
        fixture.images.register(url: "https://img/shared.jpg", byteCount: 1)
        let first = fixture.model("a") { $0.mainImageURL = "https://img/shared.jpg" }
        let second = fixture.model("b") { $0.mainImageURL = "https://img/shared.jpg" }
        let wrappers = [fixture.host.dequeue(for: first), fixture.host.dequeue(for: second)]
        wrappers[0].configure(with: first, containerSize: Size(width: 40, height: 10))
        wrappers[1].configure(with: second, containerSize: Size(width: 40, height: 10))
        fixture.loop.advance(by: 1)
        #expect(fixture.loader.requests == ["https://img/shared.jpg"])
        for wrapper in wrappers {
            #expect((wrapper.component as? CapableComponent)?.images["main"] != nil)
        }
    }

    @Test(arguments: [(0, false), (70, false), (2000, true)])
    func imagesAreAnimatedOnlyWhenTheLoadTookLongerThan70ms(latency: Int, animated: Bool) throws {
        let fixture = RuntimeFixture(latency: latency)
        fixture.images.register(url: "https://img/a.jpg", byteCount: 1)
        let model = fixture.model("a") { $0.mainImageURL = "https://img/a.jpg" }
        let wrapper = fixture.host.dequeue(for: model)
        wrapper.configure(with: model, containerSize: Size(width: 40, height: 10))
        fixture.loop.advance(by: latency)
        #expect((wrapper.component as? CapableComponent)?.images["main"]?.1 == animated)
    }

    @Test func anImageIsDroppedWhenTheModelNoLongerShowsItsURL() throws {
        let fixture = RuntimeFixture(latency: 5)
        fixture.images.register(url: "https://img/old.jpg", byteCount: 1)
        let wrapper = fixture.host.dequeue(for: fixture.model("a"))
        wrapper.configure(with: fixture.model("a") { $0.mainImageURL = "https://img/old.jpg" }, containerSize: Size(width: 40, height: 10))
        wrapper.configure(with: fixture.model("b") { $0.mainImageURL = "https://img/new.jpg" }, containerSize: Size(width: 40, height: 10))
        fixture.loop.advance(by: 5)
        #expect((wrapper.component as? CapableComponent)?.images.isEmpty == true)
    }

    @Test func componentsThatDoNotHandleImagesNeverRequestThem() throws {
        let fixture = RuntimeFixture()
        let wrapperA = fixture.host.dequeue(for: fixture.model("a"))
        (wrapperA.component as? CapableComponent)?.handlesImages = false
        wrapperA.configure(with: fixture.model("a") { $0.mainImageURL = "https://img/a.jpg" }, containerSize: Size(width: 40, height: 10))
        let wrapperB = fixture.host.dequeue(for: fixture.model("b"))
        wrapperB.configure(with: fixture.model("b") { $0.mainImageURL = "https://img/b.jpg" }, containerSize: Size(width: 40, height: 10))
        #expect(fixture.loader.requests == ["https://img/b.jpg"])
    }

    @Test func managedChildrenLoadTheirOwnImages() throws {
        let fixture = RuntimeFixture()
        fixture.images.register(url: "https://img/parent.jpg", byteCount: 1)
        fixture.images.register(url: "https://img/child.jpg", byteCount: 1)
        let builder = ViewModelBuilder()
        let parent = builder.bodyBuilder("parent")
        parent.componentIdentifier = Identifier(namespace: "test", name: "parent")
        parent.mainImageURL = "https://img/parent.jpg"
        let child = parent.childBuilder("child")
        child.componentIdentifier = Identifier(namespace: "test", name: "capable")
        child.mainImageURL = "https://img/child.jpg"
        let model = builder.build().body[0]
        let wrapper = fixture.host.dequeue(for: model)
        wrapper.configure(with: model, containerSize: Size(width: 40, height: 10))
        let surface = TextSurface(width: 40, height: 3)
        wrapper.render(into: surface.canvas)
        fixture.loop.advance(by: 1)
        #expect(fixture.loader.requests == ["https://img/child.jpg"], "the parent does not handle images; its child does")
        let childComponent = try #require(fixture.created.all["capable"]?.last)
        #expect(childComponent.images["main"]?.0.url == "https://img/child.jpg")
    }

    @Test func visibleComponentsAreReusedAndReconfiguredOnlyWhenModelsChange() throws {
        let fixture = RuntimeFixture()
        let renderer = ViewRenderer(host: fixture.host, layoutManager: DefaultComponentLayoutManager(margin: 0))
        func view(_ titles: [String]) -> ViewModel {
            let builder = ViewModelBuilder()
            for (index, title) in titles.enumerated() {
                let row = builder.bodyBuilder("row-\(index)")
                row.componentIdentifier = Identifier(namespace: "test", name: "capable")
                row.title = title
            }
            return builder.build()
        }
        _ = renderer.render(view(["a", "b", "c"]), options: RenderOptions(width: 20))
        _ = renderer.render(view(["a", "b", "c"]), options: RenderOptions(width: 20))
        #expect(fixture.host.createdCount == 3)
        // The first component created is the layout's measuring component; the rest render.
        let components = Array(try #require(fixture.created.all["capable"]).dropFirst())
        #expect(components.map(\.configuredModels) == [["row-0"], ["row-1"], ["row-2"]])
        #expect(components.map(\.appearances) == [1, 1, 1])
        _ = renderer.render(view(["a", "B", "c"]), options: RenderOptions(width: 20))
        #expect(components.map(\.configuredModels) == [["row-0"], ["row-1", "row-1"], ["row-2"]])
        #expect(components.map(\.reuses) == [0, 1, 0])
        _ = renderer.render(view(["a", "B", "c"]), options: RenderOptions(width: 20, height: 2))
        #expect(fixture.host.createdCount == 3, "scrolled-out components return to the pool")
        _ = renderer.render(view(["a", "B", "c"]), options: RenderOptions(width: 20))
        #expect(fixture.host.createdCount == 3, "and come back from it")
    }

    @Test func resizeIsReportedOnlyWhenTheSizeChanges() throws {
        let fixture = RuntimeFixture()
        let renderer = ViewRenderer(host: fixture.host, layoutManager: DefaultComponentLayoutManager(margin: 0))
        let builder = ViewModelBuilder()
        builder.bodyBuilder("row").componentIdentifier = Identifier(namespace: "test", name: "capable")
        let model = builder.build()
        for width in [20, 20, 30, 30] {
            _ = renderer.render(model, options: RenderOptions(width: width))
        }
        let component = try #require(fixture.created.all["capable"]?.last)
        #expect(component.resizes == [Size(width: 20, height: 2), Size(width: 30, height: 2)], "first sized from zero")
    }
}
