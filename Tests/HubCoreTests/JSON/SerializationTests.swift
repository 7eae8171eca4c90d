import Foundation
import Testing

@testable import HubCore

// HUBSerializationTests.m with its own fixture (Fixtures/Serialization.json),
// and the omissions of each model's serialization.

struct SerializationTests {
    private func fixture() throws -> JSONDictionary {
        let url = try #require(Bundle.module.url(forResource: "Serialization", withExtension: "json", subdirectory: "Fixtures"))
        return try #require(try JSONParser.parse(bytes: Array(try Data(contentsOf: url))).objectValue)
    }

    @Test func serialization() throws {
        let dictionary = try fixture()
        let model = JSONSchema.default.viewModel(from: dictionary, configuration: .testing)

        #expect(model.identifier == "food")
        #expect(model.header?.backgroundImageData?.url == "https://spotify.com/image/of/food.jpg")
        #expect(model.body.map(\.identifier) == ["featured", "row-0"])
        #expect(model.overlays.map(\.identifier) == ["sectionHeader"])
        let child = try #require(model.body.first?.child(withIdentifier: "featured-0"))
        #expect(child.groupIdentifier == "quick")
        #expect(child.indexPath == [0, 0])
        #expect(child.icon == Icon(identifier: "burger", isPlaceholder: false))
        #expect(child.customImageData.keys.sorted() == ["badge", "thumbnail"])
        #expect(child.target?.actionIdentifiers?.map(\.description) == ["food:order", "food:share", "analytics:track"])
        #expect(child.target?.initialViewModel?.body.map(\.identifier) == ["recipe"])
        #expect(child.customData?["nested"]?["level"]?["deeper"]?.arrayValue?.count == 7)

        let serialized = model.serialize()
        #expect(serialized == dictionary)
        #expect(JSONSchema.default.viewModel(from: serialized, configuration: .testing) == model)
    }

    @Test func serializedTextReadsBackAsAnEqualModel() throws {
        let model = JSONSchema.default.viewModel(from: try fixture(), configuration: .testing)
        for pretty in [false, true] {
            let text = JSONValue.object(model.serialize()).serialized(pretty: pretty)
            let builder = ViewModelBuilder(configuration: .testing)
            try builder.addJSON(text)
            #expect(builder.build() == model)
        }
    }

    // MARK: Omissions

    @Test func emptyViewModelSerializesToAnEmptyDictionary() {
        #expect(ViewModelBuilder(configuration: .testing).build().serialize() == [:])
        #expect(ViewModel.empty.serialize() == [:])
    }

