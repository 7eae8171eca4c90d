import HubCore
import Testing

@testable import HubRender

/// Selection and actions on a screen: Hub Framework's view controller tests ("Selection &
/// actions") and the view controller factory's default handler, headless.
@Suite struct ScreenActionTests {
    private static let custom: JSONDictionary = ["custom": .string("data")]

    @Test func theTargetsInitialViewModelIsRegisteredForTheTargetURIWhileTheSelectionActionRuns() throws {
        var registered: String?
        weak var registry: InitialViewModelRegistry?
        let fixture = try ActionFixture(selection: BlockAction { _ in
            registered = registry?.viewModel(forViewURI: "spotify:hub:target")?.identifier
            return true
        }) { builder in
            let target = builder.addComponent("component").targetBuilder
            target.uri = "spotify:hub:target"
            target.initialViewModelBuilder.viewIdentifier = "initialViewModel"
        }
        registry = fixture.manager.initialViewModelRegistry
        let screen = try fixture.open()
        #expect(screen.select(at: [0]))
        #expect(registered == "initialViewModel")
        #expect(fixture.manager.initialViewModelRegistry.viewModel(forViewURI: "spotify:hub:target") == nil)
    }

    @Test(arguments: [false, true])
    func aSelectedComponentShowsItsSelectionThenIsDeselected(handlerHandles: Bool) throws {
        let fixture = try ActionFixture(selection: BlockAction { _ in true }) { $0.addComponent("component") }
        fixture.handler.answer = { _ in handlerHandles }
        let screen = try fixture.open()
        screen.select(at: [0])
        #expect(fixture.component.selectionStates == [.highlighted, .selected])
        fixture.manager.loop.advance(by: Screen.selectionStateDuration)
        #expect(fixture.component.selectionStates == [.highlighted, .selected, .none])
    }

    @Test func onlyAHandledSelectionIsReportedAndTheHandlerSeesTheWholeContext() throws {
        let fixture = try ActionFixture(selection: BlockAction { $0.componentModel?.identifier == "selectable" }) { builder in
            builder.addComponent("other")
            builder.addComponent("selectable")
        }
        let screen = try fixture.open()
        #expect(screen.select(at: [0]) == false)
        #expect(screen.events.filter { $0.kind == .selected }.isEmpty)
        #expect(screen.select(at: [1]))
        #expect(screen.events.filter { $0.kind == .selected }.map(\.component) == ["selectable"])
        fixture.handler.answer = { _ in true }
        #expect(screen.select(at: [0]))
        let context = try #require(fixture.handler.contexts.last)
        #expect(context.componentModel?.identifier == "other")
        #expect(context.viewURI == "spotify:hub:test")
        #expect(context.viewModel == screen.viewModel)
        #expect(context.trigger == .selection)
        #expect(context.customActionIdentifier == nil)
    }

    @Test func selectingAChildPerformsForTheChildWithItsTargetAndCustomData() throws {
        var registered: String?
        weak var registry: InitialViewModelRegistry?
        let fixture = try ActionFixture(selection: BlockAction { _ in
            registered = registry?.viewModel(forViewURI: "spotify:hub:child-component")?.identifier
            return true
        }) { builder in
            let child = builder.addComponent("parent").childBuilder("child")
            child.title = "Child"
            child.targetBuilder.uri = "spotify:hub:child-component"
            child.targetBuilder.initialViewModelBuilder.viewIdentifier = "view"
        }
        registry = fixture.manager.initialViewModelRegistry
        let screen = try fixture.open()
        #expect(screen.select(at: [0, 0], customData: Self.custom))
        #expect(registered == "view")
        #expect(screen.select(at: [0, 99]) == false, "no child there")
        #expect(screen.events.filter { $0.kind == .selected }.map(\.component) == ["child"])
        fixture.handler.answer = { _ in true }
        #expect(screen.select(at: [0, 0], customData: Self.custom))
        let context = try #require(fixture.handler.contexts.last)
        #expect(context.componentModel?.target?.uri == "spotify:hub:child-component")
        #expect(context.customData == Self.custom)
        #expect(context.viewURI == "spotify:hub:test")
    }

