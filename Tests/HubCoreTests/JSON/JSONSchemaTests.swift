import Testing

@testable import HubCore

// HUBJSONSchemaTests.m and HUBJSONSchemaFactoryTests.m, and how a schema travels
// with builders, snapshots and loaders.

struct JSONSchemaTests {
    private let dictionary: JSONDictionary = [
        "title": .string("Title"),
        "customTitle": .string("Custom title"),
        "body": .array([.object(["id": .string("row"), "text": .object(["title": .string("Row title")])])]),
    ]

    /// The default schema, reading the navigation bar title from `customTitle`.
    private var customTitleSchema: JSONSchema {
        var schema = JSONSchema()
        schema.viewModelSchema.navigationBarTitle = JSONPath().goTo("customTitle").stringPath
        return schema
    }

    @Test func viewModelFromJSONDictionary() throws {
        let builder = ViewModelBuilder(configuration: .testing)
        builder.addJSON(dictionary: dictionary)
        let expected = builder.build()

        let model = JSONSchema.default.viewModel(from: dictionary, configuration: .testing)
        #expect(model.body.count == expected.body.count)
        #expect(model.body.first?.title == "Row title")
        #expect(model == expected)
    }

    @Test func copy() {
        let original = JSONSchema()
        var copy = original
        copy.viewModelSchema.navigationBarTitle = JSONPath().goTo("customTitle").stringPath
        copy.componentModelSchema.title = JSONPath().goTo("name").stringPath
        copy.componentImageDataSchema.url = JSONPath().goTo("href").urlPath
        copy.componentTargetSchema.uri = JSONPath().goTo("href").urlPath

        let image: JSONDictionary = ["uri": .string("http://uri"), "href": .string("http://href")]
        #expect(original.viewModelSchema.navigationBarTitle.value(from: dictionary) == "Title")
        #expect(copy.viewModelSchema.navigationBarTitle.value(from: dictionary) == "Custom title")
        #expect(original.componentModelSchema.title.value(from: ["text": .object(["title": .string("t")])]) == "t")
        #expect(copy.componentModelSchema.title.value(from: ["name": .string("n")]) == "n")
        #expect(original.componentImageDataSchema.url.value(from: image) == "http://uri")
        #expect(copy.componentImageDataSchema.url.value(from: image) == "http://href")
        #expect(original.componentTargetSchema.uri.value(from: image) == "http://uri")
        #expect(copy.componentTargetSchema.uri.value(from: image) == "http://href")
    }

    /// The schema factory's job (a default schema with given component defaults) is done by
    /// the configuration handed to `viewModel(from:configuration:)`.
    @Test func factoryCanCreateDefaultSchema() throws {
        let configuration = BuilderConfiguration(
            componentDefaults: ComponentDefaults(namespace: "test", name: "testComponent", category: ComponentCategory.row))
        let model = JSONSchema.default.viewModel(from: dictionary, configuration: configuration)
        let row = try #require(model.body.first)
        #expect(row.componentIdentifier == Identifier(namespace: "test", name: "testComponent"))
        #expect(row.componentCategory == ComponentCategory.row)
    }

    // MARK: Every property is read through the schema

