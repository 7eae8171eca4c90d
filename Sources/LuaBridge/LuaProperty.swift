/// A property of a Lua class: how to read it and, unless it is read-only, how to set it.
package struct LuaProperty<Object: AnyObject> {
    /// Pushes exactly one value: the property of the object.
    package typealias Getter = (LuaStack, Object) throws -> Void
    /// Sets the property of the object to the value at the index given; a value it does not
    /// take is a `LuaValueError`.
    package typealias Setter = (LuaStack, Object, Int32) throws -> Void

    /// Reads the property.
    package let get: Getter
    /// Sets the property; nil when it is read-only.
    package let set: Setter?
    /// The values C keeps until Swift next looks, for the class's ``LuaDeferredWrites`` to set
    /// then; nil when every value goes to `set` at once.
    package let deferred: LuaDeferredKind?
    /// Whether the object keeps the value `get` first gives (unless nil), which C then answers
    /// reads with: for a value that stays the same as long as the object lives.
    package var isKept = false

    /// A read-only property.
    package static func readOnly(_ get: @escaping Getter) -> LuaProperty {
        LuaProperty(get: get, set: nil, deferred: nil)
    }

    /// A read-only property whose value stays the same as long as the object lives: Swift
    /// gives it once, then the object keeps it, and reading it costs a script a table lookup
    /// (no call into Swift).
    package static func kept(_ get: @escaping Getter) -> LuaProperty {
        LuaProperty(get: get, set: nil, deferred: nil, isKept: true)
    }

    /// A property that can be set.
    package static func readWrite(get: @escaping Getter, set: @escaping Setter) -> LuaProperty {
        LuaProperty(get: get, set: set, deferred: nil)
    }

    /// A property that can be set whose values of `kind` C keeps, for the class's
    /// ``LuaDeferredWrites`` to set when Swift next looks; others are set by `set`. Scripts
    /// cannot tell the difference: a read, a call into Swift or the end of the script hands
    /// kept values over first.
    package static func deferring(_ kind: LuaDeferredKind, get: @escaping Getter, set: @escaping Setter) -> LuaProperty {
        LuaProperty(get: get, set: set, deferred: kind)
    }
}
