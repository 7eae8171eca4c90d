import HubCore
import HubRender

/// The components of one namespace defined by `hub.component` or `hub.components`.
final class LuaComponentFactory: ComponentFactory {
    struct Spec {
        var reference: Int32
        var traits: Set<LayoutTrait>
        var functions: Set<String>
    }

    let owner: String
    let namespace: String
    /// Weak: screens (and so their components) may outlive the runtime.
    private weak var runtime: HubRuntime?
    private var specs: [String: Spec] = [:]
    /// A registry reference to `function(name) -> spec or nil` from `hub.components`.
    var resolver: Int32?

    init(runtime: HubRuntime, namespace: String, owner: String) {
        self.runtime = runtime
        self.namespace = namespace
        self.owner = owner
    }

    func define(name: String, spec: Spec) {
        specs[name] = spec
    }

    func createComponent(named name: String) -> (any Component)? {
        guard let runtime else { return nil }
        if specs[name] == nil, let resolver, let spec = runtime.resolveComponent(resolver, name: name, namespace: namespace) {
            specs[name] = spec
        }
        guard let spec = specs[name] else { return nil }
        return LuaComponent(
            runtime: runtime, identifier: Identifier(namespace: namespace, name: name), specReference: spec.reference,
            traits: spec.traits, functions: spec.functions)
    }
}
