import Testing

@testable import HubCore

// HUBComponentModelBuilderTests.m: the builder is the body component builder
// "model" of a view model builder with the test defaults and an icon resolver. Models are built
// through the view model builder; the original's `parent` reference does not exist in this port,
// so parent/child relations are checked through `indexPath`.

struct ComponentModelBuilderTests {
    private let viewModelBuilder = ViewModelBuilder(configuration: .testing)
    private var builder: ComponentModelBuilder { viewModelBuilder.bodyBuilder("model") }

    private func builtModel() throws -> ComponentModel {
        try builtBodyModel(viewModelBuilder, "model")
    }

    // MARK: Properties

    @Test func propertyAssignment() throws {
        let builder = self.builder
        #expect(builder.modelIdentifier == "model")
        #expect(builder.type == .body)

        builder.componentNamespace = "namespace-override"
        builder.componentName = "name-override"
        builder.componentCategory = "category-override"
        builder.title = "title"
        builder.subtitle = "subtitle"
        builder.accessoryTitle = "accessory"
        builder.descriptionText = "description"
        builder.mainImageDataBuilder.placeholderIconIdentifier = "main"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "background"
        builder.targetBuilder.uri = "spotify:hub"
        builder.metadata = ["meta": .string("data")]
        builder.customData = ["key": .string("value")]
        builder.loggingData = ["logging": .string("data")]
        // Five siblings after it, and a preferred index of 5: the model is built for index 5.
        builder.preferredIndex = 5
        for sibling in 0..<5 {
            _ = viewModelBuilder.bodyBuilder("sibling\(sibling)")
        }

        let model = try builtModel()
        #expect(model.identifier == "model")
        #expect(model.type == .body)
        #expect(model.componentIdentifier == Identifier(namespace: "namespace-override", name: "name-override"))
        #expect(model.componentIdentifier.namespace == "namespace-override")
        #expect(model.componentIdentifier.name == "name-override")
        #expect(model.componentCategory == "category-override")
        #expect(model.index == 5)
        #expect(model.indexPath == [5])
        #expect(model.title == "title")
        #expect(model.subtitle == "subtitle")
        #expect(model.accessoryTitle == "accessory")
        #expect(model.descriptionText == "description")
        #expect(model.mainImageData?.placeholderIcon == Icon(identifier: "main", isPlaceholder: true))
        #expect(model.backgroundImageData?.placeholderIcon == Icon(identifier: "background", isPlaceholder: true))
        #expect(model.target?.uri == "spotify:hub")
        #expect(model.metadata == ["meta": .string("data")])
        #expect(model.customData == ["key": .string("value")])
        #expect(model.loggingData == ["logging": .string("data")])
        #expect(model.children == nil)
    }

    @Test func defaultComponentNamespaceNameAndCategory() throws {
        let builder = self.builder
        #expect(builder.componentNamespace == "namespace")
        #expect(builder.componentName == "name")
        #expect(builder.componentCategory == "category")

        let model = try builtModel()
        #expect(model.componentIdentifier == Identifier(namespace: "namespace", name: "name"))
        #expect(model.componentCategory == "category")
    }

    @Test func overridingDefaultComponentNameNamespaceAndCategory() throws {
        let builder = self.builder
        builder.componentNamespace = "namespace-override"
        builder.componentName = "name-override"
        builder.componentCategory = "category-override"

        let model = try builtModel()
        #expect(model.componentIdentifier.namespace == "namespace-override")
        #expect(model.componentIdentifier.name == "name-override")
        #expect(model.componentCategory == "category-override")
    }

    @Test func defaultImageTypes() throws {
        let builder = self.builder
        builder.mainImageDataBuilder.placeholderIconIdentifier = "icon"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "icon"

        let model = try builtModel()
        #expect(model.mainImageData?.type == .main)
        #expect(model.mainImageData?.identifier == nil)
        #expect(model.backgroundImageData?.type == .background)
        #expect(model.backgroundImageData?.identifier == nil)
    }

