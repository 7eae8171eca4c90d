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

/// How a class takes the writes C kept for its objects: `apply(stack, objects)` applies, in
/// order, each object's writes (see ``LuaFlushedObject``). It runs where Lua must not raise
/// nor allocate, so it cannot fail: C kept only values the property takes.
package final class LuaDeferredWrites {
    package let apply: (LuaStack, LuaFlushedObjects) -> Void

    package init(_ apply: @escaping (LuaStack, LuaFlushedObjects) -> Void) {
        self.apply = apply
    }
}

/// The objects one flush hands a class's ``LuaDeferredWrites``, in the order their writes came
/// (`hub_pending_flush`); valid only during the call.
package struct LuaFlushedObjects: RandomAccessCollection {
    let objects: UnsafeBufferPointer<hub_flushed>
    let values: UnsafePointer<hub_flushed_value>

    package var startIndex: Int { objects.startIndex }
    package var endIndex: Int { objects.endIndex }

    package subscript(position: Int) -> LuaFlushedObject {
        precondition(objects.indices.contains(position), "flushed object \(position) out of \(objects.count)")
        return LuaFlushedObject(flushed: objects.baseAddress.unsafelyUnwrapped + position, values: values)
    }
}

/// An object whose writes C kept, or a handle whose component waits to be created: read from
/// what C gathered, with no call into Lua (but ``withPushed(_:_:)``).
package struct LuaFlushedObject {
    private let object: UnsafePointer<hub_flushed>
    private let values: UnsafePointer<hub_flushed_value>

    init(flushed: UnsafePointer<hub_flushed>, values: UnsafePointer<hub_flushed_value>) {
        object = flushed
        self.values = values
    }

    /// Runs `body` with the object pushed, at the stack index it is given: how a handle whose
    /// parent is a handle is resolved.
    package func withPushed<Result>(_ stack: LuaStack, _ body: (Int32) -> Result) -> Result {
        lua_rawgeti(stack.L, object.pointee.table, lua_Integer(object.pointee.position))
        defer { stack.pop() }
        return body(stack.absolute(-1))
    }

    /// How a handle is reached from its parent; nil for an object.
    package var step: LuaHandleStep? { LuaHandleStep(code: object.pointee.step) }
    /// Whether it is a handle whose component waits to be created.
    package var isStaged: Bool { object.pointee.staged != 0 }

    /// The Swift object its writes go through, taken on trust as an `Object`: an object's own,
    /// or a handle's parent's (C makes a handle only with a parent whose metatable it checked,
    /// `hub_class_stage`); nil when the parent is a handle.
    package func target<Object: AnyObject>(as: Object.Type) -> Object? {
        object.pointee.target.map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Whether it is reached as `other` is: the same step from the same Swift object.
    package func isReached(as other: LuaFlushedObject) -> Bool {
        object.pointee.step == other.object.pointee.step && object.pointee.target == other.object.pointee.target
    }

    /// A handle's identifier; nil for an object.
    package var identifier: String? {
        object.pointee.identifier.bytes.map { String(luaBytes: $0, count: object.pointee.identifier.length) }
    }

    /// Calls `body` with each slot `s` written (bit `s - 1`), in slot order, and its value: a
    /// string's bytes, nil for nil.
    package func forEachWrite(_ body: (Int, UnsafeRawBufferPointer?) -> Void) {
        var rest = object.pointee.written
        var value = values + Int(object.pointee.first_value)
        while rest != 0 {
            let slot = rest.trailingZeroBitCount + 1
            rest &= rest - 1
            body(slot, value.pointee.bytes.map { UnsafeRawBufferPointer(start: $0, count: value.pointee.length) })
            value += 1
        }
    }

    /// The text a written value holds; nil for nil.
    package static func string(_ bytes: UnsafeRawBufferPointer?) -> String? {
        bytes.flatMap { bytes in bytes.baseAddress.map { String(luaBytes: $0, count: bytes.count) } }
    }
}
