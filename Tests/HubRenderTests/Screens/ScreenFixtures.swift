import HubCore

@testable import HubRender

// Swift-only features for the manager and screen tests: no Lua anywhere.

/// A manager on the virtual clock whose `swift` namespace has `row` (``TextRowComponent``).
func makeManager() throws -> HubManager {
    let manager = HubManager(clock: .virtual)
    try manager.componentRegistry.register(ComponentFactoryMock(components: ["row": TextRowComponent()]), forNamespace: "swift")
    return manager
}

extension HubManager {
    /// Registers the feature `identifier` for exactly `uri`, whose chain is what `operations`
    /// makes for each view.
    func register(
        _ identifier: String, uri: String, title: String, resourceFolder: String? = nil, schema: String? = nil,
        operations: @escaping () -> [any ContentOperation]
    ) throws {
        try featureRegistry.register(FeatureRegistration(
            identifier: identifier, viewURIPredicate: .exact(uri), title: title,
            contentOperationFactories: [BlockContentOperationFactory { _ in operations() }],
            customJSONSchemaIdentifier: schema, resourceFolder: resourceFolder))
    }
}

extension ViewModelBuilder {
    /// Adds (or updates) the `swift:row` body component `identifier` showing `title`.
    func addRow(_ identifier: String, title: String) {
        let row = bodyBuilder(identifier)
        row.componentIdentifier = Identifier(namespace: "swift", name: "row")
        row.title = title
    }
}

/// An operation adding `count` `swift:row` body components, `row-1` … (titles `Row 1` …),
/// starting at ``first``; it reschedules itself through its handle when asked to.
final class RowsOperation: ContentOperation {
    let name = "rows"
    let count: Int
    var first = 1
    private(set) var handle: ContentOperationHandle?

    init(count: Int) {
        self.count = count
    }

    func attach(to handle: ContentOperationHandle) {
        self.handle = handle
    }

    func perform(_ context: ContentOperationContext) {
        for index in first...count {
            context.viewModelBuilder.addRow("row-\(index)", title: "Row \(index)")
        }
        context.finish()
    }
}

/// An operation that finishes `delay` milliseconds after it starts, on `loop`, having added a
/// `late` row.
final class DelayedOperation: ContentOperation {
    let name = "delayed"
    private let loop: HubEventLoop
    private let delay: Int

    init(loop: HubEventLoop, delay: Int) {
        self.loop = loop
        self.delay = delay
    }

    func perform(_ context: ContentOperationContext) {
        loop.schedule(after: delay) {
            context.viewModelBuilder.addRow("late", title: "Arrived after \(self.delay) ms")
            context.finish()
        }
    }
}

/// An operation with initial content naming the feature and connectivity it was given.
final class SkeletonOperation: ContentOperation {
    let name = "skeleton"
    let providesInitialContent = true

    func addInitialContent(_ context: InitialContentContext) {
        context.viewModelBuilder.addRow(
            "skeleton", title: "\(context.featureInfo.title) (\(context.connectivityState.rawValue)) at \(context.viewURI)")
    }

    func perform(_ context: ContentOperationContext) {
        context.finish()
    }
}

/// An operation that fails every run after its first with `offline`.
final class FailingAfterFirstRunOperation: ContentOperation {
    let name = "flaky"
    private var runs = 0

    func perform(_ context: ContentOperationContext) {
        runs += 1
        if runs > 1 { return context.fail(ContentError(domain: "test", message: "offline")) }
        context.viewModelBuilder.bodyBuilder("first").title = "First run"
        context.finish()
    }
}
