import Testing
@testable import HubCore

/// Whether a model has image data, asked of every component a render shows.
@Suite struct ComponentModelImageTests {
    /// The first body component of a view built by `build`.
    private static func model(_ build: (ComponentModelBuilder) -> Void) -> ComponentModel {
        let builder = ViewModelBuilder()
        build(builder.bodyBuilder("row"))
        return builder.build().body[0]
    }

    @Test func aModelHasImageDataWhenItHasAMainBackgroundOrCustomImage() {
        #expect(!Self.model { $0.title = "no images" }.hasImageData)
        #expect(Self.model { $0.mainImageURL = "https://example.com/a.png" }.hasImageData)
        #expect(Self.model { $0.backgroundImageURL = "https://example.com/b.png" }.hasImageData)
        #expect(Self.model { $0.customImageDataBuilder("badge").url = "https://example.com/c.png" }.hasImageData)
        var model = Self.model { $0.mainImageURL = "https://example.com/a.png" }
        model.mainImageData = nil
        #expect(!model.hasImageData)
    }
}
