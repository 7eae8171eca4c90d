import CLua
import CLuaShim

/// What C may keep of a deferred property's values until Swift next looks (see
/// `hub_class_newindex`): values of any other type go to the property's setter.
package enum LuaDeferredKind: Int {
    /// A string, or nil (`HUB_DEFER_TEXT`).
    case text = 1
    /// An ASCII string with exactly one `:` (`namespace:name`, `HUB_DEFER_IDENTIFIER`).
    case identifier = 2
}

/// How a class takes the writes C kept for one of its objects: `apply(stack, object, written)`
/// reads the object at stack index `object` and, for each bit `s - 1` set in `written`, the
/// value of slot `s`, kept as the object's user value `s`. It runs where Lua must not raise,
/// so it cannot fail: C kept only values the property takes.
package final class LuaDeferredWrites {
    package let apply: (LuaStack, Int32, UInt64) -> Void

    package init(_ apply: @escaping (LuaStack, Int32, UInt64) -> Void) {
        self.apply = apply
    }
}

extension LuaDeferredWrites {
    /// Calls `body` with each slot `s` written (bit `s - 1` of `written`), in slot order, and
    /// the stack index of its value: the object at `object`'s user value `s`, pushed for the
    /// call.
    package static func forEachWrite(_ stack: LuaStack, object: Int32, _ written: UInt64, _ body: (Int, Int32) -> Void) {
        var rest = written
        while rest != 0 {
            let slot = rest.trailingZeroBitCount + 1
            rest &= rest - 1
            lua_getiuservalue(stack.L, object, Int32(slot))
            body(slot, -1)
            stack.pop()
        }
    }
}
