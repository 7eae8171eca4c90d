import HubRender
internal import LuaBridge

/// `hub.register_image(uri, bytes)`: image data the screens' offline image loaders serve for
/// a remote URI.
final class ImageBindings {
    private let registry: ImageRegistry

    init(registry: ImageRegistry) {
        self.registry = registry
    }

    /// `hub.register_image(uri, bytes)`.
    func registerImage(_ call: LuaStack) throws -> Int32 {
        let url = try call.checkString(1, "hub.register_image")
        let byteCount = try call.checkInt(2, "hub.register_image")
        try call.chargeMemory(LuaStack.registrationSize + url.utf8.count)
        registry.register(url: url, byteCount: byteCount)
        return 0
    }
}
