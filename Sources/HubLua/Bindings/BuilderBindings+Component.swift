import HubCore
import HubRender
import LuaBridge

// `hub.ComponentBuilder`: a component of the view model an operation builds.

extension BuilderBindings {
    /// `tostring(component)`: its id and component.
    static func describe(component builder: ComponentModelBuilder) -> String {
        "ComponentBuilder(\"\(builder.modelIdentifier)\", \(builder.componentIdentifier))"
    }

    /// How the deferred properties named by `slots` (in slot order) take the values C kept:
    /// all of a component's at once, written into its state (see ``LuaDeferredWrites``); a
    /// handle's component is found through its parent, and created first when it is staged.
    static func componentWrites(slots: [String]) -> LuaDeferredWrites {
        let components = IdentifierCache()
        let fields: [DeferredField] = slots.map { name in
            if name == ComponentFieldName.component { return .component }
            guard let position = ComponentFields.texts.firstIndex(where: { $0.name == name }) else {
                preconditionFailure("no way to write the deferred property '\(name)'")
            }
            return .text(position)
        }
        return LuaDeferredWrites { stack, index, written in
            func write(_ state: inout ComponentState) {
                LuaDeferredWrites.forEachWrite(stack, object: index, written) { slot, value in
                    switch fields[slot - 1] {
                    case .component:
                        guard let identifier = components.identifier(stack, at: value) else { return }
                        state.namespace = identifier.namespace
                        state.name = identifier.name
                    case .text(let position):
                        state.fields.setText(at: position, to: stack.string(at: value))
                    }
                }
            }
            guard let handle = LuaHandle(stack, at: index) else {
                component.object(stack, at: index)?.modify(write)
                return
            }
            handle.withParent(stack, of: index) { identifier in
                if let layer = ComponentLayer(step: handle.step) {
                    let parent = handle.parentObject(stack, as: ViewModelBuilder.self)
                    parent?.modifyComponent(in: layer, identifier, creating: handle.isStaged, write)
                } else {
                    component.object(stack, at: -1)?.modifyChild(identifier, creating: handle.isStaged, write)
                }
            }
        }
    }

    /// What a deferred property of `hub.ComponentBuilder` writes: the component, or the text
    /// field at a position of ``ComponentFields/texts``.
    private enum DeferredField {
        case component
        case text(Int)
    }

    /// The builder a handle of `hub.ComponentBuilder` at `index` names (see `LuaHandle`).
    @Sendable static func resolveHandle(_ stack: LuaStack, _ index: Int32) -> ComponentModelBuilder? {
        guard let handle = LuaHandle(stack, at: index) else { return nil }
        return handle.withParent(stack, of: index) { identifier in
            if let layer = ComponentLayer(step: handle.step) {
                return handle.parentObject(stack, as: ViewModelBuilder.self)?.componentBuilder(in: layer, identifier)
            }
            return component.object(stack, at: -1)?.childBuilder(existing: identifier)
        }
    }

    /// The methods of `hub.ComponentBuilder`.
    var componentMethods: LuaMethods<ComponentModelBuilder> {
        LuaMethods(self, [
            "custom_image": BuilderBindings.customImage,
            "child": BuilderBindings.child,
            "children": BuilderBindings.children,
            "children_in_group": BuilderBindings.childrenInGroup,
            "has_child": BuilderBindings.hasChild,
            "remove_child": BuilderBindings.removeChild,
            "remove": BuilderBindings.remove,
            "set": BuilderBindings.set,
            "add_json": BuilderBindings.addJSON,
        ]).staging(["child": .child], handles: Self.component)
    }

    /// `row:custom_image(key)`: the custom image `key`, created if new.
    private func customImage(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        Self.image.push(stack, builder.customImageDataBuilder(try stack.checkString(2, "custom_image")))
        return 1
    }

    /// `row:child(id)` or `row:child { id = ..., ... }`: a child component, created if new.
    private func child(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        try getOrCreate(stack, function: "child", below: builder.nesting) { builder.childBuilder($0) }
    }

    /// `row:children()`: the child components, in order.
    private func children(_ stack: LuaStack, _ builder: ComponentModelBuilder) -> Int32 {
        Self.push(stack, list: builder.childBuilders)
        return 1
    }

    /// `row:children_in_group(group)`: the child components of a group, in order.
    private func childrenInGroup(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        Self.push(stack, list: builder.childBuilders(inGroup: try stack.checkString(2, "children_in_group")) ?? [])
        return 1
    }

    /// `row:has_child(id)`: whether there is a child component `id`.
    private func hasChild(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        stack.push(builder.hasChild(try stack.checkString(2, "has_child")))
        return 1
    }

    /// `row:remove_child(id)`.
    private func removeChild(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        builder.removeChild(try stack.checkString(2, "remove_child"))
        return 0
    }

    /// `row:remove()`: removes the component from its parent.
    private func remove(_ stack: LuaStack, _ builder: ComponentModelBuilder) -> Int32 {
        builder.removeFromParent()
        return 0
    }

    /// `row:set { key = value, ... }`: sets several fields at once; returns the component.
    private func set(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        try stack.checkTable(2, "set")
        try apply(stack, table: 2, to: builder, function: "set")
        stack.pushValue(1)
        return 1
    }

    /// `row:add_json(text_or_table)`: adds fields given as a JSON object, in the feature's schema.
    private func addJSON(_ stack: LuaStack, _ builder: ComponentModelBuilder) throws -> Int32 {
        try Self.checkNesting(below: builder.nesting, "add_json")
        guard let dictionary = try stack.jsonArgument(2, "add_json").objectValue else {
            throw LuaRaise(message: "add_json: a component's JSON must be an object")
        }
        builder.addJSON(dictionary: dictionary)
        return 0
    }
}

/// The component identifier last read from a Lua string, kept with the string's bytes: a
/// feature sets the same few components row after row, and a match saves splitting the text
/// and making the identifier's strings again.
final class IdentifierCache {
    private var bytes: [UInt8] = []
    private var identifier: Identifier?

    /// The identifier the string at `index` names; nil when it is not a string or not
    /// `namespace:name`.
    func identifier(_ stack: LuaStack, at index: Int32) -> Identifier? {
        stack.withStringBytes(at: index) { text -> Identifier? in
            if let identifier, bytes.withUnsafeBytes(text.hasSameBytes(as:)) { return identifier }
            guard let parsed = Identifier(string: String(decoding: text, as: UTF8.self)) else { return nil }
            bytes = Array(text)
            identifier = parsed
            return parsed
        } ?? nil
    }
}

extension ComponentLayer {
    /// The layer of a handle reached from its view by `step`; nil for a child.
    init?(step: LuaHandleStep) {
        switch step {
        case .body: self = .body
        case .overlay: self = .overlay
        case .child: return nil
        }
    }
}
