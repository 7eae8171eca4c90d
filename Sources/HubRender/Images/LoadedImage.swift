/// An image that has loaded: where it came from and its size in cells.
public struct LoadedImage: Equatable, Sendable {
    /// The URI it was loaded from (`file:` for local images).
    public var url: String
    /// The last path component of the URI, e.g. `tokyo.jpg`.
    public var name: String
    /// The size it was loaded for, in cells.
    public var size: Size
    /// How many bytes it has.
    public var byteCount: Int

    /// An image loaded from `url` for `size`; its name is the URI's last path component.
    public init(url: String, size: Size, byteCount: Int) {
        self.url = url
        name = url.split(separator: "/").last.map(String.init) ?? url
        self.size = size
        self.byteCount = byteCount
    }
}
