import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Nothing a feature script does reaches the shared base, the shared `hub` table or another
/// feature; finalizers (which no hook can stop) are not available.
@Suite struct SandboxEscapeTests {
    /// A runtime with the Sandbox and Neighbour fixtures; runs `attack` in Sandbox's
    /// environment (each line under `pcall`), then returns what the neighbour sees.
    private func neighbourAfter(_ attacks: [String]) throws -> (messages: [String], neighbour: String?) {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), TestPaths.fixture("Neighbour"))
        let calls = attacks.map { "  function() \($0) end," }.joined(separator: "\n")
        let result = try runtime.evaluate(
            """
            local messages = {}
            for i, attack in ipairs({
            \(calls)
            }) do
              local ok, message = pcall(attack)
              messages[i] = ok and "no error" or tostring(message)
            end
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@attack.lua")
        let neighbour = try runtime.open("neighbour:view").viewModel.body.first?.title
        return ((result.arrayValue ?? []).map { $0.stringValue ?? "?" }, neighbour)
    }

    @Test func theSharedBaseCannotBeReachedOrChanged() throws {
        let (messages, neighbour) = try neighbourAfter([
            #"getmetatable(_ENV).__index.tostring = function() return "pwned" end"#,
            #"string.upper = function() return "pwned" end"#,
            #"rawset(string, "upper", function() return "pwned" end)"#,
            "setmetatable(_ENV, {})",
            #"rawset(getmetatable(""), "__index", {})"#,
        ])
        #expect(messages == [
            "attack.lua:3: attempt to index a boolean value",
            "attack.lua:4: cannot set 'upper' in the read-only table 'string'",
            "no error",
            "attack.lua:6: cannot change a protected metatable",
            "attack.lua:7: bad argument #1 to 'rawset' (table expected, got boolean)",
        ])
        #expect(neighbour == "42 OK function [1] 2", "the neighbour's tostring and string.upper are untouched")
    }

    @Test func theSharedHubTableCannotBeReachedOrChanged() throws {
        let (messages, neighbour) = try neighbourAfter([
            #"getmetatable(hub).__index.open = function() return "intercepted" end"#,
            "hub.open = nil",
            "rawset(hub, 'open', false)",
        ])
        #expect(messages == [
            "attack.lua:3: attempt to index a boolean value",
            "attack.lua:4: cannot set 'open' in the read-only table 'hub'",
            "no error",
        ])
        #expect(neighbour == "42 OK function [1] 2", "the neighbour's hub.open is untouched")
    }

    @Test func theSharedHubsSubTablesCannotBeChanged() throws {
        let (messages, neighbour) = try neighbourAfter([
            #"hub.json.encode = function() return "PWNED" end"#,
            #"rawset(hub.json, "decode", function() return { "PWNED" } end)"#,
            "return getmetatable(hub.json).__index",
        ])
        #expect(messages == [
            "attack.lua:3: cannot set 'encode' in the read-only table 'hub.json'",
            "no error",
            "attack.lua:5: attempt to index a boolean value",
        ])
        #expect(neighbour == "42 OK function [1] 2", "the neighbour's hub.json is untouched")
    }

    @Test func anOperationsCoroutineCannotBeResumedOrClosedByAScript() throws {
        let runtime = try makeHostileRuntime(
            """
            stolen = nil
            hub.feature { id = "forge", uri = "forge:view", operations = {
              hub.operation { name = "victim", perform = function(ctx)
                stolen = coroutine.running()
                ctx.view:body("slept").title = select("#", hub.sleep(100)) .. " values"
              end },
            } }
            hub.feature { id = "thief", uri = "thief:view", operations = { function(ctx)
              local resumed, message = coroutine.resume(stolen, "forged")
              local closed, problem = pcall(coroutine.close, stolen)
              ctx.view:body("thief").title = tostring(resumed) .. ": " .. message .. " / " .. tostring(closed) .. ": " .. problem
            end } }
            """, chunk: "forge.lua")
        let victim = try runtime.open("forge:view", options: .init(load: false))
        victim.appear()
        let thief = try runtime.open("thief:view")
        #expect(thief.viewModel.body.first?.title == "false: cannot resume a coroutine that Hub runs (an operation's or an action's) / "
            + "false: cannot close a coroutine that Hub runs (an operation's or an action's)")
        runtime.manager.settle(victim)
        #expect(victim.viewModel.body.first?.title == "0 values", "the sleep ended as Hub ended it, not with the forged value")
        #expect(try othersStillWork(runtime))
    }

    @Test func finalizersAreNotAvailable() throws {
        let (messages, _) = try neighbourAfter([
            "setmetatable({}, { __gc = function() while true do end end })",
            // Lua takes this one, and marks the object: a function stored in the field later
            // would run as its finalizer.
            "local mt = { __gc = false } setmetatable({}, mt) mt.__gc = function() while true do end end",
            "setmetatable({}, { __mode = 'k' })",
        ])
        #expect(messages == [
            "attack.lua:3: setmetatable: __gc finalizers are not available to feature scripts",
            "attack.lua:4: setmetatable: __gc finalizers are not available to feature scripts",
            "no error",
        ])
    }

    @Test func markersCannotCarryData() throws {
        let (messages, _) = try neighbourAfter(["rawset(hub.each, 'x', 1)"])
        #expect(messages == ["attack.lua:3: bad argument #1 to 'rawset' (table expected, got function)"])
    }
}