    @Test func programmaticSelectionOfARootOrChildModelReturnsWhetherItWasHandled() throws {
        let fixture = try ActionFixture { builder in
            builder.addComponent("root").childBuilder("child").title = "Child"
        }
        fixture.handler.answer = { _ in true }
        let screen = try fixture.open()
        let root = try #require(screen.viewModel.body.first)
        #expect(screen.select(root))
        #expect(fixture.handler.contexts.last?.componentModel == root)
        let child = try #require(root.children?.first)
        #expect(screen.select(child, customData: Self.custom))
        #expect(fixture.handler.contexts.last?.componentModel == child)
        #expect(fixture.handler.contexts.last?.customData == Self.custom)
        #expect(screen.events.filter { $0.kind == .selected }.map(\.component) == ["root", "child"])
    }

    @Test func selectingAComponentNothingHandlesReturnsFalseAndReportsNoSelection() throws {
        let fixture = try ActionFixture(featureHandler: false) { $0.addComponent("plain") }
        let screen = try fixture.open()
        #expect(screen.select(at: [0]) == false, "no target URI: the selection action does not perform")
        #expect(screen.events.filter { $0.kind == .selected }.isEmpty)
    }

    @Test func theTargetsActionsAreTriedInOrderAndTheFirstThatPerformsWins() throws {
        var ran: [String] = []
        let fixture = try ActionFixture(selection: BlockAction { _ in ran.append("selection"); return true }) { builder in
            let target = builder.addComponent("row").targetBuilder
            for name in ["no", "yes", "later"] { target.addAction(namespace: "try", name: name) }
        }
        try fixture.manager.actionRegistry.register(BlockActionFactory { name in
            BlockAction { _ in ran.append(name); return name == "yes" }
        }, forNamespace: "try")
        let screen = try fixture.open()
        #expect(screen.select(at: [0]))
        #expect(ran == ["no", "yes"])
        ran.removeAll()
        fixture.manager.actionRegistry.unregisterFactory(forNamespace: "try")
        #expect(screen.select(at: [0]))
        #expect(ran == ["selection"], "no custom action performs: the selection action runs")
    }

    @Test func contentOperationsObserveTheSameContextTheHandlerSaw() throws {
        let fixture = try ActionFixture { $0.addComponent("row") }
        var captured: ActionContext?
        fixture.handler.answer = { context in
            captured = context
            return true
        }
        let screen = try fixture.open()
        screen.select(at: [0])
        let observed = try #require(fixture.operation.observed.last)
        #expect(observed.componentModel == captured?.componentModel)
        #expect(observed.trigger == captured?.trigger)
        #expect(observed.viewModel == captured?.viewModel)
    }

    @Test func aComponentPerformsAnActionForItsModelAndEveryoneIsTold() throws {
        var performed: [ActionContext] = []
        let fixture = try ActionFixture { $0.addComponent("A") }
        try fixture.manager.actionRegistry.register(BlockActionFactory { _ in
            BlockAction { context in
                performed.append(context)
                return true
            }
        }, forNamespace: "component")
        let screen = try fixture.open()
        #expect(fixture.component.perform("component:action", customData: Self.custom))
        let context = try #require(performed.first)
        #expect(context.componentModel?.identifier == "A")
        #expect(context.customData == Self.custom)
        #expect(context.trigger == .component)
        #expect(fixture.handler.contexts.map(\.componentModel) == [context.componentModel])
        #expect(fixture.operation.observed.map(\.customActionIdentifier) == [Identifier(namespace: "component", name: "action")])
        #expect(fixture.component.observed.map(\.trigger) == [.component], "the component observes actions too")
        #expect(screen.events.last?.description == "spotify:hub:test: did perform action A (component:action, performed)")
    }

