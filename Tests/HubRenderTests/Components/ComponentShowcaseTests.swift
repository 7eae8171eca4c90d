import HubCore
import Testing
@testable import HubRender

/// A factory offering showcase names for some components.
private struct ShowcaseFactory: ComponentFactoryShowcaseNameProvider {
    let names: [String: String]

    func createComponent(named name: String) -> (any Component)? { nil }
    var showcaseableComponentNames: [String] { names.keys.sorted() }
    func showcaseName(forComponentName name: String) -> String? { names[name] }
}

@Suite struct ComponentShowcaseTests {
    private func registry() throws -> ComponentRegistry {
        let registry = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        try registry.register(ShowcaseFactory(names: ["name1": "Name 1", "name2": "Name 2"]), forNamespace: "A")
        try registry.register(ShowcaseFactory(names: ["name3": "Name 3", "name4": "Name 4"]), forNamespace: "B")
        try registry.register(BlockComponentFactory { _ in nil }, forNamespace: "C")
        return registry
    }

    @Test func showcaseableIdentifiersComeFromProvidersOnly() throws {
        #expect(try registry().showcaseableComponentIdentifiers.map(\.description) == ["A:name1", "A:name2", "B:name3", "B:name4"])
    }

    @Test func showcaseNamesAreTheProvidersOrNil() throws {
        let registry = try registry()
        #expect(registry.showcaseName(for: Identifier(namespace: "A", name: "name2")) == "Name 2")
        #expect(registry.showcaseName(for: Identifier(namespace: "B", name: "name3")) == "Name 3")
        #expect(registry.showcaseName(for: Identifier(namespace: "C", name: "anything")) == nil)
        #expect(registry.showcaseName(for: Identifier(namespace: "unknown", name: "name1")) == nil)
    }

    @Test func theDefaultLibraryShowcasesEveryComponent() throws {
        let registry = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        try registry.register(DefaultComponentFactory(), forNamespace: DefaultComponentFactory.namespace)
        #expect(registry.showcaseableComponentIdentifiers.count == DefaultComponentFactory.names.count)
        #expect(registry.showcaseName(for: Identifier(namespace: "default", name: "sectionHeader")) == "Section header")
        #expect(registry.showcaseName(for: Identifier(namespace: "default", name: "activityIndicator")) == "Activity indicator")
    }

    @Test func aSnapshotIsTheComponentAloneAtItsPreferredSize() throws {
        let registry = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        try registry.register(DefaultComponentFactory(), forNamespace: DefaultComponentFactory.namespace)
        let builder = ViewModelBuilder()
        let row = builder.bodyBuilder("row")
        row.title = "Meatballs"
        row.subtitle = "A swedish classic"
        let snapshot = registry.showcaseSnapshot(of: builder.build().body[0], containerSize: Size(width: 24, height: 10))
        #expect(snapshot == " Meatballs\n A swedish classic")
    }
}
