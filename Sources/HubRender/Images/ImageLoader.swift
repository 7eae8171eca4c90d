/// Loads images by URI; completes later (never synchronously) with the image or an error.
public protocol ImageLoader: AnyObject {
    /// Loads the image at `url` for `targetSize` and calls `completion` with it or an error.
    func loadImage(url: String, targetSize: Size, completion: @escaping (Result<LoadedImage, ImageLoadError>) -> Void)

    /// A local image by name, at once; nil when there is no such image (the default).
    func loadLocalImage(named name: String, targetSize: Size) -> LoadedImage?
}

extension ImageLoader {
    public func loadLocalImage(named name: String, targetSize: Size) -> LoadedImage? { nil }
}
