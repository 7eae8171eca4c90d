import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Argument errors are numbered as Lua numbers them (`luaL_argerror`): plain calls count from
/// the first argument, method calls (`s:scroll(x)`) do not count `self`, a method called with a
/// dot counts it, and a bad `self` says so.
@Suite struct ArgumentErrorTests {
    /// The messages of each call in `calls` (one per line), run under `pcall` in a feature
    /// environment with a screen `s` open, chunk name `args.lua`.
    private func messages(_ calls: [String]) throws -> [String] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), appWide: ["Sandbox"])
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

    @Test func aTypoInAnOptionTableIsAnArgumentErrorNamingTheKey() throws {
        #expect(try messages([
            #"hub.open("args:view", { widht = 10 })"#,
            "s:render { ascii = true, colour = true }",
            #"hub.schema { id = "typo", veiw = {} }"#,
        ]) == [
            "args.lua:4: bad argument #2 to 'hub.open' (unknown key 'widht'; did you mean 'width'? "
                + "(known: connectivity, height, load, margin, width))",
            "args.lua:5: bad argument #1 to 'render' (unknown key 'colour'; did you mean 'color'? (known: ascii, color, height, width))",
            "args.lua:6: bad argument #1 to 'hub.schema' (unknown key 'veiw'; did you mean 'view'? "
                + "(known: component, extends, id, image, target, view))",
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
                  function() canvas:fill(0, 0, 1, 1, {}) end,
                }) do
                  local ok, message = pcall(call)
                  seen[#seen + 1] = message
                end
              end }
            hub.feature { id = "canvas", uri = "canvas:view", operations = { function(ctx)
              ctx.view:body("x").component = "probe:canvas"
            end } }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@canvas.lua")
        _ = try runtime.render(runtime.open("canvas:view"))
        let seen = try runtime.evaluate("return seen", inFolder: "Fixtures/Sandbox").arrayValue ?? []
        try #require(seen.count == 5)
        #expect(seen.prefix(3) == [
            .string("canvas.lua:5: bad argument #1 to 'text' (number expected, got string)"),
            .string("canvas.lua:6: bad argument #4 to 'box' (number expected, got no value)"),
            .string("canvas.lua:7: bad argument #1 to 'text' (number has no integer representation)"),
        ])
        #expect(seen[3].stringValue?.hasPrefix("canvas.lua:8: bad argument #4 to 'text' (unknown style 'sparkly'; use plain, bold") == true)
        #expect(seen[4] == .string("canvas.lua:9: bad argument #5 to 'fill' (string expected, got table)"))
    }

    /// Runs `calls` (one per line) inside an operation of a feature `opts`, under `pcall`, with
    /// `row`, a body component of its view; chunk name `ops.lua`, calls from line 5.
    private func operationMessages(_ calls: [String]) throws -> [String] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let body = calls.map { "    function() \($0) end," }.joined(separator: "\n")
        let result = try runtime.evaluate(
            """
            local seen = {}
            hub.feature { id = "opts", uri = "opts:view", operations = { function(ctx)
              local row = ctx.view:body("row")
              for _, call in ipairs({
            \(body)
              }) do
                local ok, message = pcall(call)
                seen[#seen + 1] = ok and "no error" or tostring(message)
              end
            end } }
            hub.open("opts:view")
            return seen
            """, inFolder: "Fixtures/Sandbox", chunkName: "@ops.lua")
        return (result.arrayValue ?? []).map { $0.stringValue ?? "?" }
    }

    @Test func connectivityIsOneOfTwoNames() throws {
        #expect(try messages([
            "s:set_connectivity(5)",
            #"s:set_connectivity("airplane")"#,
            "s:set_connectivity()",
            #"hub.open("args:view", { connectivity = "x" })"#,
            #"s:set_connectivity("offline"); hub.open("args:view", { connectivity = "online" })"#,
        ]) == [
            "args.lua:4: bad argument #1 to 'set_connectivity' ('online' or 'offline' expected, got 5)",
            "args.lua:5: bad argument #1 to 'set_connectivity' ('online' or 'offline' expected, got 'airplane')",
            "args.lua:6: bad argument #1 to 'set_connectivity' ('online' or 'offline' expected, got no value)",
            "args.lua:7: bad argument #2 to 'hub.open' (field 'connectivity': 'online' or 'offline' expected, got 'x')",
            "no error",
        ])
    }

    @Test func optionTablesNameTheFunctionArgumentAndField() throws {
        #expect(try messages([
            #"hub.open("args:view", { width = "wide" })"#,
            #"hub.open("args:view", { height = 2.5 })"#,
            "s:render(5)",
            "s:render { width = {} }",
            "s.render(s, { height = true })",
            "s:render(nil)",
        ]) == [
            "args.lua:4: bad argument #2 to 'hub.open' (field 'width': integer expected, got string)",
            "args.lua:5: bad argument #2 to 'hub.open' (field 'height': number has no integer representation)",
            "args.lua:6: bad argument #1 to 'render' (table or nil expected, got number)",
            "args.lua:7: bad argument #1 to 'render' (field 'width': integer expected, got table)",
            "args.lua:8: bad argument #2 to 'render' (field 'height': integer expected, got boolean)",
            "no error",
        ])
    }

    @Test func tablesPassedByPositionAreArguments() throws {
        #expect(try messages([
            #"s:perform("a:b", 5)"#,
            #"s:perform("a:b", { 1, 2 })"#,
            #"hub.json.decode_view_model("{}", {})"#,
        ]) == [
            "args.lua:4: bad argument #2 to 'perform' (table expected, got number)",
            "args.lua:5: bad argument #2 to 'perform' (table with string keys expected, got a list)",
            "args.lua:6: bad argument #2 to 'hub.json.decode_view_model' (string expected, got table)",
        ])
    }

    @Test func functionsWrittenInLuaWordTheirArgumentErrorsAsSwiftDoes() throws {
        #expect(try messages([
            "hub.sleep()",
            "hub.sleep(0/0)",
            "hub.sleep(1e300)",
            "hub.await(5)",
            "require(42)",
            "hub.after(0/0, print)",
        ]) == [
            "args.lua:4: bad argument #1 to 'hub.sleep' (number expected, got nil)",
            "args.lua:5: bad argument #1 to 'hub.sleep' (milliseconds up to 86400000 expected, got -nan)",
            "args.lua:6: bad argument #1 to 'hub.sleep' (milliseconds up to 86400000 expected, got 1e+300)",
            "args.lua:7: bad argument #1 to 'hub.await' (function expected, got number)",
            "args.lua:8: bad argument #1 to 'require' (string expected, got number)",
            "args.lua:9: bad argument #1 to 'hub.after' (milliseconds up to 86400000 expected, got -nan)",
        ])
    }

    @Test func descriptionTablesNameTheFunctionAndTheField() throws {
        #expect(try messages([
            #"hub.feature { id = "f", uri = "f:view", title = {}, operations = { function() end } }"#,
            #"hub.feature { id = "f", uri = "f:view", operations = { function() end, { name = {}, perform = print } } }"#,
            #"hub.operation { name = {}, perform = print }"#,
            #"hub.prepend_operations { { name = true, perform = print } }"#,
            #"hub.component { id = "nocolon" }"#,
            #"hub.component { id = "x:y", traits = { "a", 5 } }"#,
            #"hub.schema { id = {} }"#,
        ]) == [
            "args.lua:4: bad argument #1 to 'hub.feature' (field 'title': string expected, got table)",
            "args.lua:5: bad argument #1 to 'hub.feature' (field 'operations[2].name': string expected, got table)",
            "args.lua:6: bad argument #1 to 'hub.operation' (field 'name': string expected, got table)",
            "args.lua:7: bad argument #1 to 'hub.prepend_operations' (field 'operations[1].name': string expected, got boolean)",
            "args.lua:8: bad argument #1 to 'hub.component' (field 'id': 'namespace:name' expected, got 'nocolon')",
            "args.lua:9: bad argument #1 to 'hub.component' (field 'traits[2]': string expected, got number)",
            "args.lua:10: bad argument #1 to 'hub.schema' (field 'id': string expected, got table)",
        ])
    }

    @Test func builderAndContextTablesNameTheFunctionArgumentAndField() throws {
        #expect(try operationMessages([
            #"ctx:perform_action("a:b", 5)"#,
            #"ctx:fail { code = "x" }"#,
            #"ctx.view:body { id = "other", title = {} }"#,
            #"row:set { target = { uri = {} } }"#,
            #"row.target:add_action("plain")"#,
        ]) == [
            "ops.lua:5: bad argument #2 to 'perform_action' (table expected, got number)",
            "ops.lua:6: bad argument #1 to 'fail' (field 'code': integer expected, got string)",
            "ops.lua:7: bad argument #1 to 'body' (field 'title': string expected, got table)",
            "ops.lua:8: bad argument #1 to 'set' (field 'target.uri': string expected, got table)",
            "ops.lua:9: bad argument #1 to 'add_action' ('namespace:name' expected, got 'plain')",
        ])
    }

    @Test func propertiesSetToWrongValuesNameTheFieldWithin() throws {
        #expect(try operationMessages([
            "row.main_image = { uri = {} }",
            "row.main_image = 5",
            "row.target = { actions = { \"a:b\", 5 } }",
            "row.target = { custom = { 1 } }",
            "row.index = 1.5",
        ]) == [
            "ops.lua:5: field 'main_image.uri': string expected, got table",
            "ops.lua:6: field 'main_image': string or table expected, got number",
            "ops.lua:7: field 'target.actions[2]': string expected, got number",
            "ops.lua:8: field 'target.custom': table with string keys expected, got a list",
            "ops.lua:9: field 'index': number has no integer representation",
        ])
    }

    @Test func misspeltFieldsAndKeysSayTheNameTheyAreLikelyATypoOf() throws {
        #expect(try operationMessages([
            #"row.titel = "Dune""#,
            #"ctx.view:body { id = "b", subtitel = "x" }"#,
            #"row:set { main_image = { url = "file:a.png" } }"#,
            #"row.target = { uir = "a:b", actions = {} }"#,
            #"row.main_image.uir = "file:a.png""#,
            #"row.zzz = 1"#,
        ]) == [
            "ops.lua:5: cannot set unknown field 'titel' of hub.ComponentBuilder; did you mean 'title'?",
            "ops.lua:6: cannot set unknown field 'subtitel' of hub.ComponentBuilder; did you mean 'subtitle'?",
            "ops.lua:7: bad argument #1 to 'set' (field 'main_image': unknown key 'url'; did you mean 'uri'? (known: custom, local, placeholder, uri))",
            "ops.lua:8: field 'target': unknown key 'uir'; did you mean 'uri'? (known: actions, custom, uri)",
            "ops.lua:9: cannot set unknown field 'uir' of hub.ImageBuilder; did you mean 'uri'?",
            "ops.lua:10: cannot set unknown field 'zzz' of hub.ComponentBuilder",
        ])
    }
}
