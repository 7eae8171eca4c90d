import HubCore
import HubRender
internal import LuaBridge

// `hub.ComponentBuilder`: a component of the view model an operation builds.

extension BuilderBindings {
    /// `tostring(component)`: its id and component.
    static func describe(component builder: ComponentModelBuilder) -> String {
        "ComponentBuilder(\"\(builder.modelIdentifier)\", \(builder.componentIdentifier))"
    }

    /// How the deferred properties named by `slots` (in slot order) take the values C kept:
    /// all of a component's at once, written into its state (see ``LuaDeferredWrites``). A
    /// handle's component is found through its parent, and created first when it is staged; a
    /// run of handles of one view's body (or overlays) is written in one edit of the view.
    static func componentWrites(slots: [String]) -> LuaDeferredWrites {
        let components = IdentifierCache()
        let fields: [DeferredField] = slots.map { name in
            if name == ComponentFieldName.component { return .component }
            guard let position = ComponentFields.texts.firstIndex(where: { $0.name == name }) else {
                preconditionFailure("no way to write the deferred property '\(name)'")
            }
            return .text(position)
        }
        func write(_ object: LuaFlushedObject, into state: inout ComponentState) {
            object.forEachWrite { slot, bytes in
                switch fields[slot - 1] {
                case .component:
                    guard let identifier = components.identifier(bytes) else { return }
                    state.namespace = identifier.namespace
                    state.name = identifier.name
                case .text(let position):
                    state.fields.setText(at: position, to: LuaFlushedObject.string(bytes))
                }
            }
        }
        return LuaDeferredWrites { stack, objects in
            var start = objects.startIndex
            while start < objects.endIndex {
                let first = objects[start]
                guard let step = first.step, let layer = ComponentLayer(step: step) else {
                    writeOne(first, stack) { write(first, into: &$0) }
                    start += 1
                    continue
                }
                var end = start + 1
                while end < objects.endIndex, objects[end].isReached(as: first) { end += 1 }
                first.target(as: ViewModelBuilder.self)?.modifyComponents(in: layer) { edit in
                    for position in start..<end {
                        let handle = objects[position]
                        guard let identifier = handle.identifier else { continue }
                        edit(identifier, handle.isStaged) { write(handle, into: &$0) }
                    }
                }
                start = end
            }
        }
    }

    /// Runs `write` on the state of the component that `object` (an object, or a child's
    /// handle) names; on a new child first when the handle is staged.
    private static func writeOne(_ object: LuaFlushedObject, _ stack: LuaStack, _ write: (inout ComponentState) -> Void) {
        guard object.step != nil else {
            object.target(as: ComponentModelBuilder.self)?.modify(write)
            return
        }
        guard let identifier = object.identifier else { return }
        if let parent = object.target(as: ComponentModelBuilder.self) {
            return parent.modifyChild(identifier, creating: object.isStaged, write)
        }
        // The parent is a handle itself: resolved through Lua.
        object.withPushed(stack) { index in
            _ = LuaHandle(stack, at: index)?.withParent(stack, of: index) { _ in
                component.object(stack, at: -1)?.modifyChild(identifier, creating: object.isStaged, write)
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

    /// The identifier `text` names; nil when it is nil or not `namespace:name`.
    func identifier(_ text: UnsafeRawBufferPointer?) -> Identifier? {
        guard let text else { return nil }
        if let identifier, bytes.withUnsafeBytes(text.hasSameBytes(as:)) { return identifier }
        guard let parsed = Identifier(string: String(decoding: text, as: UTF8.self)) else { return nil }
        bytes = Array(text)
        identifier = parsed
        return parsed
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
