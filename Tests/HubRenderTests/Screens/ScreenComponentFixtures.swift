import HubCore
import Testing

@testable import HubRender

// Fixtures for the view controller tests (the original's fixture, headless): a
// component mirroring `HUBComponentMock`, a reload policy mirroring `HUBContentReloadPolicyMock`,
// an image loader that completes when the test says, and a manager with one feature.

/// Mirrors `HUBComponentMock`: settable layout traits and preferred size, each optional
/// capability switchable (images on; UI state, view and content-offset observation off), and
/// counters and records of what it is told. It draws its model's title on its first row and its
/// children (with the runtime's managed child components) in the rows below, one under another.
final class MockComponent: ComponentWithImageHandling, ComponentWithRestorableUIState, ComponentViewObserver,
    ComponentContentOffsetObserver, ComponentWithChildren
{
    weak var childDelegate: (any ComponentChildDelegate)?
    var layoutTraits: Set<LayoutTrait> = []
    /// What ``preferredSize(for:containerSize:)`` returns; nil: the container's width, one row.
    var preferredViewSize: Size?
    var handlesImages = true
    var restoresUIState = false
    var observesView = false
    var observesContentOffset = false
    var currentUIState: JSONValue?
    private(set) var restoredUIStates: [JSONValue] = []
    private(set) var numberOfReuses = 0
    private(set) var numberOfAppearances = 0
    private(set) var resizes: [Size] = []
    private(set) var contentOffsets: [Int] = []
    /// The identifiers of the models it was configured with, in order.
    private(set) var configurations: [String] = []
    /// The container sizes it was configured in, in order.
    private(set) var containerSizes: [Size] = []
    private(set) var model: ComponentModel?
    /// The images delivered since it was last reused, by slot (`main`, `background`, or the
    /// custom image's key).
    private(set) var images: [String: LoadedImage] = [:]

    init(preferredViewSize: Size? = nil) {
        self.preferredViewSize = preferredViewSize
    }

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        preferredViewSize ?? Size(width: containerSize.width, height: 1)
    }

    func prepareForReuse() {
        numberOfReuses += 1
        images.removeAll()
    }

    func configure(with model: ComponentModel, containerSize: Size) {
        self.model = model
        configurations.append(model.identifier)
        containerSizes.append(containerSize)
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.text(0, 0, model.title ?? model.identifier)
        var row = 1
        for child in model.children ?? [] {
            let size = childDelegate?.preferredSize(ofChild: child, containerSize: canvas.frame.size) ?? .zero
            let frame = Rect(x: 0, y: row, width: size.width, height: size.height)
            childDelegate?.renderChild(child, into: canvas.canvas(for: frame))
            row += size.height
        }
    }

    func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size {
        Size(width: 10, height: 5)
    }

    func imageDidLoad(_ image: LoadedImage, for data: ComponentImageData, model: ComponentModel, animated: Bool) {
        images[data.identifier ?? data.type.rawValue] = image
    }

    func restoreUIState(_ state: JSONValue) { restoredUIStates.append(state) }
    func viewDidResize(to size: Size) { resizes.append(size) }
    func viewWillAppear() { numberOfAppearances += 1 }
    func contentOffsetDidChange(to offset: Int) { contentOffsets.append(offset) }
}

/// The components of a ``ScreenFixture`` by identifier (`namespace:name`): the shared ones are
/// returned every time they are asked for (as `HUBComponentFactoryMock` did); for any other
/// identifier a new ``MockComponent`` is made, set up by ``setUp`` and recorded.
final class MockComponents {
    var shared: [String: MockComponent] = [:]
    /// Sets up each new component with its identifier.
    var setUp: (String, MockComponent) -> Void = { _, _ in }
    /// The components made, by identifier, in order; the first of each measures for the layout.
    private(set) var created: [String: [MockComponent]] = [:]

    func component(_ identifier: String) -> MockComponent {
        if let component = shared[identifier] { return component }
        let component = MockComponent()
        setUp(identifier, component)
        created[identifier, default: []].append(component)
        return component
    }

