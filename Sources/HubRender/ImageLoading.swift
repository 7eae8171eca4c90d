import Foundation
import HubCore

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

/// Why an image did not load.
public struct ImageLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Int, Sendable {
        /// Any failure without a more specific code, e.g. no data for the URI.
        case unknown = 0
        /// The data is not a valid image.
        case invalidData = 1
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, e.g. the URI that could not be loaded.
    public var message: String

    /// An error of kind `code` with `message`.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

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

/// Image data registered by tests and features for remote URIs, shared by a runtime's loaders.
public final class ImageRegistry {
    private var byteCounts: [String: Int] = [:]

    /// An empty registry.
    public init() {}

    /// Makes `url` load with `byteCount` bytes.
    public func register(url: String, byteCount: Int) {
        byteCounts[url] = byteCount
    }

    /// The byte count registered for `url`, if any.
    public func byteCount(for url: String) -> Int? {
        byteCounts[url]
    }
}

/// An image loader that never touches the network: `file:` URIs and local names resolve in a
/// folder; other URIs load only when data was registered for them, and fail otherwise. It
/// completes on the event loop after `latency` milliseconds.
public final class OfflineImageLoader: ImageLoader {
    private let loop: EventLoop
    private let folder: String?
    /// Where registered remote images come from.
    public let registry: ImageRegistry
    /// Milliseconds before a load completes.
    public var latency: Int
    /// Every URI asked for, in order.
    public private(set) var requests: [String] = []

    /// A loader completing on `loop`, resolving local images inside `folder` and remote ones
    /// from `registry`.
    public init(loop: EventLoop, folder: String? = nil, registry: ImageRegistry = ImageRegistry(), latency: Int = 0) {
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

extension ComponentModel {
    /// The image data in `slot`: `main`, `background`, or a custom image's key.
    func imageData(in slot: ImageSlot) -> ComponentImageData? {
        switch slot {
        case .main: return mainImageData
        case .background: return backgroundImageData
        case .custom(let identifier): return customImageData[identifier]
        }
    }

    /// Every image slot that has image data, main and background first, then custom ones by key.
    var imageSlots: [ImageSlot] {
        var slots: [ImageSlot] = []
        if mainImageData != nil { slots.append(.main) }
        if backgroundImageData != nil { slots.append(.background) }
        slots += customImageData.keys.sorted().map(ImageSlot.custom)
        return slots
    }
}

/// Where on a component model an image sits.
enum ImageSlot: Hashable {
    case main
    case background
    case custom(String)
}

/// Loads the images of the components a screen shows: one load per URI however many components
/// wait for it; a component hears of an image only if its current model still shows that URI in
/// that slot; `animated` when the load took longer than 70 ms.
final class ImageLoadCoordinator {
    private struct Waiter {
        weak var wrapper: ComponentWrapper?
        var slot: ImageSlot
    }

    private let loader: any ImageLoader
    private let now: () -> Int
    private var waiting: [String: (started: Int, waiters: [Waiter])] = [:]

    init(loader: any ImageLoader, now: @escaping () -> Int) {
        self.loader = loader
        self.now = now
    }

    /// Starts loading the images of `wrapper`'s current model that its component wants.
    func loadImages(for wrapper: ComponentWrapper, containerSize: Size) {
        guard let model = wrapper.model, let component = wrapper.component as? any ComponentWithImageHandling,
            component.handlesImages
        else { return }
        for slot in model.imageSlots {
            guard let data = model.imageData(in: slot) else { continue }
            let size = component.preferredImageSize(for: data, model: model, containerSize: containerSize)
            guard size.width > 0, size.height > 0 else { continue }
            if let local = data.localImage {
                if let image = loader.loadLocalImage(named: local, targetSize: size) {
                    component.imageDidLoad(image, for: data, model: model, animated: false)
                }
                continue
            }
            guard let url = data.url else { continue }
            let waiter = Waiter(wrapper: wrapper, slot: slot)
            if waiting[url] != nil {
                waiting[url]?.waiters.append(waiter)
                continue
            }
            waiting[url] = (now(), [waiter])
            loader.loadImage(url: url, targetSize: size) { [weak self] result in
                self?.deliver(result, for: url)
            }
        }
    }

    private func deliver(_ result: Result<LoadedImage, ImageLoadError>, for url: String) {
        guard let entry = waiting.removeValue(forKey: url), case .success(let image) = result else { return }
        let animated = now() - entry.started > 70
        for waiter in entry.waiters {
            guard let wrapper = waiter.wrapper, let model = wrapper.model,
                let data = model.imageData(in: waiter.slot), data.url == url,
                let component = wrapper.component as? any ComponentWithImageHandling
            else { continue }
            component.imageDidLoad(image, for: data, model: model, animated: animated)
        }
    }
}
