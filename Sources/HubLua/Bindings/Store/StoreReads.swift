import HubCore

/// What one run of an operation read from the store: keys, and the prefixes it listed. A
/// change to any of them reschedules the chain from that operation.
struct StoreReads {
    private var keys: Set<StoreKey> = []
    /// Listed prefixes, as keys whose name is the prefix.
    private var prefixes: Set<StoreKey> = []

    /// Whether the run read nothing.
    var isEmpty: Bool { keys.isEmpty && prefixes.isEmpty }

    mutating func record(_ key: StoreKey) {
        keys.insert(key)
    }

    mutating func record(prefix: String, in namespace: String) {
        prefixes.insert(StoreKey(namespace: namespace, name: prefix))
    }

    /// Whether a change of `key` changes what the run read (nil: any key may have changed).
    func covers(_ key: StoreKey?) -> Bool {
        guard let key else { return !isEmpty }
        return keys.contains(key) || prefixes.contains { $0.namespace == key.namespace && key.name.utf8.starts(with: $0.name.utf8) }
    }
}