    /// Every path of every sub-schema points somewhere else than the default schema's keys;
    /// JSON in that shape fills every model property.
    @Test func everyPropertyIsReadThroughTheSchema() throws {
        var schema = JSONSchema()
        func key(_ name: String) -> JSONPath { JSONPath().goTo("x-" + name) }
        schema.viewModelSchema.identifier = key("id").stringPath
        schema.viewModelSchema.navigationBarTitle = key("title").stringPath
        schema.viewModelSchema.header = key("header").dictionaryPath
        schema.viewModelSchema.body = key("body").forEach().dictionaryPath
        schema.viewModelSchema.overlays = key("overlays").forEach().dictionaryPath
        schema.viewModelSchema.customData = key("custom").dictionaryPath
        schema.componentModelSchema.identifier = key("id").stringPath
        schema.componentModelSchema.groupIdentifier = key("group").stringPath
        schema.componentModelSchema.componentIdentifier = key("component").stringPath
        schema.componentModelSchema.componentCategory = key("category").stringPath
        schema.componentModelSchema.title = key("title").stringPath
        schema.componentModelSchema.subtitle = key("subtitle").stringPath
        schema.componentModelSchema.accessoryTitle = key("accessory").stringPath
        schema.componentModelSchema.descriptionText = key("description").stringPath
        schema.componentModelSchema.mainImageData = key("main").dictionaryPath
        schema.componentModelSchema.backgroundImageData = key("background").dictionaryPath
        schema.componentModelSchema.customImageData = key("images").dictionaryPath
        schema.componentModelSchema.iconIdentifier = key("icon").stringPath
        schema.componentModelSchema.target = key("target").dictionaryPath
        schema.componentModelSchema.metadata = key("metadata").dictionaryPath
        schema.componentModelSchema.loggingData = key("logging").dictionaryPath
        schema.componentModelSchema.customData = key("custom").dictionaryPath
        schema.componentModelSchema.children = key("children").forEach().dictionaryPath
        schema.componentImageDataSchema.url = key("uri").urlPath
        schema.componentImageDataSchema.placeholderIconIdentifier = key("placeholder").stringPath
        schema.componentImageDataSchema.localImage = key("local").stringPath
        schema.componentImageDataSchema.customData = key("custom").dictionaryPath
        schema.componentTargetSchema.uri = key("uri").urlPath
        schema.componentTargetSchema.initialViewModel = key("view").dictionaryPath
        schema.componentTargetSchema.actionIdentifiers = key("actions").forEach().stringPath
        schema.componentTargetSchema.customData = key("custom").dictionaryPath

        let json = try jsonObject(
            """
            {
              "x-id": "view", "x-title": "Title", "x-custom": {"view": 1},
              "x-header": {"x-id": "top", "x-title": "Header"},
              "x-overlays": [{"x-id": "overlay", "x-title": "Overlay"}],
              "x-body": [{
                "x-id": "row", "x-group": "group", "x-component": "ns:name", "x-category": "card",
                "x-title": "title", "x-subtitle": "subtitle", "x-accessory": "accessory", "x-description": "description",
                "x-main": {"x-uri": "http://main", "x-placeholder": "mainPlaceholder", "x-local": "main.png", "x-custom": {"main": 1}},
                "x-background": {"x-uri": "http://background"},
                "x-images": {"extra": {"x-uri": "http://extra"}},
                "x-icon": "icon",
                "x-target": {
                  "x-uri": "spotify:target", "x-actions": ["ns:action"], "x-custom": {"target": 1},
                  "x-view": {"x-title": "Target view"}
                },
                "x-metadata": {"meta": 1}, "x-logging": {"log": 1}, "x-custom": {"component": 1},
                "x-children": [{"x-id": "child", "x-title": "Child"}]
              }]
            }
            """)
        let model = schema.viewModel(from: json, configuration: .testing)

        #expect(model.identifier == "view")
        #expect(model.title == "Title")
        #expect(model.customData == ["view": .int(1)])
        #expect(model.header?.identifier == "top")
        #expect(model.header?.title == "Header")
        #expect(model.overlays.map(\.identifier) == ["overlay"])
        let row = try #require(model.body.first)
        #expect(row.identifier == "row")
        #expect(row.groupIdentifier == "group")
        #expect(row.componentIdentifier == Identifier(namespace: "ns", name: "name"))
        #expect(row.componentCategory == "card")
        #expect(row.title == "title")
        #expect(row.subtitle == "subtitle")
        #expect(row.accessoryTitle == "accessory")
        #expect(row.descriptionText == "description")
        #expect(row.mainImageData?.url == "http://main")
        #expect(row.mainImageData?.placeholderIcon == Icon(identifier: "mainPlaceholder", isPlaceholder: true))
        #expect(row.mainImageData?.localImage == "main.png")
        #expect(row.mainImageData?.customData == ["main": .int(1)])
        #expect(row.backgroundImageData?.url == "http://background")
        #expect(row.customImageData["extra"]?.url == "http://extra")
        #expect(row.icon == Icon(identifier: "icon", isPlaceholder: false))
        #expect(row.target?.uri == "spotify:target")
        #expect(row.target?.actionIdentifiers == [Identifier(namespace: "ns", name: "action")])
        #expect(row.target?.customData == ["target": .int(1)])
        #expect(row.target?.initialViewModel?.title == "Target view")
        #expect(row.metadata == ["meta": .int(1)])
        #expect(row.loggingData == ["log": .int(1)])
        #expect(row.customData == ["component": .int(1)])
        #expect(row.children?.map(\.identifier) == ["child"])
        #expect(row.children?.first?.title == "Child")

        // The default keys mean nothing to this schema.
        let defaultShaped = schema.viewModel(from: ["title": .string("Title"), "body": .array([.object([:])])])
        #expect(defaultShaped == ViewModelBuilder().build())
    }