    @Test func aHeaderComponentObservesTheActionItPerforms() throws {
        let fixture = try ActionFixture { builder in
            builder.headerBuilder.componentIdentifier = Identifier(namespace: "namespace", name: "name")
            builder.headerBuilder.title = "header"
        }
        fixture.handler.answer = { _ in true }
        let screen = try fixture.open()
        #expect(fixture.component.perform("component:action"))
        let observed = try #require(fixture.component.observed.last)
        #expect(observed.componentModel?.identifier == "header")
        #expect(observed.trigger == .component)
        #expect(fixture.handler.contexts.count == 1 && fixture.operation.observed.count == 1)
        withExtendedLifetime(screen) {}
    }

    @Test func aContentOperationPerformsAnActionWithNoComponentModel() throws {
        let fixture = try ActionFixture { $0.addComponent("row") }
        fixture.handler.answer = { _ in true }
        let screen = try fixture.open()
        defer { withExtendedLifetime(screen) {} }
        let handle = try #require(fixture.operation.handle)
        #expect(handle.performAction(Identifier(namespace: "contentOperation", name: "action"), customData: Self.custom))
        let observed = try #require(fixture.operation.observed.last)
        #expect(observed.componentModel == nil)
        #expect(observed.trigger == .contentOperation)
        #expect(observed.customData == Self.custom)
    }

    @Test func anAsynchronousActionStaysAliveAndChainsToAnotherWithCustomData() throws {
        final class Async: AsyncAction {
            var completion: ((ActionCompletion) -> Void)?
            func perform(with context: ActionContext) -> Bool { true }
        }
        let fixture = try ActionFixture { $0.addComponent("row") }
        weak var started: Async?
        try fixture.manager.actionRegistry.register(BlockActionFactory { _ in
            let action = Async()
            started = action
            return action
        }, forNamespace: "namespace")
        let screen = try fixture.open()
        #expect(screen.performAction(Identifier(namespace: "namespace", name: "name"), customData: nil))
        let action = try #require(started, "the screen keeps the action alive")
        action.completion?(ActionCompletion(performed: true, chainingTo: Identifier(namespace: "chained", name: "action"), customData: Self.custom))
        let chained = try #require(fixture.handler.contexts.last)
        #expect(chained.customActionIdentifier == Identifier(namespace: "chained", name: "action"))
        #expect(chained.customData == Self.custom)
        #expect(chained.trigger == .chained)
        #expect(chained.featureInfo == FeatureInfo(identifier: "id", title: "title"))
        #expect(fixture.operation.observed.last?.customActionIdentifier == chained.customActionIdentifier, "operations observe chained actions")
        #expect(fixture.component.observed.count == 1, "components are not told about chained actions")
        #expect(screen.events.filter { $0.kind == .didPerformAction }.count == 1)
    }

    @Test func nothingIsPerformedBeforeTheScreenHasAViewModel() throws {
        let fixture = try ActionFixture { $0.addComponent("row") }
        fixture.handler.answer = { _ in true }
        let screen = try fixture.manager.makeScreen(
            "spotify:hub:test", options: ScreenOptions(), connectivity: ManualConnectivityStateResolver(), initialViewModel: nil,
            eventLog: ScreenEventLog())
        #expect(screen.performAction(Identifier(namespace: "any", name: "action"), customData: nil) == false)
        #expect(fixture.handler.contexts.isEmpty)
    }

    @Test func theDefaultActionHandlerServesFeaturesWithoutOneAndAFeaturesOwnReplacesIt() throws {
        let fixture = try ActionFixture(featureHandler: false) { $0.addComponent("row") }
        let fallback = RecordingHandler { _ in true }
        fixture.manager.defaultActionHandler = fallback
        let screen = try fixture.open()
        #expect(screen.select(at: [0], customData: Self.custom))
        #expect(fallback.contexts.count == 1)
        #expect(fallback.contexts.first?.componentModel?.identifier == "row")
        #expect(fallback.contexts.first?.customData == Self.custom)
        let own = try ActionFixture { $0.addComponent("row") }
        own.manager.defaultActionHandler = fallback
        own.handler.answer = { _ in true }
        #expect(try own.open().select(at: [0]))
        #expect(fallback.contexts.count == 1, "a feature's handler replaces the default one, not chains with it")
        #expect(own.handler.contexts.count == 1)
    }
}
