import Testing

@testable import HubCore

// HUBComponentTargetBuilderTests.m. The builder under test is the target builder of
// body component "model"; the target is built with the component model.

struct ComponentTargetBuilderTests {
    private let viewModelBuilder = ViewModelBuilder(configuration: .testing)
    private var component: ComponentModelBuilder { viewModelBuilder.bodyBuilder("model") }
    private var builder: ComponentTargetBuilder { component.targetBuilder }

    private func builtTarget(in viewModelBuilder: ViewModelBuilder? = nil) throws -> ComponentTarget? {
        try builtBodyModel(viewModelBuilder ?? self.viewModelBuilder, "model").target
    }

    @Test func emptyBuilderStillProducingModel() throws {
        _ = builder
        let target = try #require(try builtTarget())
        #expect(target.uri == nil)
        #expect(target.actionIdentifiers == nil)
        #expect(target.customData == nil)
        #expect(target.initialViewModel == nil)
    }

    @Test func noTargetUnlessTheBuilderWasAccessed() throws {
        component.title = "title"
        #expect(!component.hasTarget)
        #expect(try builtTarget() == nil)
    }

    @Test func propertyAssignmentAndCopying() throws {
        let builder = self.builder
        builder.uri = "spotify:hub:framework"
        builder.initialViewModelBuilder.navigationBarTitle = "Initial view model title"
        builder.addAction(Identifier(namespace: "namespace", name: "name"))
        builder.customData = ["custom": .string("data")]

        let target = try #require(try builtTarget())
        #expect(target.uri == "spotify:hub:framework")
        #expect(target.initialViewModel?.navigationItem?.title == "Initial view model title")
        #expect(target.actionIdentifiers == [Identifier(namespace: "namespace", name: "name")])
        #expect(target.customData == ["custom": .string("data")])

        let copy = viewModelBuilder.copy()
        let copiedTarget = try #require(try builtTarget(in: copy))
        #expect(copiedTarget == target)
        #expect(copiedTarget.uri == "spotify:hub:framework")
        #expect(copiedTarget.initialViewModel?.navigationItem?.title == "Initial view model title")
        #expect(copiedTarget.actionIdentifiers == [Identifier(namespace: "namespace", name: "name")])
        #expect(copiedTarget.customData == ["custom": .string("data")])

        // The copy's target builder is separate from the original's.
        copy.bodyBuilder("model").targetBuilder.uri = "spotify:hub:copy"
        copy.bodyBuilder("model").targetBuilder.initialViewModelBuilder.navigationBarTitle = "Copy title"
        #expect(builder.uri == "spotify:hub:framework")
        #expect(builder.initialViewModelBuilder.navigationBarTitle == "Initial view model title")
    }

    @Test func addingActionThroughConvenienceAPI() throws {
        builder.addAction(namespace: "namespace", name: "name")

        #expect(builder.actionIdentifiers == [Identifier(namespace: "namespace", name: "name")])
        #expect(try builtTarget()?.actionIdentifiers == [Identifier(namespace: "namespace", name: "name")])
    }

    @Test func duplicateActionIdentifiersIgnored() throws {
        let builder = self.builder
        let identifier = Identifier(namespace: "namespace", name: "name")
        builder.addAction(identifier)
        builder.addAction(identifier)
        builder.addAction(namespace: "namespace", name: "name")

        #expect(builder.actionIdentifiers == [identifier])
        #expect(try builtTarget()?.actionIdentifiers == [identifier])
    }

    @Test func actionIdentifiersKeepInsertionOrder() {
        let builder = self.builder
        builder.addAction(namespace: "b", name: "second")
        builder.addAction(namespace: "a", name: "first")
        builder.addAction(namespace: "b", name: "second")

        #expect(builder.actionIdentifiers == [
            Identifier(namespace: "b", name: "second"),
            Identifier(namespace: "a", name: "first"),
        ])
    }

    @Test func nonNamespacedJSONActionIdentifiersIgnored() throws {
        component.addJSON(dictionary: try jsonObject(#"{"target": {"actions": ["valid:action", "invalidAction"]}}"#))

        #expect(builder.actionIdentifiers == [Identifier(namespace: "valid", name: "action")])
        #expect(try builtTarget()?.actionIdentifiers == [Identifier(namespace: "valid", name: "action")])
    }

    @Test func initialViewModelBuilderLazyInit() throws {
        builder.uri = "spotify:hub:framework"
        #expect(try builtTarget()?.initialViewModel == nil)

        _ = builder.initialViewModelBuilder
        #expect(try builtTarget()?.initialViewModel != nil)
    }

    @Test func addingJSONDataNotRemovingExistingData() throws {
        let builder = self.builder
        builder.addAction(namespace: "code", name: "actionA")
        builder.customData = ["code": .string("customA")]

        component.addJSON(dictionary: try jsonObject(
            #"{"target": {"actions": ["json:actionB"], "custom": {"json": "customB"}}}"#))

        #expect(builder.actionIdentifiers == [
            Identifier(namespace: "code", name: "actionA"),
            Identifier(namespace: "json", name: "actionB"),
        ])
        #expect(builder.customData == ["code": .string("customA"), "json": .string("customB")])
    }
}
