import Testing

/// `Examples/Embedding/main.swift`, the program the README shows: Hub embedded in Swift.
@Suite struct EmbeddingExampleTests {
    @Test func printsTheSwiftOnlyScreenThenTheLuaFeatureDrawnByTheSwiftComponent() throws {
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

            """)
    }
}
