import Testing
@testable import HubCore

/// The action handler wrapper's rules (docs/components.md, "Targets and actions"): handler first, fresh
/// actions, selection with initial view models, asynchronous actions kept alive and chaining.
@Suite struct ActionDispatcherTests {
    /// An asynchronous action that finishes when the test says so.
    final class Pending: AsyncAction {
        var completion: ((ActionCompletion) -> Void)?
        var contexts: [ActionContext] = []
        func perform(with context: ActionContext) -> Bool {
            contexts.append(context)
            return true
        }
    }

    private let viewModel: ViewModel = {
        let builder = ViewModelBuilder()
        let row = builder.bodyBuilder("row")
        row.targetBuilder.uri = "spotify:hub:target"
        row.targetBuilder.initialViewModelBuilder.viewIdentifier = "initialViewModel"
        return builder.build()
    }()

    private func context(_ action: String?, custom: JSONDictionary? = nil) -> ActionContext {
        ActionContext(
            trigger: .component, customActionIdentifier: action.flatMap(Identifier.init(string:)), customData: custom,
            featureInfo: FeatureInfo(identifier: "id", title: "title"), viewURI: "spotify:hub:test", viewModel: viewModel,
            componentModel: viewModel.body.first)
    }

    @Test func aHandlerThatHandlesAnActionVetoesIt() throws {
        let registry = ActionRegistry()
        var ran = 0
        try registry.register(BlockActionFactory { _ in BlockAction { _ in ran += 1; return true } }, forNamespace: "delete")
        var seen: [String?] = []
        let dispatcher = ActionDispatcher(registry: registry, handler: BlockActionHandler { context in
            seen.append(context.customActionIdentifier?.description)
            return context.customData?["protected"] == .bool(true)
        }, initialViewModels: nil)
        #expect(dispatcher.perform(context("delete:song", custom: ["protected": .bool(true)])) == true)
        #expect(ran == 0, "vetoed")
        #expect(dispatcher.perform(context("delete:song")) == true)
        #expect(ran == 1)
        #expect(dispatcher.perform(context("unknown:action")) == false)
        #expect(seen == ["delete:song", "delete:song", "unknown:action"], "the handler sees every action, known or not")
    }

    @Test func theSelectionActionSeesTheTargetsInitialViewModelRegisteredOnlyWhileItRuns() {
        let initialViewModels = InitialViewModelRegistry()
        var registeredDuringAction: String?
        let registry = ActionRegistry(selectionAction: BlockAction { _ in
            registeredDuringAction = initialViewModels.viewModel(forViewURI: "spotify:hub:target")?.identifier
            return true
        })
        let dispatcher = ActionDispatcher(registry: registry, handler: nil, initialViewModels: initialViewModels)
        #expect(dispatcher.perform(context(nil)) == true)
        #expect(registeredDuringAction == "initialViewModel")
        #expect(initialViewModels.viewModel(forViewURI: "spotify:hub:target") == nil)
    }

    @Test func anAsynchronousActionIsKeptUntilItFinishesThenChainsThroughTheHandler() throws {
        let registry = ActionRegistry()
        weak var started: Pending?
        try registry.register(BlockActionFactory { _ in
            let action = Pending()
            started = action
            return action
        }, forNamespace: "namespace")
        var handled: [ActionContext] = []
        let dispatcher = ActionDispatcher(registry: registry, handler: BlockActionHandler { context in
            handled.append(context)
            return context.customActionIdentifier?.namespace == "chained"
        }, initialViewModels: nil)
        var observed: [(String?, Bool)] = []
        dispatcher.chainedActionObserver = { context, performed in observed.append((context.customActionIdentifier?.description, performed)) }
        #expect(dispatcher.perform(context("namespace:name")) == true)
        #expect(started != nil, "the dispatcher keeps the started action alive")
        #expect(dispatcher.pendingActionCount == 1)
        let action = try #require(started)
        action.completion?(ActionCompletion(performed: true, chainingTo: Identifier(namespace: "chained", name: "action"), customData: ["custom": .string("data")]))
        #expect(dispatcher.pendingActionCount == 0)
        let chained = try #require(handled.last)
        #expect(chained.customActionIdentifier?.description == "chained:action")
        #expect(chained.customData == ["custom": .string("data")])
        #expect(chained.trigger == .chained)
        #expect(chained.featureInfo == FeatureInfo(identifier: "id", title: "title"))
        #expect(chained.componentModel?.identifier == "row")
        #expect(observed.map(\.0) == ["chained:action"] && observed.map(\.1) == [true])
        action.completion?(ActionCompletion(performed: true, chainingTo: Identifier(namespace: "chained", name: "again")))
        #expect(handled.count == 2, "a second completion is ignored")
    }

