import Testing
@testable import HubCore

/// Hub Framework's `HUBActionRegistryTests` and `HUBInitialViewModelRegistryTests`.
@Suite struct ActionRegistryTests {
    @Test func aRegisteredFactoryMakesAFreshActionForEveryIdentifierOfItsNamespace() throws {
        let registry = ActionRegistry()
        var asked: [String] = []
        try registry.register(BlockActionFactory { name in
            asked.append(name)
            return name == "action" ? BlockAction { _ in true } : nil
        }, forNamespace: "namespace")
        let first = try #require(registry.createAction(for: Identifier(namespace: "namespace", name: "action")))
        let second = try #require(registry.createAction(for: Identifier(namespace: "namespace", name: "action")))
        #expect(first !== second)
        #expect(registry.createAction(for: Identifier(namespace: "namespace", name: "other")) == nil)
        #expect(registry.createAction(for: Identifier(namespace: "unknown", name: "action")) == nil)
        #expect(asked == ["action", "action", "other"])
    }

    @Test func registeringASecondFactoryForANamespaceThrows() throws {
        let registry = ActionRegistry()
        try registry.register(BlockActionFactory { _ in nil }, forNamespace: "namespace")
        #expect(throws: RegistrationError("an action factory for namespace 'namespace' is already registered")) {
            try registry.register(BlockActionFactory { _ in nil }, forNamespace: "namespace")
        }
    }

    @Test func anUnregisteredNamespaceCanBeRegisteredAgain() throws {
        let registry = ActionRegistry()
        try registry.register(BlockActionFactory { _ in nil }, forNamespace: "namespace")
        registry.unregisterFactory(forNamespace: "namespace")
        #expect(registry.hasFactory(forNamespace: "namespace") == false)
        try registry.register(BlockActionFactory { _ in nil }, forNamespace: "namespace")
        registry.unregisterFactory(forNamespace: "never registered")
    }

    @Test func theDefaultSelectionActionOpensTheTargetURIThroughTheNavigator() throws {
        final class Recorder: Navigator {
            var opened: [String] = []
            func navigate(to uri: String) -> Bool {
                opened.append(uri)
                return true
            }
        }
        let builder = ViewModelBuilder()
        builder.bodyBuilder("with").targetBuilder.uri = "spotify:hub:target"
        _ = builder.bodyBuilder("without")
        let viewModel = builder.build()
        let navigator = Recorder()
        let action = ActionRegistry().selectionAction
        func context(_ index: Int, navigator: Recorder?) -> ActionContext {
            ActionContext(
                trigger: .selection, customActionIdentifier: nil, customData: nil, featureInfo: FeatureInfo(identifier: "id", title: "title"),
                viewURI: "spotify:hub:test", viewModel: viewModel, componentModel: viewModel.body[index], navigator: navigator)
        }
        #expect(try action.perform(with: context(0, navigator: navigator)) == true)
        #expect(try action.perform(with: context(1, navigator: navigator)) == false, "no target URI")
        #expect(try action.perform(with: context(0, navigator: nil)) == false, "nothing navigates")
        #expect(navigator.opened == ["spotify:hub:target"])
    }

    @Test func initialViewModelsAreRegisteredRetrievedAndRemovedByExactURI() {
        let registry = InitialViewModelRegistry()
        let builder = ViewModelBuilder()
        builder.viewIdentifier = "initial"
        registry.register(builder.build(), forViewURI: "spotify:hub:framework")
        #expect(registry.viewModel(forViewURI: "spotify:hub:framework")?.identifier == "initial")
        #expect(registry.viewModel(forViewURI: "spotify:hub:frameworkX") == nil)
        registry.removeViewModel(forViewURI: "spotify:hub:framework")
        #expect(registry.viewModel(forViewURI: "spotify:hub:framework") == nil)
    }
}
