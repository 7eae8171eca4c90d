import Foundation
import HubCore
package import LuaBridge

/// The Lua classes of the builders: `hub.ViewBuilder`, `hub.ComponentBuilder`,
/// `hub.ImageBuilder`, `hub.TargetBuilder` (the names docs/components.md lists, snake_case), whose members
/// `BuilderBindings+View.swift`, `+Component.swift` and `+Image.swift` declare. Members reach
/// the other classes through their static handles, so that no class's closures hold another's
/// (a view's `header` gives components, a component's `target` targets, a target's `view`
/// views) in a cycle that outlives the runtime.
package final class BuilderBindings {
    /// `hub.ViewBuilder`.
    static let view = LuaClass<ViewModelBuilder>(name: "hub.ViewBuilder", nesting: \.nesting, lifetime: lifetime())
    /// `hub.ComponentBuilder`.
    package static let component = LuaClass<ComponentModelBuilder>(
        name: "hub.ComponentBuilder", resolveHandle: resolveHandle, nesting: \.nesting, lifetime: lifetime())
    /// `hub.ImageBuilder`.
    static let image = LuaClass<ComponentImageDataBuilder>(name: "hub.ImageBuilder", lifetime: lifetime())
    /// `hub.TargetBuilder`.
    static let target = LuaClass<ComponentTargetBuilder>(name: "hub.TargetBuilder", lifetime: lifetime())

    /// A builder lasts as long as the run it was given to.
    private static func lifetime<Builder: BuilderRun & SendableMetatype>() -> LuaRunLifetime<Builder> {
        LuaRunLifetime(run: { $0.run }) { builder in
            builder.endedRun.map { "used after its run ended (\($0)): a builder lasts as long as its operation's run" }
        }
    }

    /// The properties of `hub.ComponentBuilder`, which tables that set several at once
    /// (`view:body { ... }`, `row:set { ... }`) set too.
    let componentProperties: [String: LuaProperty<ComponentModelBuilder>]
    /// The names of the same properties, sorted: a property's slot is its position here.
    private let slotNames: [String]
    /// Their setters, by slot (nil for a read-only property).
    private let slotSetters: [LuaProperty<ComponentModelBuilder>.Setter?]
    /// Their names' bytes one after the other, and where each slot's are, which the keys of such
    /// tables are matched against.
    private let slotBytes: [UInt8]
    private let slotRanges: [Range<Int>]

    /// Where scripts named components, while `hub check` traces them.
    package let origins: ComponentOrigins

    package init() {
        let origins = ComponentOrigins()
        self.origins = origins
        let properties = LuaField.properties(Self.componentFields(origins: origins))
        let names = properties.keys.sorted()
        var start = 0
        componentProperties = properties
        slotNames = names
        slotSetters = names.map { properties[$0]?.set }
        slotBytes = names.flatMap(\.utf8)
        slotRanges = names.map { name in
            defer { start += name.utf8.count }
            return start..<start + name.utf8.count
        }
        assert(names.count <= UInt64.bitWidth, "component slots must fit in a bit set")
    }

    /// Creates the four classes' metatables in `stack`'s state.
    package func register(_ stack: LuaStack) {
        // Components first: the view's staged methods make handles of theirs. C stages
        // components only well above the nesting limit, leaving deeper ones to Swift to check.
        assert(LuaHandle.stagedNesting < Self.maximumNesting)
        Self.component.register(
            stack, describe: Self.describe(component:), properties: componentProperties, methods: componentMethods,
            deferredWrites: Self.componentWrites(slots:))
        Self.view.register(stack, describe: Self.describe(view:), properties: Self.viewProperties, methods: viewMethods)
        Self.image.register(stack, describe: { "ImageBuilder(uri: \($0.url ?? "nil"))" }, properties: Self.imageProperties)
        Self.target.register(
            stack, describe: { "TargetBuilder(uri: \($0.uri ?? "nil"))" }, properties: Self.targetProperties, methods: targetMethods)
    }

    // MARK: Components

    /// Swift bytes a component model builder takes besides its strings, as the memory limit
    /// counts it.
    static let componentSize = 256

    /// How many steps below its root view model a component made by a script may lie (a
    /// target's initial view model is a step too): whatever walks a model deeper than that
    /// would run out of stack. JSON a script adds nests components at most half
    /// `JSONParser.maximumDepth` further (each is an object in an array).
    static let maximumNesting = 128

    /// Raises, for `function`, when a component made in a builder `nesting` deep would lie
    /// deeper than ``maximumNesting``.
    static func checkNesting(below nesting: Int, _ function: String) throws {
        guard nesting < maximumNesting else {
            throw LuaRaise(message: "\(function): components may nest at most \(maximumNesting) deep")
        }
    }

    /// `view:body(id)` or `view:body { id = ..., ... }` (and `overlay`, `child`): gets or
    /// creates the component with `make` in a builder `nesting` deep, then sets the table's
    /// other fields on it.
    func getOrCreate(
        _ stack: LuaStack, function: String, below nesting: Int, _ make: (String) -> ComponentModelBuilder
    ) throws -> Int32 {
        try Self.checkNesting(below: nesting, function)
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
        // Keys are matched against the names by their bytes, and each known field's value is
        // copied onto the stack as the pairs are walked, its position kept by slot; the fields
        // are then set in slot order (the order of their names). A table of known fields costs
        // no String for its keys, no allocation and no second lookup of its values.
        let table = stack.absolute(table)
        let base = stack.top
        guard stack.ensureRoom(Int32(slotNames.count) + 3) else { throw LuaRaise(message: "\(function): too many fields") }
        defer { stack.pop(stack.top - base) }
        // Only the first unknown key in name order is reported (as setting the fields one by one
        // in that order would), so only it is kept, however many a table has.
        var firstUnknown: String?
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: slotNames.count) { positions in
            positions.initialize(repeating: 0)
            try stack.forEachPair(table) {
                guard stack.type(at: -2) == .string else {
                    throw LuaRaise(message: "component fields must have string keys, got \(stack.typeName(at: -2))")
                }
                guard let slot = stack.withStringBytes(at: -2, slot(named:)) ?? nil else {
                    let key = stack.string(at: -2) ?? ""
                    if firstUnknown.map({ key < $0 }) ?? true { firstUnknown = key }
                    return
                }
                stack.pushValue(-1)
                stack.insert(at: -3)  // below the key, which the walk goes on from
                positions[slot] = stack.top - 2
            }
            try stack.argument(table, function) {
                for slot in positions.indices where positions[slot] != 0 && slotNames[slot] != "id" {
                    let name = slotNames[slot]
                    if let firstUnknown, firstUnknown < name { throw unknownField(firstUnknown) }
                    guard let set = slotSetters[slot] else { throw unknownField(name) }
                    try LuaValueError.inField(name) { try set(stack, builder, positions[slot]) }
                }
                if let firstUnknown { throw unknownField(firstUnknown) }
            }
        }
    }

    /// The error for setting `key`, which is not a settable component field, with the field it
    /// is likely a typo of.
    private func unknownField(_ key: String) -> LuaRaise {
        let settable = slotNames.indices.filter { slotSetters[$0] != nil }.map { slotNames[$0] }
        let hint = TableKeys.suggestion(for: key, in: settable)
        return LuaRaise(message: "cannot set unknown field '\(key)' of \(Self.component.name)\(hint)")
    }

    /// The slot of the component property whose name is `key`; nil for none.
    private func slot(named key: UnsafeRawBufferPointer) -> Int? {
        slotBytes.withUnsafeBytes { bytes in
            slotRanges.firstIndex { UnsafeRawBufferPointer(rebasing: bytes[$0]).hasSameBytes(as: key) }
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
