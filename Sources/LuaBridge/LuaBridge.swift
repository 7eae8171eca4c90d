import CLua
import CLuaShim

/// A Swift function callable from Lua. It reads its arguments from the calling thread's stack,
/// pushes its results and returns their count, or throws to raise a Lua error.
package typealias LuaFunction = (LuaStack) throws -> Int32

/// Holds a Swift function for the C trampoline (upvalue 1 of its closure).
package final class LuaFunctionBox {
    package let body: LuaFunction

    package init(_ body: @escaping LuaFunction) {
        self.body = body
    }
}

/// The bridge between the C trampoline and Swift closures and objects.
///
/// Lua calls every Swift function through `hub_trampoline`; the Swift dispatcher below catches
/// every Swift error, pushes its message and returns `HUB_RAISE`, and C raises the Lua error
/// after the Swift frame is gone. Objects reach Lua as full userdata holding a retained
/// pointer, released exactly once by `__gc`.
package enum LuaBridge {
    /// The metatable name of Swift function boxes.
    package static let functionTypeName = "hub.function"

    private static let installed: Bool = {
        hub_set_dispatcher(dispatch)
        hub_set_flusher(flushDeferredWrites)
        return true
    }()

    package static func installDispatcher() {
        _ = installed
    }

    /// What a call of a Swift function costs the instruction budget by default: about what
    /// Lua runs in the time a small host call takes.
    package static let defaultCallCost = 100

    /// Pushes a Lua function that runs `body`; each call costs `cost` instructions of the
    /// running budget (more for functions that do a lot of host work, such as opening a screen).
    package static func pushFunction(_ stack: LuaStack, cost: Int = defaultCallCost, _ body: @escaping LuaFunction) {
        pushClosure(stack, hub_trampoline, cost: cost, body)
    }

    /// Pushes a C closure of `function` (the trampoline, or a C function that ends by calling
    /// it) whose upvalue 1 runs `body` at `cost` a call, and whose next upvalues are the
    /// `upvalues` values on top of the stack, which it pops.
    package static func pushClosure(
        _ stack: LuaStack, _ function: lua_CFunction, cost: Int = defaultCallCost, upvalues: Int32 = 0, _ body: @escaping LuaFunction
    ) {
        pushBlock(stack, LuaFunctionBox(body), cost: cost)
        stack.insert(at: -1 - upvalues)
        lua_pushcclosure(stack.L, function, 1 + upvalues)
    }

    /// `[-0, +1]` Pushes a function block (`hub_function_block`) holding `box` retained until
    /// Lua collects it, at `cost` a call.
    package static func pushBlock(_ stack: LuaStack, _ box: AnyObject, cost: Int = 0) {
        guard let raw = clua_newuserdata(stack.L, MemoryLayout<hub_function_block>.size) else { return }
        let block = raw.bindMemory(to: hub_function_block.self, capacity: 1)
        block.initialize(to: hub_function_block(box: Unmanaged.passRetained(box).toOpaque(), cost: cost))
        ensureMetatable(stack, functionTypeName)
        lua_setmetatable(stack.L, -2)
    }

    /// Pushes `object` as a full userdata (a `hub_object_block`) with the metatable `typeName`
    /// (created bare if new); for a class that defers writes (the metatable's
    /// `hub_class_data_key()`), with a user value for each slot it defers. `nesting` is how
    /// deep a builder lies in its view model (`hub_object_block.nesting`), `run` the run it
    /// belongs to (`hub_object_block.run`).
    package static func pushObject(_ stack: LuaStack, _ object: AnyObject, typeName: String, nesting: Int = 0, run: UInt64 = 0) {
        ensureMetatable(stack, typeName)
        lua_rawgetp(stack.L, -1, hub_class_data_key())
        let data = lua_touserdata(stack.L, -1).map(OpaquePointer.init)
        stack.pop()
        let userValues = data.map(hub_class_user_values) ?? 0
        guard let raw = lua_newuserdatauv(stack.L, MemoryLayout<hub_object_block>.size, userValues) else { return }
        raw.bindMemory(to: hub_object_block.self, capacity: 1)
            .initialize(to: hub_object_block(
                object: Unmanaged.passRetained(object).toOpaque(), data: data, written: 0, run: run, step: 0, staged: 0,
                depth: 0, nesting: UInt16(clamping: nesting)))
        stack.insert(at: -2)
        lua_setmetatable(stack.L, -2)
    }

    /// Pushes the metatable `typeName`, creating it with `__name`, `__gc` and `__metatable` if new.
    /// Returns true when it was created now.
    @discardableResult
    package static func ensureMetatable(_ stack: LuaStack, _ typeName: String) -> Bool {
        // withCString reads a native string's bytes in place; passing the String as a C string
        // would copy them into a new array on every object pushed.
        guard typeName.withCString({ luaL_newmetatable(stack.L, $0) }) != 0 else { return false }
        stack.push(false)
        stack.setRawField(-2, "__metatable")
        lua_pushcclosure(stack.L, releaseTrampoline, 0)
        stack.setRawField(-2, "__gc")
        return true
    }

    /// The object of type `typeName` at `index`, or nil when it is not one (or was released).
    package static func object<Object: AnyObject>(_ stack: LuaStack, at index: Int32, typeName: String, as: Object.Type) -> Object? {
        guard let block = typeName.withCString({ luaL_testudata(stack.L, index, $0) }) else { return nil }
        let pointer = block.load(as: UnsafeMutableRawPointer?.self)
        guard let pointer else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? Object
    }

    /// The object at `index` when it is a userdata whose metatable is the table at address
    /// `metatable` (which only objects of type `Object` get); nil otherwise (or when released).
    /// Comparing the metatable's address saves looking the type's name up in the registry.
    package static func object<Object: AnyObject>(_ stack: LuaStack, at index: Int32, metatable: UnsafeRawPointer, as: Object.Type) -> Object? {
        guard let block = lua_touserdata(stack.L, index), lua_getmetatable(stack.L, index) != 0 else { return nil }
        let matches = lua_topointer(stack.L, -1) == metatable
        stack.pop()
        guard matches, let pointer = block.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// `__gc` of every bridged userdata: releases the Swift object once and clears the pointer.
private func releaseObject(_ L: OpaquePointer?) -> Int32 {
    guard let L, let block = lua_touserdata(L, 1) else { return 0 }
    if let pointer = block.load(as: UnsafeMutableRawPointer?.self) {
        block.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
    return 0
}

private let releaseTrampoline: @convention(c) (OpaquePointer?) -> Int32 = { L in releaseObject(L) }

/// The Swift dispatcher every trampoline call enters, with the box of the function to call.
private let dispatch: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { L, box in
    guard let L, let box else { return 0 }
    let stack = LuaStack(L)
    do {
        // The closure's block keeps the box alive while Lua can call it: using it unretained
        // saves a retain and a release per call.
        return try Unmanaged<LuaFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { try $0.body(stack) }
    } catch let raise as LuaRaise {
        let location = stack.location(level: 1)
        stack.push(location + raise.message)
    } catch let raise as LuaRaiseValue {
        raise.push(stack)
    } catch let error as LuaError {
        stack.push(error.description)
    } catch {
        stack.push(stack.location(level: 1) + String(describing: error))
    }
    return HUB_RAISE
}

/// The Swift side of `hub_pending_flush`: hands the writes C kept to their class's applier.
private let flushDeferredWrites: @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<hub_flushed>?, Int32, UnsafePointer<hub_flushed_value>?
) -> Void = { L, box, objects, count, values in
    guard let L, let box, let objects, let values, count > 0 else { return }
    let flushed = LuaFlushedObjects(objects: UnsafeBufferPointer(start: objects, count: Int(count)), values: values)
    Unmanaged<LuaDeferredWrites>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.apply(LuaStack(L), flushed) }
}
