import HubTestThreads
import Testing

/// `Examples/Embedding/main.swift`, the program the README shows: Hub embedded in Swift.
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
