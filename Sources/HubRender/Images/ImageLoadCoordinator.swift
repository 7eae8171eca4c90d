import HubCore

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
        guard wrapper.conformances.contains(.imageHandling), let model = wrapper.model, model.hasImageData,
            let component = wrapper.component as? any ComponentWithImageHandling, component.handlesImages
        else { return }
        for slot in model.imageSlots {
            guard let data = model.imageData(in: slot) else { continue }
            let size = component.preferredImageSize(for: data, model: model, containerSize: containerSize)
            guard size.width > 0, size.height > 0 else { continue }
            // A local image shows at once, and the image at the URL (if any) is still loaded, as
            // in Hub Framework.
            if let local = data.localImage, let image = loader.loadLocalImage(named: local, targetSize: size) {
                component.imageDidLoad(image, for: data, model: model, animated: false)
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