    /// A synchronous action that fails.
    final class Failing: Action {
        func perform(with context: ActionContext) throws(ContentError) -> Bool {
            throw ContentError(domain: "store", code: 3, message: "read-only")
        }
    }

    /// A handler that fails for every action.
    struct FailingHandler: ActionHandler {
        func handleAction(with context: ActionContext) throws(ContentError) -> Bool {
            throw ContentError(domain: "hub.lua", message: "the handler broke")
        }
    }

    @Test func failuresOfActionsAndHandlersAreToldAndAFailedAsynchronousActionChainsToNothing() throws {
        let registry = ActionRegistry()
        weak var started: Pending?
        try registry.register(BlockActionFactory { _ in Failing() }, forNamespace: "failing")
        try registry.register(BlockActionFactory { _ in
            let action = Pending()
            started = action
            return action
        }, forNamespace: "pending")
        var chained = 0
        try registry.register(BlockActionFactory { _ in BlockAction { _ in chained += 1; return true } }, forNamespace: "next")
        let dispatcher = ActionDispatcher(registry: registry, handler: nil, initialViewModels: nil)
        var failures: [String] = []
        dispatcher.failureObserver = { context, error in
            failures.append("\(context.customActionIdentifier?.description ?? "selection"): \(error.domain) \(error.code) \(error.message)")
        }

        #expect(dispatcher.perform(context("failing:write")) == false)
        #expect(failures == ["failing:write: store 3 read-only"])

        #expect(dispatcher.perform(context("pending:write")) == true)
        #expect(dispatcher.pendingActionNames == ["pending:write"])
        var completion = ActionCompletion.failed(ContentError(domain: "store", code: 1, message: "away"))
        completion.chainedAction = Identifier(namespace: "next", name: "step")
        try #require(started).completion?(completion)
        #expect(dispatcher.pendingActionNames == [])
        #expect(failures.last == "pending:write: store 1 away")
        #expect(chained == 0, "a failed action chains to nothing")

        // A handler that fails has not handled the action, which goes on.
        let handled = ActionDispatcher(registry: registry, handler: FailingHandler(), initialViewModels: nil)
        handled.failureObserver = dispatcher.failureObserver
        #expect(handled.perform(context("next:step")) == true)
        #expect(chained == 1)
        #expect(failures.last == "next:step: hub.lua 0 the handler broke")
    }

    @Test func aSwiftActionsErrorNamesTheFeatureAndTheAction() throws {
        let registry = ActionRegistry()
        try registry.register(BlockActionFactory { _ in Failing() }, forNamespace: "basket")
        let dispatcher = ActionDispatcher(registry: registry, handler: nil, initialViewModels: nil)
        var errors: [ContentError] = []
        dispatcher.failureObserver = { _, error in errors.append(error) }
        #expect(dispatcher.perform(context("basket:add")) == false)
        #expect(errors.map(\.description) == ["read-only — feature 'id', action 'basket:add'"])
        #expect(errors.first?.feature == "id")
        #expect(errors.first?.action == "basket:add")
    }
}
