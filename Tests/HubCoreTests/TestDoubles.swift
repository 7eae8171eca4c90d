import Testing

@testable import HubCore

// Fixtures and mocks shared by the HubCore tests (Hub Framework's `tests/mocks`).

/// A deterministic pseudo-random sequence (SplitMix64), so that failures of randomised tests
/// reproduce.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    /// The next number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((value ^ (value >> 31)) % UInt64(bound))
    }
}

extension ComponentDefaults {
    /// `HUBComponentDefaults defaultsForTesting`: every new component model builder starts with these.
    static let testing = ComponentDefaults(namespace: "namespace", name: "name", category: "category")
}

extension BuilderConfiguration {
    /// Test defaults with an icon resolver (the icon image resolver mock of the original tests).
    static let testing = BuilderConfiguration(componentDefaults: .testing, resolvesIcons: true)
    /// Test defaults without an icon resolver: models never carry icons or placeholder icons.
    static let testingWithoutIcons = BuilderConfiguration(componentDefaults: .testing, resolvesIcons: false)
}

/// Mirrors `HUBContentOperationMock`.
///
/// `perform` increments ``performCount`` and records its context (feature info, connectivity
/// state and previous error are read from the last context). Then: if ``error`` is set it fails
/// with it; else if ``contentLoadingBlock`` is set it runs it and finishes only if the block
/// returns true (false means "still running": the test finishes it through ``context``); else it
/// finishes at once. It provides initial content only when ``initialContentLoadingBlock`` is set,
/// and paginates only when ``paginatedContentLoadingBlock`` is set (same error and finish rules;
/// pagination records the context but does not count as a perform).
final class ContentOperationMock: ContentOperation {
    let name: String

    /// Set to make every run (main and pagination) fail with this error.
    var error: ContentError?
    /// Adds content on a main run; returns whether the operation should finish right away.
    var contentLoadingBlock: ((ViewModelBuilder) -> Bool)?
    /// Adds initial content; the operation provides initial content only when set.
    var initialContentLoadingBlock: ((ViewModelBuilder) -> Void)?
    /// Appends a page; returns whether the operation should finish right away. The operation
    /// paginates only when set.
    var paginatedContentLoadingBlock: ((ViewModelBuilder, Int) -> Bool)?

    /// How many main runs have started.
    private(set) var performCount = 0
    /// The context of the latest run (main or pagination): finish, fail or reschedule through it.
    private(set) var context: ContentOperationContext?
    /// The handle the loader attached.
    private(set) var attachedHandle: ContentOperationHandle?
    /// The last action context this operation observed.
    private(set) var actionContext: ActionContext?

    init(name: String = "mock") {
        self.name = name
    }

    var featureInfo: FeatureInfo? { context?.featureInfo }
    var connectivityState: ConnectivityState? { context?.connectivityState }
    var previousError: ContentError? { context?.previousError }

    var providesInitialContent: Bool { initialContentLoadingBlock != nil }
    var paginates: Bool { paginatedContentLoadingBlock != nil }

    func perform(_ context: ContentOperationContext) {
        performCount += 1
        self.context = context
        if let error {
            context.fail(error)
        } else if let contentLoadingBlock {
            if contentLoadingBlock(context.viewModelBuilder) {
                context.finish()
            }
        } else {
            context.finish()
        }
    }

    func addInitialContent(_ context: InitialContentContext) {
        initialContentLoadingBlock?(context.viewModelBuilder)
    }

    func appendContent(page: Int, context: ContentOperationContext) {
        self.context = context
        if let error {
            context.fail(error)
            return
        }
        guard let paginatedContentLoadingBlock else {
            Issue.record("appendContent called on an operation that does not paginate")
            context.finish()
            return
        }
        if paginatedContentLoadingBlock(context.viewModelBuilder, page) {
            context.finish()
        }
    }

    func attach(to handle: ContentOperationHandle) {
        attachedHandle = handle
    }

    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        actionContext = context
    }
}

/// Mirrors `HUBContentReloadPolicyMock`: declines reloads unless told otherwise, and records requests.
final class ContentReloadPolicyMock: ContentReloadPolicy {
    var shouldReload = false
    private(set) var numberOfRequests = 0
    private(set) var lastViewURI: String?

    func shouldReload(viewURI: String, currentViewModel: ViewModel) -> Bool {
        numberOfRequests += 1
        lastViewURI = viewURI
        return shouldReload
    }
}

/// The test acting as the loader's delegate: records every view model and error it receives.
final class ViewModelLoaderDelegateRecorder: ViewModelLoaderDelegate {
    private(set) var viewModels: [ViewModel] = []
    private(set) var errors: [ContentError] = []

    var lastViewModel: ViewModel? { viewModels.last }
    var lastError: ContentError? { errors.last }

    func viewModelLoader(_ loader: ViewModelLoader, didLoad viewModel: ViewModel) {
        viewModels.append(viewModel)
    }

    func viewModelLoader(_ loader: ViewModelLoader, didFailWith error: ContentError) {
        errors.append(error)
    }
}

/// A loader for `spotify:hub:test` with feature info ("id", "title"), a manual connectivity
/// resolver, a reload policy mock (declining reloads) and a delegate recorder it keeps alive.
final class LoaderHarness {
    static let viewURI = "spotify:hub:test"
    static let featureInfo = FeatureInfo(identifier: "id", title: "title")

    let resolver: ManualConnectivityStateResolver
    let policy: ContentReloadPolicyMock?
    let delegate = ViewModelLoaderDelegateRecorder()
    let loader: ViewModelLoader

    init(
        _ operations: [ContentOperationMock], state: ConnectivityState = .online,
        policy: ContentReloadPolicyMock? = ContentReloadPolicyMock(), initialViewModel: ViewModel? = nil
    ) {
        resolver = ManualConnectivityStateResolver(state: state)
        self.policy = policy
        loader = ViewModelLoader(
            viewURI: Self.viewURI, featureInfo: Self.featureInfo, operations: operations,
            connectivityResolver: resolver, reloadPolicy: policy, initialViewModel: initialViewModel,
            configuration: .testing)
        loader.delegate = delegate
    }
}

/// The body component model with `identifier` that `builder` builds.
func builtBodyModel(_ builder: ViewModelBuilder, _ identifier: String) throws -> ComponentModel {
    try #require(builder.build().body.first { $0.identifier == identifier })
}

/// Parses `text` as a JSON object.
func jsonObject(_ text: String) throws -> JSONDictionary {
    try #require(try JSONParser.parse(text).objectValue)
}
