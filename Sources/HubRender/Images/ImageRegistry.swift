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
