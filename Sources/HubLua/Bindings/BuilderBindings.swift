import HubCore

/// The Lua classes of the builders: `hub.ViewBuilder`, `hub.ComponentBuilder`,
/// `hub.ImageBuilder`, `hub.TargetBuilder` (DESIGN.md §3 names, snake_case), whose members
/// `BuilderBindings+View.swift`, `+Component.swift` and `+Image.swift` declare. Members reach
/// the other classes through their static handles, so that no class's closures hold another's
/// (a view's `header` gives components, a component's `target` targets, a target's `view`
/// views) in a cycle that outlives the runtime.
final class BuilderBindings {
    /// `hub.ViewBuilder`.
    static let view = LuaClass<ViewModelBuilder>(name: "hub.ViewBuilder")
    /// `hub.ComponentBuilder`.
    static let component = LuaClass<ComponentModelBuilder>(name: "hub.ComponentBuilder")
    /// `hub.ImageBuilder`.
    static let image = LuaClass<ComponentImageDataBuilder>(name: "hub.ImageBuilder")
    /// `hub.TargetBuilder`.
    static let target = LuaClass<ComponentTargetBuilder>(name: "hub.TargetBuilder")

    /// The properties of `hub.ComponentBuilder`, which tables that set several at once
    /// (`view:body { ... }`, `row:set { ... }`) set too.
    let componentProperties = BuilderBindings.makeComponentProperties()

    /// Creates the four classes' metatables in `stack`'s state.
    func register(_ stack: LuaStack) {
        Self.view.register(stack, describe: Self.describe(view:), properties: Self.viewProperties, methods: viewMethods)
        Self.component.register(
            stack, describe: Self.describe(component:), properties: componentProperties, methods: componentMethods)
        Self.image.register(stack, describe: { "ImageBuilder(uri: \($0.url ?? "nil"))" }, properties: Self.imageProperties)
        Self.target.register(
            stack, describe: { "TargetBuilder(uri: \($0.uri ?? "nil"))" }, properties: Self.targetProperties, methods: targetMethods)
    }

    // MARK: Components

    /// Swift bytes a component model builder takes besides its strings, as the memory limit
    /// counts it.
    static let componentSize = 256

    /// `view:body(id)` or `view:body { id = ..., ... }` (and `overlay`, `child`): gets or
    /// creates the component with `make`, then sets the table's other fields on it.
    func getOrCreate(_ stack: LuaStack, function: String, _ make: (String) -> ComponentModelBuilder) throws -> Int32 {
        try stack.chargeMemory(Self.componentSize)
        guard stack.type(at: 2) == .table else {
            Self.component.push(stack, make(try stack.checkString(2, function)))
            return 1
        }
        stack.rawField(2, "id")
        let identifier = stack.string(at: -1)
        stack.pop()
        guard let identifier else {
            throw stack.argumentError(2, function, "the table needs a string 'id'")
        }
        let builder = make(identifier)
        try apply(stack, table: 2, to: builder, function: function)
        Self.component.push(stack, builder)
        return 1
    }

    /// Sets every field of the table at argument `table` of `function` (except `id`) on
    /// `builder`, as `row.key = value` would, in the order of their names.
    func apply(_ stack: LuaStack, table: Int32, to builder: ComponentModelBuilder, function: String) throws {
        var keys: [String] = []
        try stack.forEachPair(table) {
            guard let key = stack.string(at: -2) else {
                throw LuaRaise(message: "component fields must have string keys, got \(stack.typeName(at: -2))")
            }
            if key != "id" { keys.append(key) }
        }
        try stack.argument(table, function) {
            for key in keys.sorted() {
                guard let set = componentProperties[key]?.set else {
                    throw LuaRaise(message: "cannot set unknown field '\(key)' of \(Self.component.name)")
                }
                try stack.field(table, key) { try set(stack, builder, $0) }
            }
        }
    }

    /// `[-0, +1]` Pushes a list of component builders.
    static func push(_ stack: LuaStack, list builders: [ComponentModelBuilder]) {
        stack.newTable(array: builders.count)
        for (offset, builder) in builders.enumerated() {
            component.push(stack, builder)
            stack.setRawIndex(-2, offset + 1)
        }
    }
}
