import Testing

@testable import HubCore

// HUBComponentImageDataBuilderTests.m. The builder under test is the custom image
// "identifier" of body component "model"; it is built with the component model. UIImage local
// images are image names in this port.

struct ComponentImageDataBuilderTests {
    private let viewModelBuilder = ViewModelBuilder(configuration: .testing)
    private var component: ComponentModelBuilder { viewModelBuilder.bodyBuilder("model") }
    private var builder: ComponentImageDataBuilder { component.customImageDataBuilder("identifier") }

    private func builtImageData(in viewModelBuilder: ViewModelBuilder? = nil) throws -> ComponentImageData? {
        try builtBodyModel(viewModelBuilder ?? self.viewModelBuilder, "model").customImageData["identifier"]
    }

    @Test func propertyAssignment() throws {
        let builder = self.builder
        builder.url = "https://image.url"
        builder.localImage = "localImage"
        builder.placeholderIconIdentifier = "placeholder"
        builder.customData = ["custom": .string("data")]

        let imageData = try #require(try builtImageData())
        #expect(imageData.identifier == "identifier")
        #expect(imageData.type == .custom)
        #expect(imageData.url == "https://image.url")
        #expect(imageData.localImage == "localImage")
        #expect(imageData.placeholderIcon == Icon(identifier: "placeholder", isPlaceholder: true))
        #expect(imageData.customData == ["custom": .string("data")])
    }

    @Test func emptyBuilderProducingNil() throws {
        _ = builder
        #expect(try builtImageData() == nil)
        let model = try builtBodyModel(viewModelBuilder, "model")
        #expect(model.mainImageData == nil)
        #expect(model.backgroundImageData == nil)
        #expect(model.customImageData.isEmpty)
    }

    @Test func onlyURLNotProducingNil() throws {
        builder.url = "https://image.url"
        let imageData = try #require(try builtImageData())
        #expect(imageData.url == "https://image.url")
    }

    @Test func localImageOnlyNotProducingNil() throws {
        builder.localImage = "localImage"
        let imageData = try #require(try builtImageData())
        #expect(imageData.localImage == "localImage")
    }

    @Test func onlyPlaceholderIconIdentifierNotProducingNil() throws {
        builder.placeholderIconIdentifier = "placeholder"
        let imageData = try #require(try builtImageData())
        #expect(imageData.placeholderIcon?.identifier == "placeholder")
    }

    @Test func customDataOnlyNotProducingNil() throws {
        builder.customData = ["custom": .string("data")]
        let imageData = try #require(try builtImageData())
        #expect(imageData.customData == ["custom": .string("data")])
    }

    @Test func nilIconImageResolverAlwaysResultingInNilPlaceholderIcon() throws {
        let withoutIcons = ViewModelBuilder(configuration: .testingWithoutIcons)
        let builder = withoutIcons.bodyBuilder("model").customImageDataBuilder("identifier")
        builder.placeholderIconIdentifier = "placeholder"
        #expect(try builtImageData(in: withoutIcons) == nil)

        builder.localImage = "localImage"
        let imageData = try #require(try builtImageData(in: withoutIcons))
        #expect(imageData.placeholderIcon == nil)
        #expect(imageData.localImage == "localImage")
    }

    @Test func addingJSONData() throws {
        component.addJSON(dictionary: try jsonObject(
            """
            {"images": {"custom": {"identifier": {
              "uri": "http://cdn.spotify.com/image",
              "placeholder": "place_holder",
              "local": "testImage",
              "custom": {"key": "value"}
            }}}}
            """))

        let builder = self.builder
        #expect(builder.url == "http://cdn.spotify.com/image")
        #expect(builder.placeholderIconIdentifier == "place_holder")
        #expect(builder.localImage == "testImage")
        #expect(builder.customData == ["key": .string("value")])

        let imageData = try #require(try builtImageData())
        #expect(imageData.url == "http://cdn.spotify.com/image")
        #expect(imageData.placeholderIcon?.identifier == "place_holder")
        #expect(imageData.localImage == "testImage")
        #expect(imageData.customData == ["key": .string("value")])
    }

    @Test func addingJSONDataToMainAndBackgroundImages() throws {
        component.addJSON(dictionary: try jsonObject(
            #"{"images": {"main": {"uri": "http://main"}, "background": {"local": "backgroundImage"}}}"#))

        let model = try builtBodyModel(viewModelBuilder, "model")
        #expect(model.mainImageData?.url == "http://main")
        #expect(model.mainImageData?.type == .main)
        #expect(model.backgroundImageData?.localImage == "backgroundImage")
        #expect(model.backgroundImageData?.type == .background)
    }

    @Test func addingJSONDataNotOverridingExistingData() throws {
        let builder = self.builder
        builder.placeholderIconIdentifier = "placeholder"
        builder.url = "https://image.url"
        builder.localImage = "localImage"
        builder.customData = ["custom": .string("data")]

        component.addJSON(dictionary: try jsonObject(#"{"images": {"custom": {"identifier": {}}}}"#))

        #expect(builder.placeholderIconIdentifier == "placeholder")
        #expect(builder.url == "https://image.url")
        #expect(builder.localImage == "localImage")
        #expect(builder.customData == ["custom": .string("data")])
    }

    /// Image JSON only arrives inside component JSON in this port: a non-dictionary image entry
    /// is skipped and adds nothing.
    @Test func addingNonDictionaryJSONDataIsSkipped() throws {
        component.addJSON(dictionary: try jsonObject(
            #"{"images": {"main": "Not a dictionary", "background": [], "custom": {"identifier": "Not a dictionary"}}}"#))

        #expect(!component.hasCustomImageData("identifier"))
        let model = try builtBodyModel(viewModelBuilder, "model")
        #expect(model.mainImageData == nil)
        #expect(model.backgroundImageData == nil)
        #expect(model.customImageData.isEmpty)
    }

    @Test func copying() throws {
        let builder = self.builder
        builder.url = "https://image.url"
        builder.localImage = "localImage"
        builder.placeholderIconIdentifier = "placeholder"
        builder.customData = ["custom": .string("data")]

        let copy = viewModelBuilder.copy().bodyBuilder("model").customImageDataBuilder("identifier")
        #expect(copy.url == "https://image.url")
        #expect(copy.localImage == "localImage")
        #expect(copy.placeholderIconIdentifier == "placeholder")
        #expect(copy.customData == ["custom": .string("data")])

        copy.url = "https://other.url"
        copy.localImage = "otherImage"
        #expect(builder.url == "https://image.url")
        #expect(builder.localImage == "localImage")
    }
}
