import CLuaShim

/// What C may keep of a deferred property's values until Swift next looks (see
/// `hub_class_newindex`): values of any other type go to the property's setter.
enum LuaDeferredKind: Int {
    /// A string, or nil.
    case text = 1
    /// An ASCII string with exactly one `:` (`namespace:name`).
    case identifier = 2

    /// The code of `slot` in its class's slot table, which tells C to keep its values.
    func code(slot: Int) -> Int {
        slot + Int(HUB_DEFER_CODE) * rawValue
    }
}

/// How a class takes the writes C kept for one of its objects: `apply(stack, object, written)`
/// reads the object at stack index `object` and, for each bit `s - 1` set in `written`, the
/// value of slot `s`, kept as the object's user value `s`. It runs where Lua must not raise,
/// so it cannot fail: C kept only values the property takes.
final class LuaDeferredWrites {
    let apply: (LuaStack, Int32, UInt64) -> Void

    init(_ apply: @escaping (LuaStack, Int32, UInt64) -> Void) {
        self.apply = apply
    }
}
