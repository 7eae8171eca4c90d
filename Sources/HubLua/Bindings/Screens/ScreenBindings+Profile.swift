import HubCore
import HubRender
internal import LuaBridge

extension ScreenBindings {
    /// `s:profile(fn, { every = N })`: profiles what `fn(s)` does (by default, `s:reload()`):
    /// each operation's time, instructions, memory and waits, and the stacks sampled every
    /// `every` instructions (default 1,000). Returns the profile as a table (see
    /// ``LuaStack/push(profile:)``); an error of `fn` is raised once the profile has stopped.
    func profile(_ stack: LuaStack, _ screen: LuaScreen) throws -> Int32 {
        let function: LuaReference?
        if stack.isNil(2) {
            function = nil
        } else {
            try stack.checkFunction(2, "profile")
            stack.pushValue(2)
            function = runner.lua.reference(popping: stack)
        }
        var every = HubDefaults.Profile.period
        try stack.options(3, "profile", known: ["every"]) {
            every = try stack.integerField(3, "every") ?? every
        }
        guard every > 0 else { throw stack.argumentError(3, "profile", "every must be a positive number of instructions") }
        stack.pushValue(1)
        let screenValue = runner.lua.reference(popping: stack)
        guard runner.startProfile(every: every) else { throw LuaRaise(message: "a profile is on already: profiles do not nest") }
        var failure: (any Error)?
        if let function {
            do {
                try runner.lua.call(function, results: 0, arguments: { $0.push(screenValue); return 1 }) { _ in }
            } catch {
                failure = error
            }
        } else {
            screen.screen.reload()
            manager.settle(screen.screen)
        }
        let profile = runner.stopProfile()
        if let failure { throw failure }
        guard let profile else { throw LuaRaise(message: "the profile was stopped while it ran") }
        stack.push(profile: profile)
        return 1
    }
}
