/// How much a feature may keep in the store; a feature's `store = { ... }` in `hub.feature`
/// sets them.
public struct StoreLimits: Sendable, Equatable {
    /// The longest key, in bytes of UTF-8.
    public static let maxKeyBytes = 512
    /// The most keys one `list` call returns.
    public static let maxPage = 1_000

    /// The largest value, in bytes of its JSON.
    public var maxValueBytes = HubDefaults.Store.maxValueBytes
    /// The most keys the feature's namespace holds.
    public var maxKeys = HubDefaults.Store.maxKeys

    public init(maxValueBytes: Int = HubDefaults.Store.maxValueBytes, maxKeys: Int = HubDefaults.Store.maxKeys) {
        self.maxValueBytes = maxValueBytes
        self.maxKeys = maxKeys
    }

    /// Why `name` cannot be a key; nil when it can.
    public static func problem(withKey name: String) -> String? {
        if name.isEmpty { return "a key may not be empty" }
        let bytes = name.utf8.count
        if bytes > maxKeyBytes { return "a key may be at most \(maxKeyBytes) bytes long, got \(bytes)" }
        if name.utf8.contains(0) { return "a key may not contain a NUL byte" }
        return nil
    }
}
