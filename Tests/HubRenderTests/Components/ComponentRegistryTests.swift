import HubCore
import Testing

@testable import HubRender

// HUBComponentRegistryTests.m without the showcase tests: a registry with a
// fallback handler mock and factory mocks that return the same component instance every time.

struct ComponentRegistryTests {
    private let fallbackHandler = ComponentFallbackHandlerMock()
    private let registry: ComponentRegistry

    init() {
        registry = ComponentRegistry(fallbackHandler: fallbackHandler)
    }

    /// A body model rendered by `namespace:name`, in `category`.
    private func makeModel(namespace: String, name: String, category: String = "category") throws -> ComponentModel {
        let builder = ViewModelBuilder(configuration: BuilderConfiguration(componentDefaults: .testing))
        let componentBuilder = builder.bodyBuilder("model")
        componentBuilder.componentNamespace = namespace
        componentBuilder.componentName = name
        componentBuilder.componentCategory = category
        return try #require(builder.build().body.first)
    }

    @Test func registeringComponentFactory() throws {
        let component = ComponentMock()
        let factory = ComponentFactoryMock(components: ["name": component])

        try registry.register(factory, forNamespace: "namespace")

        let created = try registry.createComponent(for: makeModel(namespace: "namespace", name: "name"))
        #expect(created === component)
        #expect(registry.hasFactory(forNamespace: "namespace"))
    }

    @Test func registeringAlreadyRegisteredFactoryThrows() throws {
        let component = ComponentMock()
        let factory = ComponentFactoryMock(components: ["name": component])

        try registry.register(factory, forNamespace: "namespace")

        #expect(throws: RegistrationError.self) {
            try registry.register(factory, forNamespace: "namespace")
        }
        #expect(throws: RegistrationError.self) {
            try registry.register(ComponentFactoryMock(components: [:]), forNamespace: "namespace")
        }
        #expect(throws: Never.self) {
            try registry.register(factory, forNamespace: "other_namespace")
        }
        // The failed registrations changed nothing; the same factory serves both namespaces.
        let first = try makeModel(namespace: "namespace", name: "name")
        let second = try makeModel(namespace: "other_namespace", name: "name")
        #expect(registry.createComponent(for: first) === component)
        #expect(registry.createComponent(for: second) === component)
        #expect(registry.namespaces == ["namespace", "other_namespace"])
    }

    @Test func unregisteringComponentFactory() throws {
        let firstComponent = ComponentMock()
        let secondComponent = ComponentMock()
        fallbackHandler.fallbackComponents["category"] = ComponentMock()

        let model = try makeModel(namespace: "namespace", name: "name")

        try registry.register(ComponentFactoryMock(components: ["name": firstComponent]), forNamespace: "namespace")
        registry.unregisterFactory(forNamespace: "namespace")
        #expect(!registry.hasFactory(forNamespace: "namespace"))
        #expect(registry.createComponent(for: model) !== firstComponent)

        #expect(throws: Never.self) {
            try registry.register(ComponentFactoryMock(components: ["name": secondComponent]), forNamespace: "namespace")
        }
        #expect(registry.createComponent(for: model) === secondComponent)
    }

    @Test func unregisteringUnknownNamespaceDoesNothing() throws {
        let component = ComponentMock()
        try registry.register(ComponentFactoryMock(components: ["name": component]), forNamespace: "namespace")

        let model = try makeModel(namespace: "namespace", name: "name")

        registry.unregisterFactory(forNamespace: "unknown")

        #expect(registry.namespaces == ["namespace"])
        #expect(registry.createComponent(for: model) === component)
    }

    @Test func fallbackComponentCreatedForUnknownNamespace() throws {
        let fallback = ComponentMock()
        fallbackHandler.fallbackComponents["category"] = fallback

        let created = try registry.createComponent(for: makeModel(namespace: "unknown", name: "name", category: "category"))

        #expect(created === fallback)
    }

    @Test func fallbackComponentCreatedWhenFactoryReturnsNil() throws {
        let component = ComponentMock()
        let fallback = ComponentMock()
        fallbackHandler.fallbackComponents["category"] = fallback
        try registry.register(ComponentFactoryMock(components: ["name": component]), forNamespace: "namespace")

        let created = try registry.createComponent(for: makeModel(namespace: "namespace", name: "unknown", category: "category"))

        #expect(created === fallback)
    }

    @Test func fallbackComponentsForDifferentCategories() throws {
        let fallbackA = ComponentMock()
        let fallbackB = ComponentMock()
        fallbackHandler.fallbackComponents["categoryA"] = fallbackA
        fallbackHandler.fallbackComponents["categoryB"] = fallbackB

        let createdA = try registry.createComponent(for: makeModel(namespace: "unknown", name: "name", category: "categoryA"))
        let createdB = try registry.createComponent(for: makeModel(namespace: "unknown", name: "name", category: "categoryB"))

        #expect(createdA === fallbackA)
        #expect(createdB === fallbackB)
    }
}

@Suite struct UnknownComponentTests {
    @Test func theRegistryRemembersWhichIdentifiersFellBackInOrder() throws {
        let fallback = ComponentFallbackHandlerMock()
        fallback.fallbackComponents["row"] = ComponentMock()
        let registry = ComponentRegistry(fallbackHandler: fallback)
        try registry.register(ComponentFactoryMock(components: ["known": ComponentMock()]), forNamespace: "app")
        for name in ["missing", "known", "other", "missing"] {
            _ = registry.createComponent(identifier: Identifier(namespace: "app", name: name), category: "row")
        }
        _ = registry.createComponent(identifier: Identifier(namespace: "nowhere", name: "x"), category: "row")
        #expect(registry.unknownIdentifiers.map(\.description) == ["app:missing", "app:other", "nowhere:x"])
    }
}
