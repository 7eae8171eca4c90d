import Testing

@testable import HubCore

// The demo app's GitHub search schema (`HUBJSONSchemaRegistry+CustomSchemas.swift`): GitHub's
// search response read as a view model, registered under "gitHub" and picked by a feature.

struct GitHubSearchSchemaTests {
    private let response = """
        {
          "total_count": 2,
          "incomplete_results": false,
          "items": [
            {
              "id": 10270250,
              "name": "react",
              "full_name": "facebook/react",
              "owner": {"login": "facebook", "id": 69631},
              "html_url": "https://github.com/facebook/react",
              "stargazers_count": 200000
            },
            {
              "id": 44838949,
              "name": "swift",
              "full_name": "apple/swift",
              "owner": {"login": "apple"},
              "html_url": "https://github.com/apple/swift",
              "fork": false
            }
          ]
        }
        """

    /// The demo's schema: body from `items[]`, each item its own target dictionary, title from
    /// `name`, subtitle "Author: " + `owner.login`, target URI from `html_url`, and (beyond the
    /// demo) the whole item as the target's custom data.
    private func registerGitHubSearchSchema(in registry: JSONSchemaRegistry) throws {
        var schema = registry.createNewSchema()
        schema.viewModelSchema.body = JSONPath().goTo("items").forEach().dictionaryPath
        schema.componentModelSchema.target = JSONPath().dictionaryPath
        schema.componentModelSchema.title = JSONPath().goTo("name").stringPath
        schema.componentModelSchema.subtitle = JSONPath().goTo("owner").goTo("login")
            .run { input in input.stringValue.map { .string("Author: " + $0) } }
            .stringPath
        schema.componentTargetSchema.uri = JSONPath().goTo("html_url").urlPath
        schema.componentTargetSchema.customData = JSONPath().dictionaryPath
        try registry.register(schema, identifier: "gitHub")
    }

    @Test func searchResultsReadWithTheGitHubSchema() throws {
        let schemaRegistry = JSONSchemaRegistry()
        try registerGitHubSearchSchema(in: schemaRegistry)
        let featureRegistry = FeatureRegistry()
        try featureRegistry.register(
            FeatureRegistration(
                identifier: "gitHubSearch", viewURIPredicate: .exact("hub:github"), title: "GitHub Search",
                contentOperationFactories: [
                    BlockContentOperationFactory { [response] _ in
                        let operation = ContentOperationMock()
                        operation.contentLoadingBlock = { builder in
                            #expect(throws: Never.self) { try builder.addJSON(response) }
                            return true
                        }
                        return [operation]
                    }
                ],
                customJSONSchemaIdentifier: "gitHub"))
        let factory = ViewModelLoaderFactory(
            featureRegistry: featureRegistry, configuration: .testing, schemaRegistry: schemaRegistry)
        let loader = try #require(try factory.createLoader(forViewURI: "hub:github"))
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate
        loader.loadViewModel()

        let model = try #require(delegate.lastViewModel)
        let items = try #require(try JSONParser.parse(response)["items"]?.arrayValue?.compactMap(\.objectValue))
        // No header and no title in the JSON: the feature's title.
        #expect(model.title == "GitHub Search")
        #expect(model.body.count == 2)
        #expect(model.body.map(\.title) == ["react", "swift"])
        #expect(model.body.map(\.subtitle) == ["Author: facebook", "Author: apple"])
        #expect(model.body.map(\.target?.uri) == ["https://github.com/facebook/react", "https://github.com/apple/swift"])
        #expect(model.body.compactMap(\.target?.customData) == items)
        // Numeric `id`s are not string identifiers.
        #expect(model.body.allSatisfy { $0.identifier.hasPrefix("UnknownComponent:") })
        #expect(model.body.allSatisfy { $0.componentIdentifier == Identifier(namespace: "namespace", name: "name") })

        // Serialization always uses the default schema's keys.
        let serialized = try #require(model.body.first?.serialize())
        #expect(serialized["text"] == .object(["title": .string("react"), "subtitle": .string("Author: facebook")]))
        #expect(serialized["target"]?["uri"] == .string("https://github.com/facebook/react"))
        #expect(serialized["target"]?["custom"] == .object(items[0]))
    }
}
