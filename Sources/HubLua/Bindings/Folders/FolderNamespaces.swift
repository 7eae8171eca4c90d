import HubCore
internal import LuaBridge

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

/// A namespace's factory that can ask a Lua function for the names it was not given.
protocol ResolvingFactory: AnyObject {
    /// The `function(name)` of `hub.components` or `hub.actions`.
    var resolver: LuaReference? { get set }
}

extension LuaStack {
    /// `hub.components("ns", function(name) ... end)` and `hub.actions(...)`, as `function`:
    /// checks both arguments and makes the function the resolver of the namespace's factory.
    func setResolver<Factory: ResolvingFactory>(
        _ function: String, lua: LuaState, factory: (String) throws -> Factory
    ) throws -> Int32 {
        let namespace = try checkString(1, function)
        try checkFunction(2, function)
        let factory = try factory(namespace)
        pushValue(2)
        factory.resolver = lua.reference(popping: self)
        return 0
    }
}
