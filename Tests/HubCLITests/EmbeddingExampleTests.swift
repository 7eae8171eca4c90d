import Foundation
import HubTestThreads
import Testing

/// `Examples/Embedding/main.swift`, the program docs/embedding.md shows: Hub embedded in Swift.
@Suite(.offThePool) struct EmbeddingExampleTests {
    @Test func printsTheSwiftOnlyScreenThenTheLuaFeatureDrawnByTheSwiftComponentThenTwoOpenedFromTasks() throws {
        let result = try HubProcess.run([], program: "HubEmbeddingExample")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
                        Fruit
            ──────────────────────────────
            [Apples ················· 3 €]
            [Pears ·················· 4 €]
                        Basket
            ──────────────────────────────
            [2 × Apples ············· 6 €]
            [6 × Plums ·············· 6 €]
                     Basket
            ────────────────────────
            [2 × Apples ······· 6 €]
            [6 × Plums ········ 6 €]
                        Basket
            ──────────────────────────────
            [2 × Apples ············· 6 €]
            [6 × Plums ·············· 6 €]

            """)
    }
}

@Suite(.offThePool) struct UnknownComponentCLITests {
    @Test func renderingWithoutAComponentSaysSoAndStillSucceeds() throws {
        let result = try HubProcess.run(["render", "--features", "Examples/Embedding/Basket", "shop:basket", "--width", "30"])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix(" 2 × Apples                 6\n 6 × Plums                  6\n"), "the default row stands in")
        #expect(result.errors == "hub: Examples/Embedding/Basket/feature.lua:12: note: no component 'shop:price' is registered; "
            + "its models are drawn by the fallback for their category\n")
    }
}

/// What an app embedding Hub builds against: the example needs only the embeddable products
/// (no tools, no bridge to Lua's C API), and the bridge is no product at all.
@Suite struct EmbeddingSurfaceTests {
    private static func text(_ path: String) throws -> String {
        try String(contentsOf: HubProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theExampleUsesTheEmbeddableProductsAloneAndTheBridgeIsNoProduct() throws {
        let manifest = try Self.text("Package.swift")
        let products = manifest.matches(of: /\.(?:library|executable)\(name: "(\w+)"/).map { String($0.1) }
        #expect(products == ["HubCore", "HubData", "HubRender", "HubLua", "HubTools", "HubHTTP", "HubSQLite", "HubPostgres", "HubServer", "hub"])
        let example = try #require(manifest.firstMatch(of: /name: "HubEmbeddingExample", dependencies: \[([^\]]*)\]/))
        #expect(example.1 == #""HubCore", "HubRender", "HubLua""#)
        let imports = try Self.text("Examples/Embedding/main.swift").split(separator: "\n")
            .compactMap { $0.wholeMatch(of: /import (\w+)/).map { String($0.1) } }
        #expect(imports == ["Foundation", "HubCore", "HubLua", "HubRender"])
    }
}