    /// `mainImage`/`backgroundImage` (UIImage) do not exist in the port; the image data builders'
    /// local image names stand in for them.
    @Test func imageConvenienceAPIs() throws {
        let builder = self.builder
        builder.mainImageURL = "https://spotify.mainImage"
        builder.backgroundImageURL = "https://spotify.backgroundImage"
        #expect(builder.mainImageDataBuilder.url == "https://spotify.mainImage")
        #expect(builder.backgroundImageDataBuilder.url == "https://spotify.backgroundImage")

        builder.mainImageDataBuilder.url = "https://spotify.otherMainImage"
        builder.backgroundImageDataBuilder.url = "https://spotify.otherBackgroundImage"
        #expect(builder.mainImageURL == "https://spotify.otherMainImage")
        #expect(builder.backgroundImageURL == "https://spotify.otherBackgroundImage")

        builder.mainImageDataBuilder.localImage = "mainImage"
        builder.backgroundImageDataBuilder.localImage = "backgroundImage"

        let model = try builtModel()
        #expect(model.mainImageData?.url == "https://spotify.otherMainImage")
        #expect(model.mainImageData?.localImage == "mainImage")
        #expect(model.backgroundImageData?.url == "https://spotify.otherBackgroundImage")
        #expect(model.backgroundImageData?.localImage == "backgroundImage")
    }

    @Test func customImageDataBuilder() throws {
        let builder = self.builder
        #expect(!builder.hasCustomImageData("customImage"))

        let imageDataBuilder = builder.customImageDataBuilder("customImage")
        #expect(builder.hasCustomImageData("customImage"))
        imageDataBuilder.placeholderIconIdentifier = "placeholder"

        _ = builder.customImageDataBuilder("empty")
        #expect(builder.hasCustomImageData("empty"))

        let model = try builtModel()
        let customImageData = try #require(model.customImageData["customImage"])
        #expect(customImageData.identifier == "customImage")
        #expect(customImageData.type == .custom)
        #expect(customImageData.placeholderIcon?.identifier == "placeholder")
        #expect(model.customImageData["empty"] == nil)
        #expect(model.customImageData.keys.sorted() == ["customImage"])
    }

    @Test func nilIconImageResolverAlwaysResultingInNilIcon() throws {
        let withoutIcons = ViewModelBuilder(configuration: .testingWithoutIcons)
        withoutIcons.bodyBuilder("model").iconIdentifier = "icon"
        #expect(try builtBodyModel(withoutIcons, "model").icon == nil)

        // With an icon resolver the same builder produces the icon.
        builder.iconIdentifier = "icon"
        #expect(try builtModel().icon == Icon(identifier: "icon", isPlaceholder: false))
    }

    // MARK: Children

    @Test func creatingChild() {
        let child = builder.childBuilder("childModel")
        #expect(child.modelIdentifier == "childModel")
        #expect(builder.hasChild("childModel"))
    }

    @Test func childComponentModelBuilderReuse() {
        let first = builder.childBuilder("childModel")
        let second = builder.childBuilder("childModel")
        first.title = "Shared title"
        #expect(second.title == "Shared title")
        #expect(builder.childBuilders.map(\.modelIdentifier) == ["childModel"])
    }

    @Test func childTypeSameAsParent() throws {
        let child = builder.childBuilder("child")
        #expect(child.type == builder.type)
        #expect(try builtModel().children?.map(\.type) == [.body])

        let headerChild = viewModelBuilder.headerBuilder.childBuilder("child")
        #expect(headerChild.type == .header)
        let overlayChild = viewModelBuilder.overlayBuilder("overlay").childBuilder("child")
        #expect(overlayChild.type == .overlay)

        let built = viewModelBuilder.build()
        #expect(built.header?.children?.map(\.type) == [.header])
        #expect(built.overlays.first?.children?.map(\.type) == [.overlay])
    }

    @Test func childPreferredIndexRespected() throws {
        let builder = self.builder
        builder.childBuilder("A").preferredIndex = 2
        _ = builder.childBuilder("B")
        builder.childBuilder("C").preferredIndex = 3
        builder.childBuilder("D").preferredIndex = 1
        builder.childBuilder("E").preferredIndex = 0

        let children = try #require(try builtModel().children)
        #expect(children.count == 5)
        #expect(children.map(\.identifier) == ["E", "D", "A", "C", "B"])
        #expect(children.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func childOutOfBoundsPreferredIndexHandled() throws {
        builder.childBuilder("child").preferredIndex = 99

        let children = try #require(try builtModel().children)
        #expect(children.map(\.identifier) == ["child"])
        #expect(children.map(\.index) == [0])
    }

    @Test func removingChildComponentModel() {
        let builder = self.builder
        _ = builder.childBuilder("child")
        _ = builder.childBuilder("other")
        let countBefore = builder.childBuilders.count

        builder.removeChild("child")

        #expect(!builder.hasChild("child"))
        #expect(builder.childBuilders.count == countBefore - 1)
        #expect(builder.childBuilders.map(\.modelIdentifier) == ["other"])
    }

