import Foundation
import HubCore

/// An image loader that never touches the network: `file:` URIs and local names resolve in a
/// folder; other URIs load only when data was registered for them, and fail otherwise. It
/// completes on the event loop after `latency` milliseconds.
public final class OfflineImageLoader: ImageLoader {
    private let loop: HubEventLoop
    private let folder: String?
    /// Where registered remote images come from.
    public let registry: ImageRegistry
    /// Milliseconds before a load completes.
    public var latency: Int
    /// Every URI asked for, in order.
    public private(set) var requests: [String] = []

    /// A loader completing on `loop`, resolving local images inside `folder` and remote ones
    /// from `registry`.
    public init(loop: HubEventLoop, folder: String? = nil, registry: ImageRegistry = ImageRegistry(), latency: Int = 0) {
        self.loop = loop
        self.folder = folder
        self.registry = registry
        self.latency = latency
    }

    /// The file a `file:` URI or a local image name stands for, when it is inside the folder.
    public func localFile(for reference: String) -> String? {
        guard let folder else { return nil }
        let relative = reference.hasPrefix("file:") ? String(reference.dropFirst(5)).trimmingPrefix("//") : Substring(reference)
        guard !relative.hasPrefix("/") else { return nil }
        let path = URL(fileURLWithPath: folder).appendingPathComponent(String(relative)).standardizedFileURL.path
        guard path.hasPrefix(folder + "/"), FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    public func loadLocalImage(named name: String, targetSize: Size) -> LoadedImage? {
        guard let path = localFile(for: name),
            let byteCount = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        else { return nil }
        return LoadedImage(url: "file:" + name, size: targetSize, byteCount: byteCount)
    }

    public func loadImage(url: String, targetSize: Size, completion: @escaping (Result<LoadedImage, ImageLoadError>) -> Void) {
        requests.append(url)
        let result: Result<LoadedImage, ImageLoadError>
        if let byteCount = registry.byteCount(for: url) {
            result = .success(LoadedImage(url: url, size: targetSize, byteCount: byteCount))
        } else if url.hasPrefix("file:"), let image = loadLocalImage(named: url, targetSize: targetSize) {
            result = .success(LoadedImage(url: url, size: targetSize, byteCount: image.byteCount))
        } else {
            result = .failure(ImageLoadError(code: .unknown, message: "not loaded: \(url) (no network)"))
        }
        loop.schedule(after: latency) { completion(result) }
    }
}
