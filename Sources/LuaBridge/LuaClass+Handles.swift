import CLua
import CLuaShim

// Handles: userdata of a class that hold no Swift object but name one by their parent and an
// identifier (`hub_object_block.step`), made in C by staged methods (`hub_class_stage`). They
// have their own metatable, the class's but for `__gc`, so that Lua frees them as plain
// memory, with no finalizer to call and nothing for Swift to release.

extension LuaClass {
    /// `[-0, +0]` Creates the (empty) metatable of the class's handles and keeps it in the
    /// class's metatable at `metatable`; returns its address.
    package func pushHandleMetatable(_ stack: LuaStack, of metatable: Int32) -> UnsafeRawPointer? {
        stack.newTable()
        let address = lua_topointer(stack.L, -1)
        lua_rawsetp(stack.L, metatable, hub_handles_key())
        return address
    }

    /// `[-0, +0]` Gives the handles' metatable every field of the class's metatable at
    /// `metatable` but `__gc`, once the class's metatable is complete.
    package func fillHandleMetatable(_ stack: LuaStack, of metatable: Int32) {
        lua_rawgetp(stack.L, metatable, hub_handles_key())
        let handles = stack.absolute(-1)
        stack.pushNil()
        while lua_next(stack.L, metatable) != 0 {
            if stack.string(at: -2) == "__gc" {
                stack.pop()
                continue
            }
            stack.pushValue(-2)
            stack.insert(at: -2)
            lua_rawset(stack.L, handles)
        }
        stack.pop()
    }

    /// `[-0, +1]` Pushes the metatable of the class's handles (registered already), for the
    /// staged methods of other classes that make them.
    package func pushHandleMetatable(_ stack: LuaStack) {
        name.withCString { _ = lua_getfield(stack.L, CLUA_REGISTRYINDEX, $0) }  // luaL_getmetatable
        lua_rawgetp(stack.L, -1, hub_handles_key())
        stack.remove(at: -2)
    }

    /// The object the handle at `index` names, when it is a userdata whose metatable is the
    /// table at address `metatable` (the class's handles'); nil otherwise.
    package func handle(_ stack: LuaStack, _ index: Int32, metatable: UnsafeRawPointer?) -> Object? {
        guard let resolveHandle, let metatable, lua_getmetatable(stack.L, index) != 0 else { return nil }
        let matches = lua_topointer(stack.L, -1) == metatable
        stack.pop()
        return matches ? resolveHandle(stack, stack.absolute(index)) : nil
    }
}

/// A handle on the stack (see `hub_object_block`): how it is reached from its parent, and where
/// its parent and identifier are kept.
package struct LuaHandle {
    /// How deep the components C stages may nest at most (`HUB_STAGED_NESTING`): a staged
    /// method called on a builder deeper than that runs its Swift method, which can refuse.
    package static let stagedNesting = Int(HUB_STAGED_NESTING)

    /// How the handle is reached from its parent.
    package let step: LuaHandleStep
    /// The user values holding the parent (a userdata) and the identifier (a string).
    package let parentSlot: Int32
    package let identifierSlot: Int32

    /// The handle at `index`; nil when the value there is not a handle (an object, or no
    /// bridged userdata). Only bridged userdata reach the callers, through their class.
    package init?(_ stack: LuaStack, at index: Int32) {
        guard let raw = lua_touserdata(stack.L, index) else { return nil }
        let block = raw.assumingMemoryBound(to: hub_object_block.self).pointee
        guard let step = LuaHandleStep(code: Int32(block.step)), let data = block.data else { return nil }
        self.step = step
        parentSlot = hub_class_user_values(data) + 1
        identifierSlot = parentSlot + 1
    }

    /// The Swift object of the parent `withParent` pushed, taken on trust as an `Object`: C
    /// makes a handle only with a parent whose metatable it checked (`hub_class_stage`), and
    /// scripts cannot change a userdata's user values. nil when the parent is a handle itself.
    package func parentObject<Object: AnyObject>(_ stack: LuaStack, as: Object.Type) -> Object? {
        guard let raw = lua_touserdata(stack.L, -1),
              let pointer = raw.assumingMemoryBound(to: hub_object_block.self).pointee.object else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with the handle at `index`'s parent pushed (at -1) and its identifier; nil
    /// when the identifier is missing.
    package func withParent<Result>(_ stack: LuaStack, of index: Int32, _ body: (String) -> Result?) -> Result? {
        lua_getiuservalue(stack.L, index, identifierSlot)
        let identifier = stack.string(at: -1)
        stack.pop()
        guard let identifier else { return nil }
        lua_getiuservalue(stack.L, index, parentSlot)
        defer { stack.pop() }
        return body(identifier)
    }
}

/// How a handle is reached from its parent: a view's body or overlay component, or a
/// component's child.
package enum LuaHandleStep {
    case body
    case overlay
    case child

    /// Its `HUB_STEP_*`.
    package var code: Int32 {
        switch self {
        case .body: return HUB_STEP_BODY
        case .overlay: return HUB_STEP_OVERLAY
        case .child: return HUB_STEP_CHILD
        }
    }

    /// The step of `code`; nil for an object's 0.
    package init?(code: Int32) {
        switch code {
        case HUB_STEP_BODY: self = .body
        case HUB_STEP_OVERLAY: self = .overlay
        case HUB_STEP_CHILD: self = .child
        default: return nil
        }
    }
}
