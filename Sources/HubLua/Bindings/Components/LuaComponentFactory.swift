import HubCore
import HubRender
internal import LuaBridge

/// The components of one namespace defined by `hub.component` or `hub.components`.
final class LuaComponentFactory: ComponentFactory, ResolvingFactory {
    /// A checked component table and what it offers.
    struct Spec {
        var table: LuaReference
        var traits: Set<LayoutTrait>
        var functions: Set<String>
    }

    let namespace: String
    /// Weak: screens (and so their components) may outlive the runtime.
    private weak var bindings: ComponentBindings?
    private var specs: [String: Spec] = [:]
    /// The `function(name) -> spec or nil` of `hub.components`.
    var resolver: LuaReference?

    init(bindings: ComponentBindings, namespace: String) {
        self.bindings = bindings
        self.namespace = namespace
    }

    func define(name: String, spec: Spec) {
        specs[name] = spec
    }

    func createComponent(named name: String) -> (any Component)? {
        guard let bindings else { return nil }
        if specs[name] == nil, let resolver, let spec = bindings.resolveComponent(resolver, name: name, namespace: namespace) {
            specs[name] = spec
        }
        guard let spec = specs[name] else { return nil }
        return LuaComponent(bindings: bindings, identifier: Identifier(namespace: namespace, name: name), spec: spec)
    }
}
