import Testing

@testable import HubCore

// HUBViewModelBuilderTests.m: a builder with the test component defaults and an
// icon resolver. Builders here are handles into one tree, so "the same builder instance" is
// checked as "writes through one handle are read through the other".

struct ViewModelBuilderTests {
    private let builder = ViewModelBuilder(configuration: .testing)

    // MARK: Properties

    @Test func propertyAssignment() {
        #expect(builder.viewIdentifier == nil)

        builder.viewIdentifier = "view"
        builder.navigationBarTitle = "nav title"
        builder.customData = ["custom": .string("data")]

        let model = builder.build()
        #expect(model.identifier == "view")
        #expect(model.navigationItem?.title == "nav title")
        #expect(model.customData == ["custom": .string("data")])
        #expect(model.identifier == builder.viewIdentifier)
        #expect(model.customData == builder.customData)
    }

    @Test func customDataUpdates() {
        builder.setCustomDataValue(.string("test_object"), forKey: "test_key")
        #expect(builder.customData?["test_key"] == .string("test_object"))

        builder.setCustomDataValue(nil, forKey: "test_key")
        #expect(builder.customData?["test_key"] == nil)
        #expect(builder.build().customData?["test_key"] == nil)
    }

    @Test func navigationItemLazyInit() {
        #expect(builder.build().navigationItem == nil)

        builder.navigationBarTitle = "Title"
        #expect(builder.build().navigationItem?.title == "Title")
    }

    /// UIKit's title view is not part of the port; the navigation item is copied into the model,
    /// so changing the builder afterwards does not change a built model.
    @Test func navigationItemCopiedWhenModelIsBuilt() {
        builder.navigationBarTitle = "Title"
        let model = builder.build()

        builder.navigationBarTitle = "Another title"

        #expect(model.navigationItem == NavigationItem(title: "Title"))
        #expect(builder.build().navigationItem == NavigationItem(title: "Another title"))
    }

    // MARK: Header

    @Test func headerComponentBuilder() {
        let header = builder.headerBuilder
        #expect(header.modelIdentifier == "header")
        #expect(header.componentNamespace == "namespace")
        #expect(header.componentName == "name")
        #expect(header.componentCategory == "category")
        #expect(header.type == .header)
    }

    @Test func headerComponentBuilderExists() {
        #expect(!builder.hasHeader)
        builder.headerBuilder.title = "Header title"
        #expect(builder.hasHeader)
    }

    @Test func removingHeaderComponentBuilder() {
        builder.headerBuilder.title = "Header title"
        builder.removeHeader()

        #expect(!builder.hasHeader)
        #expect(builder.headerBuilder.title == nil)
        #expect(builder.build().header?.title == nil)
    }

    // MARK: Body and overlays

    @Test func numberOfBodyComponentModelBuilders() {
        _ = builder.bodyBuilder("A")
        _ = builder.bodyBuilder("B")
        _ = builder.bodyBuilder("C")
        #expect(builder.bodyCount == 3)

        builder.removeBody("B")
        #expect(builder.bodyCount == 2)
        #expect(builder.bodyBuilders.map(\.modelIdentifier) == ["A", "C"])
    }

    @Test func allBodyComponentModelBuilders() {
        for identifier in ["A", "B", "C", "D"] {
            _ = builder.bodyBuilder(identifier)
        }

        let all = builder.bodyBuilders
        #expect(all.map(\.modelIdentifier) == ["A", "B", "C", "D"])
        // The listed builders are the same builders as the ones created.
        for listed in all {
            listed.title = "title \(listed.modelIdentifier)"
        }
        #expect(["A", "B", "C", "D"].map { builder.bodyBuilder($0).title } == ["title A", "title B", "title C", "title D"])
    }

    @Test func numberOfOverlayComponentModelBuilders() {
        _ = builder.overlayBuilder("A")
        _ = builder.overlayBuilder("B")
        _ = builder.overlayBuilder("C")
        #expect(builder.overlayCount == 3)

        builder.removeOverlay("B")
        #expect(builder.overlayCount == 2)
        #expect(builder.overlayBuilders.map(\.modelIdentifier) == ["A", "C"])
    }

    @Test func allOverlayComponentModelBuilders() {
        for identifier in ["A", "B", "C", "D"] {
            _ = builder.overlayBuilder(identifier)
        }

        let all = builder.overlayBuilders
        #expect(all.map(\.modelIdentifier) == ["A", "B", "C", "D"])
        for listed in all {
            listed.title = "title \(listed.modelIdentifier)"
        }
        #expect(["A", "B", "C", "D"].map { builder.overlayBuilder($0).title } == ["title A", "title B", "title C", "title D"])
    }

