import HubCore

/// The namespaces feature folders registered Lua factories in (components, actions): each
/// belongs to the folder that registered it first, and goes with that folder when it is rolled
/// back.
struct FolderNamespaces<Factory: AnyObject> {
    /// What the factories make, for messages: `component` or `action`.
    let kind: String
    private var factories: [String: (factory: Factory, owner: String)] = [:]

    init(kind: String) {
        self.kind = kind
    }

    /// The factory of `namespace` for `folder`: its own, or one `make` creates and `register`
    /// registers; another folder's namespace (or one registered by Swift) is an error.
    mutating func factory(
        for namespace: String, folder: FeatureFolder, make: () -> Factory,
        register: (Factory) throws(RegistrationError) -> Void
    ) throws -> Factory {
        if let existing = factories[namespace] {
            guard existing.owner == folder.displayPath else {
                throw LuaRaise(message: "\(kind) namespace '\(namespace)' belongs to '\(existing.owner)'")
            }
            return existing.factory
        }
        let factory = make()
        do {
            try register(factory)
        } catch {
            throw LuaRaise(message: error.message)
        }
        factories[namespace] = (factory, folder.displayPath)
        return factory
    }

    /// Forgets the namespaces `folder` registered, calling `unregister` with each.
    mutating func rollBack(_ folder: FeatureFolder, unregister: (String) -> Void) {
        for (namespace, entry) in factories where entry.owner == folder.displayPath {
            unregister(namespace)
            factories[namespace] = nil
        }
    }
}