    @Test func removingAllChildComponentModelBuilders() throws {
        let builder = self.builder
        _ = builder.childBuilder("child1")
        _ = builder.childBuilder("child2")
        _ = builder.childBuilder("child3")
        #expect(builder.childBuilders.count == 3)
        #expect(try builtModel().children?.count == 3)

        builder.removeAllChildren()

        #expect(builder.childBuilders.isEmpty)
        #expect(try builtModel().children == nil)
    }

    /// The original checks `child.parent`; this port has no parent reference, so the child's
    /// index path (parent's index path plus its own index) is checked instead.
    @Test func childIndexPathsFollowParent() throws {
        _ = viewModelBuilder.bodyBuilder("first")
        let parent = viewModelBuilder.bodyBuilder("parent")
        _ = parent.childBuilder("childA")
        parent.childBuilder("childB").childBuilder("grandchild").title = "Grandchild"

        let model = try builtBodyModel(viewModelBuilder, "parent")
        #expect(model.indexPath == [1])
        let childA = try #require(model.child(withIdentifier: "childA"))
        let childB = try #require(model.child(withIdentifier: "childB"))
        #expect(childA.indexPath == [1, 0])
        #expect(childB.indexPath == [1, 1])
        let grandchild = try #require(childB.child(at: 0))
        #expect(grandchild.identifier == "grandchild")
        #expect(grandchild.index == 0)
        #expect(grandchild.indexPath == [1, 1, 0])
    }

    @Test func childGrouping() throws {
        let builder = self.builder
        builder.childBuilder("A").groupIdentifier = "groupA"
        builder.childBuilder("B").groupIdentifier = "groupA"
        builder.childBuilder("C").groupIdentifier = "groupB"
        builder.childBuilder("D").groupIdentifier = "groupB"

        let model = try builtModel()
        for identifier in ["A", "B", "C", "D"] {
            #expect(model.child(withIdentifier: identifier)?.identifier == identifier)
        }
        #expect(model.children(inGroup: "groupA")?.map(\.identifier) == ["A", "B"])
        #expect(model.children(inGroup: "groupB")?.map(\.identifier) == ["C", "D"])
        #expect(model.children(inGroup: "groupC") == nil)
    }

    // MARK: JSON