    @Test func bodyComponentBuilders() {
        #expect(!builder.hasBody("identifier"))

        let first = builder.bodyBuilder("identifier")
        #expect(first.componentNamespace == "namespace")
        #expect(first.modelIdentifier == "identifier")
        #expect(builder.hasBody("identifier"))

        let second = builder.bodyBuilder("identifier")
        first.title = "Shared title"
        #expect(second.title == "Shared title")
        #expect(builder.bodyCount == 1)
    }

    @Test func removalOfBodyComponentBuilders() {
        _ = builder.bodyBuilder("identifier")
        builder.removeBody("identifier")
        #expect(!builder.hasBody("identifier"))
        #expect(builder.bodyCount == 0)
    }

    @Test func removeAllComponentModelBuilders() {
        builder.headerBuilder.title = "Header title"
        builder.bodyBuilder("body").title = "Body title"
        builder.overlayBuilder("overlay").title = "Overlay title"
        #expect(!builder.isEmpty)

        builder.removeAll()

        #expect(builder.isEmpty)
        #expect(!builder.hasHeader)
        #expect(builder.bodyCount == 0)
        #expect(builder.overlayCount == 0)
    }

    @Test func bodyComponentPreferredIndexRespected() {
        builder.bodyBuilder("componentA").preferredIndex = 1
        builder.bodyBuilder("componentB").preferredIndex = 0

        let body = builder.build().body
        #expect(body.map(\.identifier) == ["componentB", "componentA"])
        #expect(body.map(\.index) == [0, 1])
    }

    @Test func bodyComponentOutOfBoundsPreferredIndexHandled() {
        builder.bodyBuilder("component").preferredIndex = 99

        let body = builder.build().body
        #expect(body.map(\.identifier) == ["component"])
        #expect(body.map(\.index) == [0])
    }

    @Test func overlayComponentModelBuilders() {
        let overlay = builder.overlayBuilder("overlay")
        #expect(overlay.modelIdentifier == "overlay")
        #expect(overlay.type == .overlay)
        #expect(builder.hasOverlay("overlay"))

        builder.removeOverlay("overlay")
        #expect(!builder.hasOverlay("overlay"))
    }

    @Test func overlayComponentPreferredIndexRespected() {
        builder.overlayBuilder("componentA").preferredIndex = 1
        builder.overlayBuilder("componentB").preferredIndex = 0

        let overlays = builder.build().overlays
        #expect(overlays.map(\.identifier) == ["componentB", "componentA"])
        #expect(overlays.map(\.index) == [0, 1])
    }

    @Test func overlayComponentOutOfBoundsPreferredIndexHandled() {
        builder.overlayBuilder("component").preferredIndex = 99

        let overlays = builder.build().overlays
        #expect(overlays.map(\.identifier) == ["component"])
        #expect(overlays.map(\.index) == [0])
    }

    // MARK: Enumeration

    @Test func enumeratingAllComponentModelBuilders() {
        _ = builder.headerBuilder
        _ = builder.bodyBuilder("body")
        _ = builder.overlayBuilder("overlay")

        var identifiers: [String] = []
        builder.forEachComponentBuilder { componentBuilder in
            identifiers.append(componentBuilder.modelIdentifier)
            return true
        }
        #expect(identifiers == ["header", "body", "overlay"])
    }

    @Test func stoppingComponentModelBuilderEnumeration() {
        _ = builder.headerBuilder
        _ = builder.bodyBuilder("body")
        _ = builder.overlayBuilder("overlay")

        var visited: [String] = []
        var collected: [String] = []
        builder.forEachComponentBuilder { componentBuilder in
            visited.append(componentBuilder.modelIdentifier)
            if componentBuilder.modelIdentifier == "body" { return false }
            collected.append(componentBuilder.modelIdentifier)
            return true
        }
        #expect(collected == ["header"])
        #expect(visited == ["header", "body"])
    }

    // MARK: JSON