    @Test func combinedPathsMigrateKeys() throws {
        var schema = JSONSchema()
        schema.componentModelSchema.identifier = JSONPath().goTo("id").combine(with: JSONPath().goTo("identifier")).stringPath
        let model = schema.viewModel(from: try jsonObject(#"{"body": [{"identifier": "legacy"}, {"id": "current", "identifier": "old"}]}"#))
        #expect(model.body.map(\.identifier) == ["legacy", "current"])
    }

    // MARK: URIs

    @Test func defaultSchemaDropsURIsThatAreNotURIReferences() throws {
        let model = JSONSchema.default.viewModel(
            from: try jsonObject(
                """
                {"body": [
                  {"id": "valid", "images": {"main": {"uri": "http://cdn.spotify.com/image"}}, "target": {"uri": "spotify:hub"}},
                  {"id": "invalid", "images": {"main": {"uri": "not a uri", "local": "image"}}, "target": {"uri": "é"}}
                ]}
                """))
        #expect(model.body[0].mainImageData?.url == "http://cdn.spotify.com/image")
        #expect(model.body[0].target?.uri == "spotify:hub")
        #expect(model.body[1].mainImageData?.url == nil)
        #expect(model.body[1].mainImageData?.localImage == "image")
        #expect(model.body[1].target?.uri == nil)
    }

    // MARK: The schema travels with the builder

    @Test func builderReadsJSONWithItsSchema() throws {
        let builder = ViewModelBuilder(configuration: .testing, schema: customTitleSchema)
        try builder.addJSON(#"{"title": "Title", "customTitle": "Custom title"}"#)
        #expect(builder.navigationBarTitle == "Custom title")
        #expect(builder.schema.viewModelSchema.navigationBarTitle.value(from: dictionary) == "Custom title")
        #expect(ViewModelBuilder().schema.viewModelSchema.navigationBarTitle.value(from: dictionary) == "Title")
    }

    @Test func snapshotsAndCopiesKeepTheSchema() throws {
        let builder = ViewModelBuilder(configuration: .testing, schema: customTitleSchema)
        let restored = ViewModelBuilder(snapshot: builder.snapshot())
        try restored.addJSON(#"{"customTitle": "From snapshot"}"#)
        #expect(restored.navigationBarTitle == "From snapshot")

        let copy = builder.copy()
        try copy.addJSON(#"{"customTitle": "From copy"}"#)
        #expect(copy.navigationBarTitle == "From copy")
        #expect(builder.navigationBarTitle == nil)
    }

    @Test func nestedBuildersReadJSONWithTheTreesSchema() throws {
        var schema = JSONSchema()
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        schema.viewModelSchema.navigationBarTitle = JSONPath().goTo("customTitle").stringPath
        let builder = ViewModelBuilder(configuration: .testing, schema: schema)

        let row = builder.bodyBuilder("row")
        row.addJSON(dictionary: ["name": .string("Row"), "text": .object(["title": .string("Ignored")])])
        #expect(row.title == "Row")

        let targetView = row.targetBuilder.initialViewModelBuilder
        try targetView.addJSON(#"{"customTitle": "Target", "body": [{"id": "inner", "name": "Inner"}]}"#)
        let target = try #require(try builtBodyModel(builder, "row").target?.initialViewModel)
        #expect(target.title == "Target")
        #expect(target.body.first?.title == "Inner")
    }

    @Test func loaderBuildersReadJSONWithTheLoadersSchema() throws {
        let operation = ContentOperationMock()
        operation.initialContentLoadingBlock = { $0.addJSON(dictionary: ["customTitle": .string("Initial")]) }
        operation.contentLoadingBlock = { builder in
            builder.addJSON(dictionary: ["customTitle": .string("Loaded")])
            return true
        }
        let loader = ViewModelLoader(
            viewURI: LoaderHarness.viewURI, featureInfo: LoaderHarness.featureInfo, operations: [operation],
            configuration: .testing, schema: customTitleSchema)
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate

        #expect(loader.initialViewModel.title == "Initial")
        loader.loadViewModel()
        #expect(delegate.lastViewModel?.title == "Loaded")
    }

    @Test func loaderUsesTheDefaultSchemaUnlessGivenOne() throws {
        let operation = ContentOperationMock()
        operation.contentLoadingBlock = { builder in
            builder.addJSON(dictionary: ["title": .string("Default key"), "customTitle": .string("Custom key")])
            return true
        }
        let harness = LoaderHarness([operation])
        harness.loader.loadViewModel()
        #expect(harness.delegate.lastViewModel?.title == "Default key")
    }
}