    /// The last component made for `identifier`, failing the test when there is none.
    func last(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MockComponent {
        try #require(created[identifier]?.last, "no component made for \(identifier)", sourceLocation: sourceLocation)
    }
}

/// Mirrors `HUBContentReloadPolicyMock`: answers ``shouldReload`` (false by default) and counts
/// the questions.
final class ReloadPolicyMock: ContentReloadPolicy {
    var shouldReload = false
    private(set) var numberOfRequests = 0
    private(set) var lastViewURI: String?

    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool {
        numberOfRequests += 1
        lastViewURI = viewURI
        return shouldReload
    }
}

/// An image loader that records what it is asked for and completes only when the test says;
/// local images load at once.
final class ManualImageLoader: ImageLoader, ImageLoaderFactory {
    private(set) var requests: [String] = []
    private var completions: [(url: String, completion: (Result<LoadedImage, ImageLoadError>) -> Void)] = []

    func loadImage(url: String, targetSize: Size, completion: @escaping (Result<LoadedImage, ImageLoadError>) -> Void) {
        requests.append(url)
        completions.append((url, completion))
    }

    func loadLocalImage(named name: String, targetSize: Size) -> LoadedImage? {
        LoadedImage(url: "file:" + name, size: targetSize, byteCount: 1)
    }

    /// Completes every load of `url` asked for so far, successfully.
    func complete(_ url: String) {
        for pending in completions where pending.url == url {
            pending.completion(.success(LoadedImage(url: url, size: Size(width: 10, height: 5), byteCount: 100)))
        }
    }

    func createImageLoader(for feature: FeatureRegistration?) -> any ImageLoader { self }
}

/// A manager on the virtual clock with one feature, `id` at `spotify:hub:test` titled `title`,
/// whose single operation builds what the test says. New component models default to
/// `namespace:name` (the fallback mock's defaults), drawn by the shared ``component``; the
/// namespaces `namespace`, `overlayReuse` and `alternative` take their components from
/// ``components``.
struct ScreenFixture {
    static let viewURI = "spotify:hub:test"
    let manager: HubManager
    let operation: ObservingOperation
    let component = MockComponent()
    let components = MockComponents()
    let images = ManualImageLoader()

    init(policy: (any ContentReloadPolicy)? = nil, build: @escaping (ViewModelBuilder) -> Void) throws {
        manager = HubManager(clock: .virtual, componentFallbackHandler: ComponentFallbackHandlerMock())
        manager.imageLoaderFactory = images
        operation = ObservingOperation(build)
        components.shared["namespace:name"] = component
        let components = self.components
        for namespace in ["namespace", "overlayReuse", "alternative"] {
            try manager.componentRegistry.register(
                BlockComponentFactory { name in components.component("\(namespace):\(name)") }, forNamespace: namespace)
        }
        let operation = self.operation
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "id", viewURIPredicate: .exact(Self.viewURI), title: "title",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }], contentReloadPolicy: policy))
    }

    /// Opens the feature's screen, `width` columns wide and `height` rows high (nil: all
    /// content), with no margins; it has appeared and loaded (unless `load` is false), and has
    /// not been drawn.
    func open(width: Int = 20, height: Int? = nil, load: Bool = true) throws -> Screen {
        try manager.open(Self.viewURI, options: ScreenOptions(width: width, height: height, margin: 0, load: load))
    }

    /// Runs the loop until `screen` has loaded.
    func settle(_ screen: Screen) {
        manager.settle(screen)
    }
}

extension Screen {
    /// The descriptions of the events of `kind`, oldest first.
    func events(_ kind: ScreenEvent.Kind) -> [String] {
        events.filter { $0.kind == kind }.map(\.description)
    }
}

extension ViewModelBuilder {
    /// The builder of the header (`type` header) or of the overlay `identifier` (`type` overlay).
    func builder(_ type: ComponentType, _ identifier: String) -> ComponentModelBuilder {
        switch type {
        case .header: return headerBuilder
        case .overlay: return overlayBuilder(identifier)
        case .body: return bodyBuilder(identifier)
        }
    }
}