    @Test func addingViewModelDictionaryJSONDataAndModelSerialization() throws {
        let json = """
            {
              "id": "identifier",
              "title": "nav bar title",
              "header": {"id": "header model", "component": {"id": "header:component", "category": "headerCategory"}},
              "body": [{"id": "body model", "component": {"id": "body:component", "category": "bodyCategory"}}],
              "overlays": [{"id": "overlay component", "component": {"id": "overlay:component", "category": "overlayCategory"}}],
              "custom": {"custom": "data"}
            }
            """
        try builder.addJSON(json)

        let model = builder.build()
        #expect(model.identifier == "identifier")
        #expect(model.navigationItem?.title == "nav bar title")

        let header = try #require(model.header)
        #expect(header.identifier == "header model")
        #expect(header.type == .header)
        #expect(header.componentIdentifier == Identifier(namespace: "header", name: "component"))
        #expect(header.componentCategory == "headerCategory")

        #expect(model.body.count == 1)
        let body = try #require(model.body.first)
        #expect(body.identifier == "body model")
        #expect(body.type == .body)
        #expect(body.componentIdentifier == Identifier(namespace: "body", name: "component"))
        #expect(body.componentCategory == "bodyCategory")

        #expect(model.overlays.count == 1)
        let overlay = try #require(model.overlays.first)
        #expect(overlay.identifier == "overlay component")
        #expect(overlay.type == .overlay)
        #expect(overlay.componentIdentifier == Identifier(namespace: "overlay", name: "component"))
        #expect(overlay.componentCategory == "overlayCategory")

        #expect(model.customData == ["custom": .string("data")])

        #expect(model.serialize() == (try jsonObject(json)))
    }

