/// A Lua value kept alive for Swift in the state's registry, released when the last Swift owner
/// lets go of it (or with the state).
package final class LuaReference {
    /// Weak: a reference may outlive its state; then there is nothing left to release.
    private weak var state: LuaState?
    /// The registry slot.
    package let slot: Int32

    package init(state: LuaState, slot: Int32) {
        self.state = state
        self.slot = slot
    }

    deinit {
        state?.release(slot)
    }
}
