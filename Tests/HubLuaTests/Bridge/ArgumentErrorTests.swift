import HubCore
import Testing
@testable import HubLua

/// Argument errors are numbered as Lua numbers them (`luaL_argerror`): plain calls count from
/// the first argument, method calls (`s:scroll(x)`) do not count `self`, a method called with a
/// dot counts it, and a bad `self` says so.
@Suite struct ArgumentErrorTests {
    /// The messages of each call in `calls` (one per line), run under `pcall` in a feature
    /// environment with a screen `s` open, chunk name `args.lua`.
    private func messages(_ calls: [String]) throws -> [String] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let body = calls.map { "  function() \($0) end," }.joined(separator: "\n")
        let result = try runtime.evaluate(
            """
            hub.feature { id = "args", uri = "args:view", operations = { function(ctx) end } }
            local s = hub.open("args:view")
            local calls = {
            \(body)
            }
            local messages = {}
            for i, call in ipairs(calls) do
              local ok, message = pcall(call)
              messages[i] = ok and "no error" or tostring(message)
            end
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@args.lua")
        return (result.arrayValue ?? []).map { $0.stringValue ?? "?" }
    }

    @Test func plainFunctionsCountFromTheirFirstArgument() throws {
        #expect(try messages([
            #"hub.after("soon", function() end)"#,
            #"hub.after(10, "later")"#,
            #"hub.register_image("https://x/y.png", "big")"#,
            "hub.open(5)",
            #"hub.open("args:view", 5)"#,
            "hub.schema(5)",
            "hub.factory(5)",
            "hub.json.decode(5)",
            #"hub.sleep("long")"#,
        ]) == [
            "args.lua:4: bad argument #1 to 'hub.after' (number expected, got string)",
            "args.lua:5: bad argument #2 to 'hub.after' (function expected, got string)",
            "args.lua:6: bad argument #2 to 'hub.register_image' (number expected, got string)",
            "args.lua:7: bad argument #1 to 'hub.open' (string expected, got number)",
            "args.lua:8: bad argument #2 to 'hub.open' (table or nil expected, got number)",
            "args.lua:9: bad argument #1 to 'hub.schema' (table expected, got number)",
            "args.lua:10: bad argument #1 to 'hub.factory' (function expected, got number)",
            "args.lua:11: bad argument #1 to 'hub.json.decode' (string or table expected, got number)",
            "args.lua:12: bad argument #1 to 'hub.sleep' (number expected, got string)",
        ])
    }

    @Test func methodsDoNotCountSelf() throws {
        #expect(try messages([
            #"s:scroll("down")"#,
            "s:scroll()",
            #"s:reschedule("missing")"#,
            "s:perform(\"no-colon\")",
            #"s.scroll(s, "down")"#,
        ]) == [
            "args.lua:4: bad argument #1 to 'scroll' (number expected, got string)",
            "args.lua:5: bad argument #1 to 'scroll' (number expected, got no value)",
            "args.lua:6: bad argument #1 to 'reschedule' (no operation named 'missing'; the chain has: args)",
            "args.lua:7: bad argument #1 to 'perform' ('namespace:name' expected, got 'no-colon')",
            "args.lua:8: bad argument #2 to 'scroll' (number expected, got string)",
        ])
    }

    @Test func aBadSelfIsNamedAsSuch() throws {
        #expect(try messages([
            "local t = { render = s.render }; t:render()",
            "s.render({})",
        ]) == [
            "args.lua:4: calling 'render' on bad self (hub.Screen expected, got table)",
            "args.lua:5: bad argument #1 to 'render' (hub.Screen expected, got table)",
        ])
    }

    @Test func builderAndContextMethodsDoNotCountSelf() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local seen = {}
            hub.feature { id = "ctx", uri = "ctx:view", operations = { function(ctx)
              for _, call in ipairs({
                function() ctx:perform_action("plain") end,
                function() ctx.view:body({ title = "no id" }) end,
                function() ctx.view:body(7) end,
                function() ctx.view:body("row"):child({}) end,
              }) do
                local ok, message = pcall(call)
                seen[#seen + 1] = message
              end
            end } }
            hub.open("ctx:view")
            return seen
            """, inFolder: "Fixtures/Sandbox", chunkName: "@ctx.lua")
        #expect(result == .array([
            .string("ctx.lua:4: bad argument #1 to 'perform_action' ('namespace:name' expected, got 'plain')"),
            .string("ctx.lua:5: bad argument #1 to 'body' (the table needs a string 'id')"),
            .string("ctx.lua:6: bad argument #1 to 'body' (string expected, got number)"),
            .string("ctx.lua:7: bad argument #1 to 'child' (the table needs a string 'id')"),
        ]))
    }

    @Test func canvasMethodsDoNotCountSelf() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        _ = try runtime.evaluate(
            """
            seen = {}
            hub.component { id = "probe:canvas", size = function(self, model, c) return c.width, 1 end,
              render = function(self, model, canvas)
                for _, call in ipairs({
                  function() canvas:text("left", 0, "x") end,
                  function() canvas:box(0, 0, 4) end,
                  function() canvas:text(1e300, 0, "x") end,
                  function() canvas:text(0, 0, "x", "sparkly") end,
                }) do
                  local ok, message = pcall(call)
                  seen[#seen + 1] = message
                end
              end }
            hub.feature { id = "canvas", uri = "canvas:view", operations = { function(ctx)
              ctx.view:body("x").component = "probe:canvas"
            end } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@canvas.lua")
        _ = try runtime.open("canvas:view").render()
        let seen = try runtime.evaluate("return seen", inFolder: "Fixtures/Sandbox")
        #expect(seen.arrayValue?.prefix(3) == [
            .string("canvas.lua:5: bad argument #1 to 'text' (number expected, got string)"),
            .string("canvas.lua:6: bad argument #4 to 'box' (number expected, got no value)"),
            .string("canvas.lua:7: bad argument #1 to 'text' (number has no integer representation)"),
        ])
        #expect(seen.arrayValue?.last?.stringValue?.hasPrefix("canvas.lua:8: unknown style 'sparkly'") == true)
    }
}
