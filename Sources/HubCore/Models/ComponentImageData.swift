/// Which image slot of a component model an image belongs to.
public enum ComponentImageType: String, Sendable {
    /// The main image.
    case main
    /// The background image.
    case background
    /// One of the custom images, by key.
    case custom
}

/// An image of a component model: where to load it from and what to show until then.
public struct ComponentImageData: Equatable, Sendable {
    /// nil for the main and background images; the custom image's key otherwise.
    public var identifier: String?
    /// The image slot the image belongs to.
    public var type: ComponentImageType
    /// A remote image's URI.
    public var url: String?
    /// The icon shown until the image is loaded (only when an icon resolver exists).
    public var placeholderIcon: Icon?
    /// The name of a local image, resolved in the feature folder.
    public var localImage: String?
    /// Free-form data for the image.
    public var customData: JSONDictionary?
}