    @Test func componentAlwaysSerializesItsIdentifierAndComponent() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        _ = builder.bodyBuilder("row")
        let model = builder.build()
        #expect(model.serialize() == [
            "body": .array([
                .object([
                    "id": .string("row"),
                    "component": .object(["id": .string("namespace:name"), "category": .string("category")]),
                ])
            ])
        ])
    }

    @Test func viewModelSerializesEveryProperty() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        builder.viewIdentifier = "view"
        builder.navigationBarTitle = "Title"
        builder.customData = ["key": .string("value")]
        builder.headerBuilder.title = "Header"
        builder.bodyBuilder("second").preferredIndex = 1
        _ = builder.bodyBuilder("first")
        _ = builder.overlayBuilder("overlay")

        let json = builder.build().serialize()
        #expect(json.keys.sorted() == ["body", "custom", "header", "id", "overlays", "title"])
        #expect(json["id"] == .string("view"))
        #expect(json["title"] == .string("Title"))
        #expect(json["custom"] == .object(["key": .string("value")]))
        #expect(json["header"]?["text"] == .object(["title": .string("Header")]))
        #expect(json["body"]?.arrayValue?.map { $0["id"] } == [.string("first"), .string("second")])
        #expect(json["overlays"]?.arrayValue?.map { $0["id"] } == [.string("overlay")])
    }

    @Test func componentSerializesTextAndImagesOnlyWhenSet() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        let row = builder.bodyBuilder("row")
        row.subtitle = "Subtitle"
        row.iconIdentifier = "icon"

        let json = try builtBodyModel(builder, "row").serialize()
        #expect(json["text"] == .object(["subtitle": .string("Subtitle")]))
        #expect(json["images"] == .object(["icon": .string("icon")]))
        #expect(json["target"] == nil)
        #expect(json["children"] == nil)
    }

    @Test func iconsAreLeftOutWithoutAnIconResolver() throws {
        let builder = ViewModelBuilder(configuration: .testingWithoutIcons)
        let row = builder.bodyBuilder("row")
        row.iconIdentifier = "icon"
        row.mainImageDataBuilder.placeholderIconIdentifier = "placeholder"
        row.mainImageDataBuilder.url = "http://main"

        let json = try builtBodyModel(builder, "row").serialize()
        #expect(json["images"] == .object(["main": .object(["uri": .string("http://main")])]))
    }

    @Test func imageDataSerializesOnlyURIAndPlaceholder() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        let row = builder.bodyBuilder("row")
        row.mainImageDataBuilder.url = "http://main"
        row.mainImageDataBuilder.placeholderIconIdentifier = "placeholder"
        row.mainImageDataBuilder.localImage = "main.png"
        row.mainImageDataBuilder.customData = ["key": .string("value")]
        row.backgroundImageDataBuilder.localImage = "background.png"
        row.customImageDataBuilder("custom").customData = ["key": .string("value")]

        let model = try builtBodyModel(builder, "row")
        #expect(model.mainImageData?.serialize() == ["uri": .string("http://main"), "placeholder": .string("placeholder")])
        #expect(model.serialize()["images"] == .object([
            "main": .object(["uri": .string("http://main"), "placeholder": .string("placeholder")]),
            "background": .object([:]),
            "custom": .object(["custom": .object([:])]),
        ]))
    }

    @Test func targetSerializesEveryProperty() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        let target = builder.bodyBuilder("row").targetBuilder
        #expect(try builtBodyModel(builder, "row").target?.serialize() == [:])

        target.uri = "spotify:hub"
        target.addAction(namespace: "namespace", name: "action")
        target.customData = ["key": .string("value")]
        target.initialViewModelBuilder.navigationBarTitle = "Initial"

        #expect(try builtBodyModel(builder, "row").target?.serialize() == [
            "uri": .string("spotify:hub"),
            "actions": .array([.string("namespace:action")]),
            "custom": .object(["key": .string("value")]),
            "view": .object(["title": .string("Initial")]),
        ])
    }

    @Test func childrenSerializeInTheirResolvedOrder() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        let parent = builder.bodyBuilder("parent")
        parent.childBuilder("a").preferredIndex = 1
        _ = parent.childBuilder("b")
        parent.childBuilder("b").childBuilder("grandchild").title = "Grandchild"

        let json = try builtBodyModel(builder, "parent").serialize()
        let children = try #require(json["children"]?.arrayValue)
        #expect(children.map { $0["id"] } == [.string("b"), .string("a")])
        #expect(children[0]["children"]?.arrayValue?.first?["text"] == .object(["title": .string("Grandchild")]))
    }

    @Test func modelsReadWithACustomSchemaSerializeWithTheDefaultKeys() throws {
        var schema = JSONSchema()
        schema.viewModelSchema.navigationBarTitle = JSONPath().goTo("name").stringPath
        schema.viewModelSchema.body = JSONPath().goTo("rows").forEach().dictionaryPath
        schema.componentModelSchema.title = JSONPath().goTo("label").stringPath
        let model = schema.viewModel(
            from: try jsonObject(#"{"name": "Custom", "rows": [{"id": "row", "label": "Row"}]}"#), configuration: .testing)

        #expect(model.serialize() == [
            "title": .string("Custom"),
            "body": .array([
                .object([
                    "id": .string("row"),
                    "component": .object(["id": .string("namespace:name"), "category": .string("category")]),
                    "text": .object(["title": .string("Row")]),
                ])
            ]),
        ])
    }
}
