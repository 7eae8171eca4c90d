import HubCore
import Testing

@testable import HubRender

// A whole view rendered by ViewRenderer.

struct ViewRendererTests {
    private func makeRenderer() throws -> ViewRenderer {
        let registry = ComponentRegistry(fallbackHandler: DefaultComponentFallbackHandler())
        try registry.register(ComponentFactoryMock(components: ["row": TextRowComponent()]), forNamespace: "test")
        return ViewRenderer(registry: registry, layoutManager: DefaultComponentLayoutManager(margin: 2))
    }

    /// A view titled "Cities" with two rows: Paris (FR) and Tokyo (JP).
    private func makeViewModel() -> ViewModel {
        let builder = ViewModelBuilder()
        builder.navigationBarTitle = "Cities"
        for (identifier, title, accessory) in [("paris", "Paris", "FR"), ("tokyo", "Tokyo", "JP")] {
            let row = builder.bodyBuilder(identifier)
            row.componentIdentifier = Identifier(namespace: "test", name: "row")
            row.title = title
            row.accessoryTitle = accessory
        }
        return builder.build()
    }

    @Test func rendersTitleRuleAndStackedRows() throws {
        let renderer = try makeRenderer()

        let output = renderer.render(makeViewModel(), options: RenderOptions(width: 20))

        // Title centred: (20 - 6) / 2 = 7 columns in; the rows stack with no margins.
        #expect(output == """
                   Cities
            ────────────────────
            Paris             FR
            Tokyo             JP

            """)
    }

    @Test func rendersASCIIRule() throws {
        let renderer = try makeRenderer()

        let output = renderer.render(makeViewModel(), options: RenderOptions(width: 20, ascii: true))

        #expect(output == """
                   Cities
            --------------------
            Paris             FR
            Tokyo             JP

            """)
    }

    @Test func layoutOfStackedFullWidthRows() throws {
        let renderer = try makeRenderer()

        let layout = renderer.layout(makeViewModel(), width: 20)

        #expect(layout.header == nil)
        #expect(layout.body == [Rect(x: 0, y: 0, width: 20, height: 1), Rect(x: 0, y: 1, width: 20, height: 1)])
        #expect(layout.overlays == [])
        #expect(layout.contentHeight == 2)
    }
}
