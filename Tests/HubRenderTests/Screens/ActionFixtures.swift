import HubCore

@testable import HubRender

// Swift-only fixtures for actions, selection and navigation (the view controller
// tests' fixture, headless): a feature whose operation builds what the test asks for and observes
// actions, an action handler and a selection action whose answers the test sets, and a
// component that performs and observes actions.

/// An operation that builds with `build` and records the actions it is told about.
final class ObservingOperation: ContentOperation {
    let name = "observing"
    var build: (ViewModelBuilder) -> Void
    private(set) var observed: [ActionContext] = []
    private(set) var handle: ContentOperationHandle?

    init(_ build: @escaping (ViewModelBuilder) -> Void) {
        self.build = build
    }

    func attach(to handle: ContentOperationHandle) {
        self.handle = handle
    }

    func perform(_ context: ContentOperationContext) {
        build(context.viewModelBuilder)
        context.finish()
    }

    func actionPerformed(_ context: ActionContext, featureInfo: FeatureInfo, connectivityState: ConnectivityState) {
        observed.append(context)
    }
}

/// An action handler that records what it sees and handles what `answer` says.
final class RecordingHandler: ActionHandler {
    var answer: (ActionContext) -> Bool
    private(set) var contexts: [ActionContext] = []

    init(_ answer: @escaping (ActionContext) -> Bool = { _ in false }) {
        self.answer = answer
    }

    func handleAction(with context: ActionContext) -> Bool {
        contexts.append(context)
        return answer(context)
    }
}

/// A component that performs actions when the test asks, and records those it observes.
final class ActingComponent: ComponentActionPerformer, ComponentActionObserver, ComponentWithSelectionState {
    weak var actionDelegate: (any ComponentActionDelegate)?
    let layoutTraits: Set<LayoutTrait> = [.fullWidth]
    private(set) var observed: [ActionContext] = []
    private(set) var selectionStates: [ComponentSelectionState] = []

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size { Size(width: containerSize.width, height: 1) }
    func render(_ model: ComponentModel, into canvas: TextCanvas) { canvas.text(0, 0, model.title ?? model.identifier) }
    func actionPerformed(_ context: ActionContext) { observed.append(context) }
    func updateSelectionState(_ state: ComponentSelectionState) { selectionStates.append(state) }

    /// Performs `identifier` as the component's own interaction would.
    func perform(_ identifier: String, customData: JSONDictionary? = nil) -> Bool {
        guard let identifier = Identifier(string: identifier) else { return false }
        return actionDelegate?.component(self, performAction: identifier, customData: customData) ?? false
    }
}

/// A manager with one feature, `test` at `spotify:hub:test`, whose single operation is
/// `operation`; every component model is drawn by one shared ``ActingComponent`` (registered as
/// `namespace:name`, the fallback's identifier). The selection action is replaced by
/// `selection` when given.
struct ActionFixture {
    let manager: HubManager
    let operation: ObservingOperation
    let component = ActingComponent()
    let handler = RecordingHandler()

    init(selection: (any Action)? = nil, featureHandler: Bool = true, build: @escaping (ViewModelBuilder) -> Void) throws {
        manager = HubManager(clock: .virtual)
        operation = ObservingOperation(build)
        let shared = component
        try manager.componentRegistry.register(BlockComponentFactory { _ in shared }, forNamespace: "namespace")
        if let selection { manager.actionRegistry.selectionAction = selection }
        let operation = self.operation
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "id", viewURIPredicate: .exact("spotify:hub:test"), title: "title",
            contentOperationFactories: [BlockContentOperationFactory { _ in [operation] }],
            actionHandler: featureHandler ? handler : nil))
    }

    /// Opens the feature's screen, 40 columns wide, and draws it once.
    func open() throws -> Screen {
        let screen = try manager.open("spotify:hub:test", options: ScreenOptions(width: 40))
        _ = screen.render()
        return screen
    }
}

extension ViewModelBuilder {
    /// Adds the body component `identifier` drawn by `namespace:name`, with `title`.
    @discardableResult
    func addComponent(_ identifier: String, title: String? = nil) -> ComponentModelBuilder {
        let builder = bodyBuilder(identifier)
        builder.componentIdentifier = Identifier(namespace: "namespace", name: "name")
        builder.title = title ?? identifier
        return builder
    }
}
