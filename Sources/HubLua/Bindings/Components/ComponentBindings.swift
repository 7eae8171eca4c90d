import HubCore
import HubRender
internal import LuaBridge

/// Registers Lua components into the manager's component registry: `hub.component { ... }` and
/// `hub.components(namespace, resolver)` (per folder: a namespace belongs to one folder).
/// Registers the `hub.Canvas` class components draw with.
final class ComponentBindings {
    let lua: LuaState
    let problems: ProblemLog
    private let registry: ComponentRegistry
    /// How many times `hub.component` registered a component (a hot reload compares counts).
    private(set) var registrations = 0
    /// The factory of each namespace Lua components were registered in.
    private var namespaces = FolderNamespaces<LuaComponentFactory>(kind: "component")

    /// Where scripts registered what, for `hub check`.
    private let ledger: RegistrationLedger

    init(lua: LuaState, registry: ComponentRegistry, problems: ProblemLog, ledger: RegistrationLedger) {
        self.lua = lua
        self.registry = registry
        self.problems = problems
        self.ledger = ledger
        CanvasBindings.register(lua.stack)
    }

    /// Removes from the registry the component namespaces `folder` registered.
    func rollBack(_ folder: FeatureFolder) {
        namespaces.rollBack(folder) { registry.unregisterFactory(forNamespace: $0) }
    }

    /// `hub.component { id = "ns:name", traits = {...}, size = fn, render = fn, ... }`.
    func registerComponent(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.checkTable(1, "hub.component")
        try call.chargeMemory(LuaStack.registrationSize)
        let (identifier, spec) = try call.argument(1, "hub.component") {
            let identifier = try call.field(1, "id", call.identifier(at:))
            return (identifier, try componentSpec(call, at: 1, name: identifier.description))
        }
        try factory(for: identifier.namespace, folder: folder).define(name: identifier.name, spec: spec)
        ledger.record("component", identifier.description, at: call.location(level: 1), folder: folder.path)
        registrations += 1
        return 0
    }

    /// `hub.components("ns", function(name) return spec_or_nil end)`.
    func registerResolver(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        try call.setResolver("hub.components", lua: lua) { try factory(for: $0, folder: folder) }
    }

    /// The factory of `namespace`, created and registered if new; another folder's is an error.
    private func factory(for namespace: String, folder: FeatureFolder) throws -> LuaComponentFactory {
        try namespaces.factory(
            for: namespace, folder: folder,
            make: { LuaComponentFactory(bindings: self, namespace: namespace) },
            register: { [registry] factory throws(RegistrationError) in try registry.register(factory, forNamespace: namespace) })
    }

    /// Checks the component table at `index` and keeps it: traits, `size` and `render`, and
    /// which optional functions it has. Other keys are typos, unless they start with `_`.
    func componentSpec(_ call: LuaStack, at index: Int32, name: String) throws -> LuaComponentFactory.Spec {
        let table = call.absolute(index)
        try TableKeys.check(
            call, table: table, known: ["id", "traits", "size", "render"] + LuaComponent.optionalFunctions,
            owner: "component '\(name)'", privatePrefix: "_")
        var traits: Set<LayoutTrait> = []
        call.rawField(table, "traits")
        defer { call.pop() }
        if call.type(at: -1) == .table {
            for position in stride(from: 1, through: call.rawLength(-1), by: 1) {
                call.rawIndex(-1, position)
                defer { call.pop() }
                let trait = try LuaValueError.inField("traits[\(position)]") { try call.requiredString(at: -1) }
                traits.insert(LayoutTrait(rawValue: trait))
            }
        } else if !call.isNil(-1) {
            throw LuaRaise(message: "component '\(name)': 'traits' must be a list of strings, got \(call.typeName(at: -1))")
        }
        for function in ["size", "render"] {
            call.rawField(table, function)
            defer { call.pop() }
            guard call.type(at: -1) == .function else {
                throw LuaRaise(message: "component '\(name)' needs a '\(function)' function")
            }
        }
        var functions: Set<String> = []
        for function in LuaComponent.optionalFunctions {
            call.rawField(table, function)
            defer { call.pop() }
            if call.type(at: -1) == .function {
                functions.insert(function)
            } else if !call.isNil(-1) {
                throw LuaRaise(message: "component '\(name)': '\(function)' must be a function, got \(call.typeName(at: -1))")
            }
        }
        call.pushValue(table)
        return LuaComponentFactory.Spec(table: lua.reference(popping: call), traits: traits, functions: functions)
    }

    /// Asks a `hub.components` resolver for the component `name`; nil when it has none (or fails,
    /// which is reported).
    func resolveComponent(_ resolver: LuaReference, name: String, namespace: String) -> LuaComponentFactory.Spec? {
        problems.attempt(namespace, context: "components '\(namespace)'") {
            try lua.call(resolver, arguments: { $0.push(name); return 1 }) { stack in
                stack.type(at: -1) == .table ? try componentSpec(stack, at: -1, name: "\(namespace):\(name)") : nil
            }
        }
    }
}
