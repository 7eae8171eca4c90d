import Testing

@testable import HubCore

// HUBJSONSchemaRegistryTests.m, and the loader factory picking a feature's schema.

struct JSONSchemaRegistryTests {
    private let registry = JSONSchemaRegistry()
    private let json: JSONDictionary = ["title": .string("Title"), "customTitle": .string("Hub it up!")]

    /// A new schema reading the navigation bar title from `customTitle`.
    private func makeCustomSchema() -> JSONSchema {
        var schema = registry.createNewSchema()
        schema.viewModelSchema.navigationBarTitle = JSONPath().goTo("customTitle").stringPath
        return schema
    }

    @Test func registeringRetrievingAndRemovingCustomSchema() throws {
        try registry.register(makeCustomSchema(), identifier: "custom")
        let schema = try #require(registry.copySchema("custom"))
        #expect(schema.viewModel(from: json).title == "Hub it up!")
        #expect(registry.schema(for: "custom").viewModel(from: json).title == "Hub it up!")

        registry.unregister("custom")
        #expect(registry.copySchema("custom") == nil)
        #expect(registry.schema(for: "custom").viewModel(from: json).title == "Title")
    }

    @Test func retrievingUnknownSchemaReturnsNil() {
        #expect(registry.copySchema("unknown") == nil)
    }

    @Test func registeringCustomSchemaWithExistingIdentifierThrows() throws {
        try registry.register(makeCustomSchema(), identifier: "custom")
        #expect(throws: RegistrationError("a JSON schema with identifier 'custom' is already registered")) {
            try registry.register(JSONSchema(), identifier: "custom")
        }
        // The first registration stays.
        #expect(registry.schema(for: "custom").viewModel(from: json).title == "Hub it up!")
    }

    @Test func registeringAgainAfterUnregistering() throws {
        try registry.register(makeCustomSchema(), identifier: "custom")
        registry.unregister("custom")
        try registry.register(JSONSchema(), identifier: "custom")
        #expect(registry.schema(for: "custom").viewModel(from: json).title == "Title")
    }

    @Test func copyingSchema() throws {
        try registry.register(makeCustomSchema(), identifier: "custom")
        var copy = try #require(registry.copySchema("custom"))
        #expect(copy.viewModel(from: json).title == "Hub it up!")

        // Changing the copy leaves the registered schema alone.
        copy.viewModelSchema.navigationBarTitle = JSONPath().goTo("other").stringPath
        #expect(copy.viewModel(from: json).title == nil)
        #expect(registry.copySchema("custom")?.viewModel(from: json).title == "Hub it up!")
    }

    @Test func copyingUnknownSchemaReturnsNil() {
        #expect(registry.copySchema("custom") == nil)
    }

    @Test func newSchemasAreCopiesOfTheDefaultSchema() {
        var schema = registry.createNewSchema()
        #expect(schema.viewModel(from: json).title == "Title")
        schema.viewModelSchema.navigationBarTitle = JSONPath().goTo("customTitle").stringPath
        #expect(registry.createNewSchema().viewModel(from: json).title == "Title")
        #expect(registry.defaultSchema.viewModel(from: json).title == "Title")
    }

    @Test func unknownOrMissingIdentifiersGiveTheDefaultSchema() throws {
        var defaultSchema = JSONSchema()
        defaultSchema.viewModelSchema.navigationBarTitle = JSONPath().goTo("defaultTitle").stringPath
        let registry = JSONSchemaRegistry(defaultSchema: defaultSchema)
        try registry.register(JSONSchema(), identifier: "custom")
        let json: JSONDictionary = ["title": .string("Custom"), "defaultTitle": .string("Default")]

        #expect(registry.schema(for: nil).viewModel(from: json).title == "Default")
        #expect(registry.schema(for: "unknown").viewModel(from: json).title == "Default")
        #expect(registry.schema(for: "custom").viewModel(from: json).title == "Custom")
        #expect(registry.createNewSchema().viewModel(from: json).title == "Default")
    }

    // MARK: The loader factory

    /// The title of the view model a loader made by a factory with `registry` delivers, for a
    /// feature with `schemaIdentifier` whose operation adds ``json``.
    private func loadedTitle(schemaIdentifier: String?, registry: JSONSchemaRegistry?) throws -> String? {
        let featureRegistry = FeatureRegistry()
        try featureRegistry.register(
            FeatureRegistration(
                identifier: "feature", viewURIPredicate: .exact("spotify:hub"), title: "Feature",
                contentOperationFactories: [
                    BlockContentOperationFactory { _ in
                        let operation = ContentOperationMock()
                        operation.contentLoadingBlock = { [json] builder in
                            builder.addJSON(dictionary: json)
                            return true
                        }
                        return [operation]
                    }
                ],
                customJSONSchemaIdentifier: schemaIdentifier))
        let factory = ViewModelLoaderFactory(featureRegistry: featureRegistry, schemaRegistry: registry)
        let loader = try #require(try factory.createLoader(forViewURI: "spotify:hub"))
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate
        loader.loadViewModel()
        return delegate.lastViewModel?.title
    }

    @Test func loaderFactoryUsesTheFeaturesCustomSchema() throws {
        try registry.register(makeCustomSchema(), identifier: "custom")
        #expect(try loadedTitle(schemaIdentifier: "custom", registry: registry) == "Hub it up!")
        #expect(try loadedTitle(schemaIdentifier: "unknown", registry: registry) == "Title")
        #expect(try loadedTitle(schemaIdentifier: nil, registry: registry) == "Title")
        #expect(try loadedTitle(schemaIdentifier: "custom", registry: nil) == "Title")
    }
}