    @Test func addingComponentModelArrayJSONData() throws {
        try builder.addJSON(
            """
            [
              {"component": {"id": "namespace:component1"}},
              {"component": {"id": "namespace:component2"}}
            ]
            """)

        let body = builder.build().body
        #expect(body.count == 2)
        #expect(body.map(\.componentIdentifier) == [
            Identifier(namespace: "namespace", name: "component1"),
            Identifier(namespace: "namespace", name: "component2"),
        ])
        #expect(body.allSatisfy { $0.identifier.hasPrefix("UnknownComponent:") })
        #expect(Set(body.map(\.identifier)).count == 2)
    }

    @Test func addingInvalidJSONData() {
        let error = #expect(throws: ContentError.self) {
            try builder.addJSON("<html><head><title>Not JSON</title></head><body>Hello</body></html>")
        }
        #expect(error?.domain == JSONDomain.name)
        #expect(error?.code == JSONDomain.invalidJSON)
        #expect(builder.isEmpty)
    }

    @Test func malformedJSONErrorSaysWhere() {
        let located = #expect(throws: ContentError.self) { try builder.addJSON(#"{"a": [1 2]}"#, source: "data.json") }
        #expect(located?.location == "data.json:1:10")
        #expect(located?.message == "malformed JSON: expected ',' or ']' in an array (byte 9)")
        #expect(located?.description == "malformed JSON: expected ',' or ']' in an array (byte 9) — data.json:1:10")

        let unlocated = #expect(throws: ContentError.self) { try builder.addJSON(#"{"a": [1 2]}"#) }
        #expect(unlocated?.location == nil)
        #expect(unlocated?.message == "malformed JSON at line 1, column 10 (byte 9): expected ',' or ']' in an array")
    }

    @Test func addingEmptyOrWronglyTypedJSONData() {
        let emptyError = #expect(throws: ContentError.self) { try builder.addJSON("") }
        #expect(emptyError?.domain == JSONDomain.name)
        #expect(emptyError?.code == JSONDomain.emptyData)

        let typeError = #expect(throws: ContentError.self) { try builder.addJSON("\"Not a dictionary\"") }
        #expect(typeError?.domain == JSONDomain.name)
        #expect(typeError?.code == JSONDomain.invalidJSON)
        #expect(builder.isEmpty)
    }

    @Test func addingJSONDataNotRemovingExistingData() throws {
        builder.viewIdentifier = "identifier"
        builder.navigationBarTitle = "Title"
        builder.headerBuilder.title = "Header title"
        builder.customData = ["custom": .string("data")]
        builder.bodyBuilder("component").title = "Body title"

        try builder.addJSON("{}")

        #expect(builder.viewIdentifier == "identifier")
        #expect(builder.navigationBarTitle == "Title")
        #expect(builder.headerBuilder.title == "Header title")
        #expect(builder.customData == ["custom": .string("data")])
        #expect(builder.hasBody("component"))
        #expect(builder.bodyBuilder("component").title == "Body title")
    }

    @Test func customDataFromJSONAddedToExistingCustomData() throws {
        builder.customData = ["custom": .string("data")]

        try builder.addJSON(#"{"custom": {"another": "value"}}"#)

        #expect(builder.customData == ["custom": .string("data"), "another": .string("value")])
    }

    // MARK: Emptiness

    @Test func isEmpty() {
        #expect(builder.isEmpty)
    }

    @Test func notEmptyAfterAccessingHeaderComponentModelBuilder() {
        _ = builder.headerBuilder
        #expect(!builder.isEmpty)
    }

    @Test func notEmptyAfterAddingBodyComponentModel() {
        _ = builder.bodyBuilder("component")
        #expect(!builder.isEmpty)
    }

    @Test func notEmptyAfterAddingOverlayComponentModel() {
        _ = builder.overlayBuilder("component")
        #expect(!builder.isEmpty)
    }

    // MARK: Copying and snapshots

    @Test func copying() {
        builder.navigationBarTitle = "title"
        builder.viewIdentifier = "id"
        builder.customData = ["custom": .string("data")]
        builder.headerBuilder.title = "headerTitle"
        builder.bodyBuilder("body").title = "bodyTitle"

        let copy = builder.copy()

        #expect(copy !== builder)
        #expect(copy.navigationBarTitle == "title")
        #expect(copy.viewIdentifier == "id")
        #expect(copy.customData == ["custom": .string("data")])
        #expect(copy.headerBuilder.title == "headerTitle")
        #expect(copy.hasBody("body"))
        #expect(copy.bodyBuilder("body").title == "bodyTitle")
        #expect(copy.build() == builder.build())

        // The copy's navigation item, header and body builders are separate from the original's.
        copy.navigationBarTitle = "copy title"
        copy.headerBuilder.title = "copy headerTitle"
        copy.bodyBuilder("body").title = "copy bodyTitle"
        #expect(builder.navigationBarTitle == "title")
        #expect(builder.headerBuilder.title == "headerTitle")
        #expect(builder.bodyBuilder("body").title == "bodyTitle")

        builder.bodyBuilder("body").subtitle = "original subtitle"
        #expect(copy.bodyBuilder("body").subtitle == nil)
    }

    @Test func snapshotUnaffectedByLaterMutations() throws {
        builder.viewIdentifier = "view"
        builder.navigationBarTitle = "Title"
        builder.headerBuilder.title = "Header"
        let body = builder.bodyBuilder("body")
        body.title = "Body"
        body.childBuilder("child").title = "Child"
        body.targetBuilder.initialViewModelBuilder.navigationBarTitle = "Target title"
        body.customImageDataBuilder("hologram").url = "https://hologram"
        builder.overlayBuilder("overlay").title = "Overlay"

        let snapshot = builder.snapshot()
        let expected = builder.build()

        builder.viewIdentifier = "changed"
        builder.navigationBarTitle = "Changed"
        builder.headerBuilder.title = "Changed header"
        body.title = "Changed body"
        body.childBuilder("child").title = "Changed child"
        body.childBuilder("newChild").title = "New child"
        body.targetBuilder.initialViewModelBuilder.navigationBarTitle = "Changed target title"
        body.customImageDataBuilder("hologram").url = "https://changed"
        builder.bodyBuilder("newBody").title = "New body"
        builder.removeOverlay("overlay")

        #expect(!snapshot.isEmpty)
        let built = snapshot.build()
        #expect(built == expected)
        #expect(built.identifier == "view")
        #expect(built.title == "Title")
        #expect(built.header?.title == "Header")
        #expect(built.body.map(\.identifier) == ["body"])
        let builtBody = try #require(built.body.first)
        #expect(builtBody.title == "Body")
        #expect(builtBody.children?.map(\.title) == ["Child"])
        #expect(builtBody.target?.initialViewModel?.title == "Target title")
        #expect(builtBody.customImageData["hologram"]?.url == "https://hologram")
        #expect(built.overlays.map(\.title) == ["Overlay"])

        builder.removeAll()
        #expect(snapshot.build() == expected)

        // A builder made from the snapshot is independent of it as well.
        let restored = ViewModelBuilder(snapshot: snapshot)
        restored.bodyBuilder("body").title = "Restored change"
        #expect(snapshot.build() == expected)
    }

    @Test func emptySnapshotIsEmpty() {
        let snapshot = builder.snapshot()
        builder.bodyBuilder("body").title = "Body"
        #expect(snapshot.isEmpty)
        #expect(snapshot.build().body.isEmpty)
    }
}
