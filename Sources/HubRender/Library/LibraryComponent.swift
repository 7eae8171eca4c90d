import HubCore

/// What the default components share: an icon resolver, images that loaded for the current
/// model, and drawing image placeholders.
public class LibraryComponent: ComponentWithImageHandling {
    let icons: any IconResolver
    private(set) var loadedImages: [String: LoadedImage] = [:]

    init(icons: any IconResolver) {
        self.icons = icons
    }

    public var layoutTraits: Set<LayoutTrait> { [.fullWidth, .stackable] }

    public func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 1)
    }

    public func render(_ model: ComponentModel, into canvas: TextCanvas) {}

    public func prepareForReuse() {
        loadedImages.removeAll()
    }

    public func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size {
        preferredSize(for: model, containerSize: containerSize)
    }

    public func imageDidLoad(_ image: LoadedImage, for data: ComponentImageData, model: ComponentModel, animated: Bool) {
        loadedImages[key(for: data)] = image
    }

    private func key(for data: ComponentImageData) -> String {
        data.identifier ?? data.type.rawValue
    }

    /// The loaded image for `data`, if it has loaded.
    func loaded(_ data: ComponentImageData) -> LoadedImage? {
        loadedImages[key(for: data)]
    }

    /// The glyph for an icon identifier, or nil.
    func glyph(_ icon: Icon?) -> String? {
        icon.map { icons.glyph(for: $0.identifier) }
    }

    /// A short name for an image: its file name, or its local name.
    static func imageName(_ data: ComponentImageData) -> String {
        if let local = data.localImage { return local }
        if let url = data.url, let last = url.split(separator: "/").last { return String(last) }
        return "image"
    }

    /// One line naming an image: its placeholder glyph (or ▦) and its name, `✓` once loaded.
    func imageLabel(_ data: ComponentImageData) -> String {
        let glyph = glyph(data.placeholderIcon) ?? "▦"
        return glyph + " " + LibraryComponent.imageName(data) + (loaded(data) == nil ? "" : " ✓")
    }

    /// Draws a framed image placeholder filling `canvas`: the image's label and its size.
    func drawImagePlaceholder(_ data: ComponentImageData, in canvas: TextCanvas, style: TextStyle = TextStyle(dim: true)) {
        canvas.box(0, 0, canvas.width, canvas.height, style: style)
        let inner = canvas.width - 4
        guard inner > 0, canvas.height > 2 else { return }
        canvas.text(2, 1, TextLayout.truncate(imageLabel(data), to: inner))
        if canvas.height > 3 {
            canvas.text(2, 2, TextLayout.truncate("\(canvas.width)x\(canvas.height)", to: inner), style: TextStyle(dim: true))
        }
    }
}

/// Creates the `default` namespace's components.
public struct DefaultComponentFactory: ComponentFactory {
    /// The namespace the library registers under.
    public static let namespace = "default"
    /// Every component name the library knows.
    public static let names = [
        "row", "header", "card", "carousel", "sectionHeader", "image", "label", "activityIndicator", "searchBar",
        "colorContainer",
    ]

    private let icons: any IconResolver

    /// A factory whose components show icons through `icons`.
    public init(icons: any IconResolver = DefaultIconResolver()) {
        self.icons = icons
    }

    public func createComponent(named name: String) -> (any Component)? {
        switch name {
        case "row": return RowComponent(icons: icons)
        case "header": return HeaderComponent(icons: icons)
        case "card": return CardComponent(icons: icons)
        case "carousel": return CarouselComponent(icons: icons)
        case "sectionHeader": return SectionHeaderComponent(icons: icons)
        case "image": return ImageComponent(icons: icons)
        case "label": return LabelComponent(icons: icons)
        case "activityIndicator": return ActivityIndicatorComponent(icons: icons)
        case "searchBar": return SearchBarComponent(icons: icons)
        case "colorContainer": return ColorContainerComponent(icons: icons)
        default: return nil
        }
    }
}

/// Hub's fallback handler: new models default to `default:row` in the `row` category, and an
/// unknown component is stood in for by the default library's component for its category
/// (card, carousel, header, banner → image), a row otherwise, so its texts still show.
public struct DefaultComponentFallbackHandler: ComponentFallbackHandler {
    public var componentDefaults: ComponentDefaults
    private let factory: DefaultComponentFactory

    /// A handler with `componentDefaults` whose fallback components show icons through `icons`.
    public init(componentDefaults: ComponentDefaults = .standard, icons: any IconResolver = DefaultIconResolver()) {
        self.componentDefaults = componentDefaults
        factory = DefaultComponentFactory(icons: icons)
    }

    public func createFallbackComponent(forCategory category: String) -> any Component {
        let name: String
        switch category {
        case ComponentCategory.card: name = "card"
        case ComponentCategory.carousel: name = "carousel"
        case ComponentCategory.header: name = "header"
        case ComponentCategory.banner: name = "image"
        default: name = "row"
        }
        return factory.createComponent(named: name) ?? RowComponent(icons: DefaultIconResolver())
    }
}