    @Test func addingJSONDataAndModelSerialization() throws {
        let dictionary = try jsonObject(
            """
            {
              "id": "model",
              "component": {"id": "namespace:component", "category": "mainCategory"},
              "text": {"title": "A title", "subtitle": "A subtitle", "accessory": "An accessory title", "description": "A description text"},
              "images": {
                "main": {"placeholder": "mainPlaceholder"},
                "background": {"placeholder": "backgroundPlaceholder"},
                "custom": {"hologram": {"placeholder": "hologramPlaceholder"}},
                "icon": "icon"
              },
              "target": {
                "uri": "spotify:hub:target",
                "view": {"id": "identifier", "title": "Target title"},
                "actions": ["namespace:action"]
              },
              "metadata": {"meta": "data"},
              "logging": {"logging": "data"},
              "custom": {"custom": "data"},
              "children": [
                {"id": "ChildComponent1", "component": {"id": "child:component1", "category": "child1Category"}},
                {"id": "ChildComponent2", "component": {"id": "child:component2", "category": "child2Category"}}
              ]
            }
            """)

        builder.addJSON(dictionary: dictionary)
        let model = try builtModel()

        #expect(model.identifier == "model")
        #expect(model.componentIdentifier == Identifier(namespace: "namespace", name: "component"))
        #expect(model.componentCategory == "mainCategory")
        #expect(model.title == "A title")
        #expect(model.subtitle == "A subtitle")
        #expect(model.accessoryTitle == "An accessory title")
        #expect(model.descriptionText == "A description text")
        #expect(model.icon == Icon(identifier: "icon", isPlaceholder: false))
        #expect(model.mainImageData?.placeholderIcon?.identifier == "mainPlaceholder")
        #expect(model.backgroundImageData?.placeholderIcon?.identifier == "backgroundPlaceholder")
        #expect(model.customImageData["hologram"]?.placeholderIcon?.identifier == "hologramPlaceholder")
        #expect(model.customImageData["hologram"]?.identifier == "hologram")
        #expect(model.customImageData["hologram"]?.type == .custom)

        let target = try #require(model.target)
        #expect(target.uri == "spotify:hub:target")
        #expect(target.initialViewModel?.identifier == "identifier")
        #expect(target.initialViewModel?.navigationItem?.title == "Target title")
        #expect(target.actionIdentifiers == [Identifier(namespace: "namespace", name: "action")])

        #expect(model.metadata == ["meta": .string("data")])
        #expect(model.loggingData == ["logging": .string("data")])
        #expect(model.customData == ["custom": .string("data")])

        let children = try #require(model.children)
        #expect(children.map(\.identifier) == ["ChildComponent1", "ChildComponent2"])
        #expect(children.map(\.componentIdentifier) == [
            Identifier(namespace: "child", name: "component1"),
            Identifier(namespace: "child", name: "component2"),
        ])
        #expect(children.map(\.componentCategory) == ["child1Category", "child2Category"])
        #expect(children.map(\.indexPath) == [[0, 0], [0, 1]])

        #expect(model.serialize() == dictionary)
    }

    @Test func addingJSONDataNotRemovingExistingData() throws {
        let builder = self.builder
        builder.componentNamespace = "namespace-existing"
        builder.componentName = "name-existing"
        builder.preferredIndex = 33
        builder.title = "title"
        builder.subtitle = "subtitle"
        builder.accessoryTitle = "accessory"
        builder.descriptionText = "description"
        builder.targetBuilder.uri = "spotify:hub"
        builder.loggingData = ["logging": .string("data")]
        builder.customData = ["custom": .string("data")]

        builder.addJSON(dictionary: [:])

        #expect(builder.componentNamespace == "namespace-existing")
        #expect(builder.componentName == "name-existing")
        #expect(builder.preferredIndex == 33)
        #expect(builder.title == "title")
        #expect(builder.subtitle == "subtitle")
        #expect(builder.accessoryTitle == "accessory")
        #expect(builder.descriptionText == "description")
        #expect(builder.targetBuilder.uri == "spotify:hub")
        #expect(builder.loggingData == ["logging": .string("data")])
        #expect(builder.customData == ["custom": .string("data")])
    }

    @Test func metadataFromJSONAddedToExistingMetadata() throws {
        builder.metadata = ["meta": .string("data")]
        builder.addJSON(dictionary: try jsonObject(#"{"metadata": {"another": "value"}}"#))
        #expect(builder.metadata == ["meta": .string("data"), "another": .string("value")])
    }

    @Test func loggingDataFromJSONAddedToExistingLoggingData() throws {
        builder.loggingData = ["logging": .string("data")]
        builder.addJSON(dictionary: try jsonObject(#"{"logging": {"another": "value"}}"#))
        #expect(builder.loggingData == ["logging": .string("data"), "another": .string("value")])
    }

    @Test func customDataFromJSONAddedToExistingCustomData() throws {
        builder.customData = ["custom": .string("data")]
        builder.addJSON(dictionary: try jsonObject(#"{"custom": {"another": "value"}}"#))
        #expect(builder.customData == ["custom": .string("data"), "another": .string("value")])
    }

    /// The port's component builder only takes dictionaries, so non-dictionary component JSON
    /// arrives through a view model's JSON: malformed text is an error, and non-dictionary
    /// component entries are skipped without adding anything.
    @Test func addingNonDictionaryComponentJSONDataReturnsErrorOrIsSkipped() throws {
        let error = #expect(throws: ContentError.self) { try viewModelBuilder.addJSON("Not a dictionary") }
        #expect(error?.domain == JSONDomain.name)
        #expect(error?.code == JSONDomain.invalidJSON)

        try viewModelBuilder.addJSON(#"["Not a dictionary", [], 7]"#)
        #expect(viewModelBuilder.bodyCount == 0)

        try viewModelBuilder.addJSON(#"{"body": [{"id": "model", "children": ["Not a dictionary", []]}]}"#)
        #expect(viewModelBuilder.bodyCount == 1)
        #expect(builder.childBuilders.isEmpty)
    }

    // MARK: Copying

    @Test func copying() throws {
        let builder = self.builder
        builder.componentNamespace = "namespace-copy"
        builder.componentName = "name-copy"
        builder.componentCategory = "category-copy"
        builder.preferredIndex = 33
        builder.groupIdentifier = "group"
        builder.title = "title"
        builder.subtitle = "subtitle"
        builder.accessoryTitle = "accessory"
        builder.descriptionText = "description"
        builder.iconIdentifier = "icon"
        builder.targetBuilder.uri = "spotify:hub"
        builder.loggingData = ["logging": .string("data")]
        builder.metadata = ["meta": .string("data")]
        builder.customData = ["custom": .string("data")]
        builder.mainImageDataBuilder.placeholderIconIdentifier = "main"
        builder.backgroundImageDataBuilder.placeholderIconIdentifier = "background"
        builder.customImageDataBuilder("customImage").placeholderIconIdentifier = "custom"

        let copy = viewModelBuilder.copy().bodyBuilder("model")

        #expect(copy.componentNamespace == "namespace-copy")
        #expect(copy.componentName == "name-copy")
        #expect(copy.componentCategory == "category-copy")
        #expect(copy.preferredIndex == 33)
        #expect(copy.groupIdentifier == "group")
        #expect(copy.title == "title")
        #expect(copy.subtitle == "subtitle")
        #expect(copy.accessoryTitle == "accessory")
        #expect(copy.descriptionText == "description")
        #expect(copy.iconIdentifier == "icon")
        #expect(copy.targetBuilder.uri == "spotify:hub")
        #expect(copy.loggingData == ["logging": .string("data")])
        #expect(copy.metadata == ["meta": .string("data")])
        #expect(copy.customData == ["custom": .string("data")])
        #expect(copy.mainImageDataBuilder.placeholderIconIdentifier == "main")
        #expect(copy.backgroundImageDataBuilder.placeholderIconIdentifier == "background")
        #expect(copy.hasCustomImageData("customImage"))
        #expect(copy.customImageDataBuilder("customImage").placeholderIconIdentifier == "custom")

        // The copy's image data builders are separate from the original's.
        copy.mainImageDataBuilder.placeholderIconIdentifier = "main-copy"
        copy.backgroundImageDataBuilder.placeholderIconIdentifier = "background-copy"
        copy.customImageDataBuilder("customImage").placeholderIconIdentifier = "custom-copy"
        copy.title = "title-copy"
        #expect(builder.mainImageDataBuilder.placeholderIconIdentifier == "main")
        #expect(builder.backgroundImageDataBuilder.placeholderIconIdentifier == "background")
        #expect(builder.customImageDataBuilder("customImage").placeholderIconIdentifier == "custom")
        #expect(builder.title == "title")
    }

    // MARK: Groups

    @Test func buildersForChildrenInGroupWhenAddingChildBuilder() {
        let builder = self.builder
        builder.childBuilder("child1").groupIdentifier = "firstGroup"
        builder.childBuilder("child2").groupIdentifier = "secondGroup"

        #expect(builder.childBuilders(inGroup: "firstGroup")?.map(\.modelIdentifier) == ["child1"])
        #expect(builder.childBuilders(inGroup: "secondGroup")?.map(\.modelIdentifier) == ["child2"])
    }

    @Test func buildersForChildrenInGroupWhenRemovingChildBuilder() {
        let builder = self.builder
        builder.childBuilder("child1").groupIdentifier = "firstGroup"
        builder.childBuilder("child2").groupIdentifier = "secondGroup"

        builder.removeChild("child1")

        #expect(builder.childBuilders(inGroup: "firstGroup") == nil)
        #expect(builder.childBuilders(inGroup: "secondGroup")?.map(\.modelIdentifier) == ["child2"])
    }

    @Test func buildersForChildrenInGroupWhenRemovingAllChildBuilders() {
        let builder = self.builder
        builder.childBuilder("child1").groupIdentifier = "firstGroup"
        builder.childBuilder("child2").groupIdentifier = "secondGroup"

        builder.removeAllChildren()

        #expect(builder.childBuilders(inGroup: "firstGroup") == nil)
        #expect(builder.childBuilders(inGroup: "secondGroup") == nil)
    }

    @Test func buildersForChildrenInGroupWhenChangingGroupIdentifierOfChild() {
        let builder = self.builder
        let child = builder.childBuilder("child")
        child.groupIdentifier = "firstGroup"
        #expect(builder.childBuilders(inGroup: "firstGroup")?.map(\.modelIdentifier) == ["child"])

        child.groupIdentifier = "secondGroup"

        #expect(builder.childBuilders(inGroup: "secondGroup")?.map(\.modelIdentifier) == ["child"])
        #expect(builder.childBuilders(inGroup: "firstGroup") == nil)
    }
}
