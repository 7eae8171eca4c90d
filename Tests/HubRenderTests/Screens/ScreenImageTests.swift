import HubCore
import Testing

@testable import HubRender

/// Image loading for a screen's header, body and overlay components: Hub Framework's view
/// controller tests ("Images"), headless.
@Suite struct ScreenImageTests {
    /// `testHeaderComponentImageLoading`, `testOverlayComponentImageLoading`
    @Test(arguments: [ComponentType.header, .overlay])
    func theMainBackgroundAndCustomImagesOfAHeaderOrOverlayAreRequested(type: ComponentType) throws {
        let fixture = try ScreenFixture { builder in
            let component = builder.builder(type, "overlay")
            component.title = "Images"
            component.mainImageURL = "https://image.com/main.jpg"
            component.backgroundImageURL = "https://image.com/background.jpg"
            component.customImageDataBuilder("custom").url = "https://image.com/custom.jpg"
        }
        let screen = try fixture.open()
        #expect(fixture.images.requests.isEmpty, "images load when the component is drawn")
        _ = screen.render()
        #expect(fixture.images.requests == [
            "https://image.com/main.jpg", "https://image.com/background.jpg", "https://image.com/custom.jpg",
        ])
        fixture.images.complete("https://image.com/custom.jpg")
        #expect(fixture.component.images.keys.sorted() == ["custom"])
    }

    /// `testBodyComponentImageLoading`
    @Test func aBodyComponentGetsItsLocalImageAtOnceAndItsRemoteImagesWhenTheyLoad() throws {
        let fixture = try ScreenFixture { builder in
            let component = builder.bodyBuilder("body")
            component.mainImageURL = "https://image.com/main.jpg"
            component.mainImageDataBuilder.localImage = "local.png"
            component.backgroundImageURL = "https://image.com/background.jpg"
            component.customImageDataBuilder("custom").url = "https://image.com/custom.jpg"
        }
        let screen = try fixture.open()
        _ = screen.render()
        #expect(fixture.component.images["main"]?.url == "file:local.png", "a local image is delivered synchronously")
        #expect(fixture.component.images["background"] == nil)
        #expect(fixture.images.requests == [
            "https://image.com/main.jpg", "https://image.com/background.jpg", "https://image.com/custom.jpg",
        ], "the main image's URL is loaded too")
        fixture.images.complete("https://image.com/background.jpg")
        #expect(fixture.component.images["background"]?.url == "https://image.com/background.jpg")
    }

    /// `testMissingImageLoadingContextHandled`
    @Test func aCompletionNobodyWaitsForIsIgnored() throws {
        let fixture = try ScreenFixture { $0.bodyBuilder("body").mainImageURL = "https://image.com/main.jpg" }
        let screen = try fixture.open()
        _ = screen.render()
        fixture.images.complete("https://image.com/main.jpg")
        #expect(fixture.component.images["main"]?.url == "https://image.com/main.jpg")
        fixture.component.prepareForReuse()
        fixture.images.complete("https://image.com/main.jpg")
        #expect(fixture.component.images.isEmpty, "the load was delivered already: nothing waits for it")
    }

    /// `testReloadingImage`
    @Test func anImageLoadsAgainWhenItsComponentIsReusedForItsModelAgain() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("a").mainImageURL = "https://image.com/a.jpg"
            builder.bodyBuilder("b").mainImageURL = "https://image.com/b.jpg"
        }
        let screen = try fixture.open(height: 3)
        _ = screen.render()
        fixture.images.complete("https://image.com/a.jpg")
        #expect(fixture.component.images["main"]?.url == "https://image.com/a.jpg")
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(fixture.component.images.isEmpty, "reused for b: its images were cleared")
        fixture.images.complete("https://image.com/b.jpg")
        screen.scroll(by: -1)
        _ = screen.render()
        #expect(fixture.component.images.isEmpty)
        fixture.images.complete("https://image.com/a.jpg")
        #expect(fixture.component.images["main"]?.url == "https://image.com/a.jpg")
        #expect(fixture.images.requests == ["https://image.com/a.jpg", "https://image.com/b.jpg", "https://image.com/a.jpg"])
        #expect(fixture.component.numberOfReuses == 2)
    }
}
