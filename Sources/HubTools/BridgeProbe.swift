import HubCore
import HubLua
internal import LuaBridge

/// A Lua state for measuring what crossing the bridge costs (benchmarks). Its globals hold
/// `host_noop`, a Swift function that does nothing, called through Hub's trampoline; `c_noop`,
/// a C function that does nothing, registered as Lua's own are (the floor); and `row`, a
/// component builder (`hub.ComponentBuilder`) whose properties scripts set.
public final class BridgeProbe {
    private let lua: LuaState
    /// Holds the builder classes' methods, which hold it weakly.
    private let bindings = BuilderBindings()
    /// The view `row` belongs to.
    private let view = ViewModelBuilder()

    /// A probe whose scripts each run under a budget of `instructionBudget` instructions
    /// (0: none, so no instruction hook).
    public init(instructionBudget: Int = 0) throws(ScriptError) {
        do throws(LuaError) {
            lua = try LuaState()
        } catch {
            throw ScriptError(error)
        }
        lua.instructionBudget = instructionBudget
        let stack = lua.stack
        bindings.register(stack)
        LuaBridge.pushFunction(stack) { _ in 0 }
        stack.setGlobal("host_noop")
        stack.registerProbeFunction()
        BuilderBindings.component.push(stack, view.bodyBuilder("row"))
        stack.setGlobal("row")
    }

    /// Runs `source` with the standard library and the globals above, and returns its first
    /// `results` results as numbers (0 for those that are not).
    public func run(_ source: String, results: Int) throws(ScriptError) -> [Double] {
        do throws(LuaError) {
            try lua.load(source, chunkName: "=probe")
            try lua.call(arguments: 0, results: Int32(results))
        } catch {
            throw ScriptError(error)
        }
        let stack = lua.stack
        defer { stack.pop(Int32(results)) }
        return (0..<Int32(results)).map { stack.number(at: $0 - Int32(results)) ?? 0 }
    }
}
