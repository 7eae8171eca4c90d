import HubCore

/// Creates the image loader of each screen (one loader per screen, as the original's view
/// controllers each had their own).
public protocol ImageLoaderFactory {
    /// A new loader for a screen of `feature` (nil: a view of no feature, e.g. a JSON file).
    func createImageLoader(for feature: FeatureRegistration?) -> any ImageLoader
}

/// Creates offline image loaders: local images resolve in the feature's resource folder, remote
/// ones load only when registered in `registry`, and loads complete on `loop`.
public struct OfflineImageLoaderFactory: ImageLoaderFactory {
    /// The loop loads complete on.
    public let loop: HubEventLoop
    /// Where registered remote images come from.
    public let registry: ImageRegistry

    /// A factory whose loaders complete on `loop` and serve `registry`'s images.
    public init(loop: HubEventLoop, registry: ImageRegistry) {
        self.loop = loop
        self.registry = registry
    }

    public func createImageLoader(for feature: FeatureRegistration?) -> any ImageLoader {
        OfflineImageLoader(loop: loop, folder: feature?.resourceFolder, registry: registry)
    }
}
