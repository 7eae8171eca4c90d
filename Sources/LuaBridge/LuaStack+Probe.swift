import CLuaShim

extension LuaStack {
    /// `[-0, +0]` Sets the global `c_noop`: a C function that does nothing, registered as Lua's
    /// own libraries register theirs, the floor of what calling from Lua costs (benchmarks).
    package func registerProbeFunction() {
        hub_probe_register(L)
    }
}
