import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// Errors name the script's own `file:line`, never Hub's internals, and say a thing once.
@Suite struct LocatedErrorTests {
    private func evaluate(_ source: String) throws -> JSONValue {
        let runtime = try makeRuntime(TestPaths.fixture("Located"))
        return try runtime.evaluate(source, inFolder: "Fixtures/Located", chunkName: "@caller.lua")
    }

    @Test func requireErrorsNameTheCallersLineOrTheModulesOwn() throws {
        let result = try evaluate(
            """
            local missing = select(2, pcall(function() local m = require("ops.missing") end))
            local broken = select(2, pcall(function() local m = require("ops.broken") end))
            local bad = select(2, pcall(function() local m = require(42) end))
            return { missing, broken, bad }
            """)
        let messages = (result.arrayValue ?? []).map { $0.stringValue ?? "?" }
        #expect(messages[0].hasPrefix("caller.lua:1: module 'ops.missing' not found in feature folder '"))
        #expect(messages[1].hasSuffix("Fixtures/Located/ops/broken.lua:1: unexpected symbol near '='"))
        #expect(messages[2] == "caller.lua:3: bad argument #1 to 'require' (string expected, got number)")
    }

    @Test func anOperationOpeningItsOwnViewEndsAtTheNestingLimitWithoutCrashing() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Located"))
        let screen = try runtime.open("located:recursive")
        #expect(screen.lastError == nil)
        #expect(screen.viewModel.body.first?.title == "inner loaded", "each level finished; only the deepest failed")
        let deepest = try runtime.evaluate(
            """
            local errors = {}
            hub.feature { id = "probe", uri = "located:probe", operations = { function(ctx)
              local s = hub.open("located:probe")
              errors[#errors + 1] = s.error and s.error.message
            end } }
            hub.open("located:probe")
            return errors[1]
            """, inFolder: "Fixtures/Located")
        #expect(deepest.stringValue?.hasPrefix("calls nested too deeply (a script called Hub, which called scripts, 20 levels deep") == true)
    }

    @Test func aStackOverflowIsSaidOnceAndItsTracebackCollapsesTheRecursion() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Located"))
        let error = try #require(try runtime.open("located:deep").lastError)
        #expect(error.message == "C stack overflow")
        #expect(error.location?.hasSuffix("Fixtures/Located/feature.lua:7") == true)
        let traceback = try #require(error.traceback)
        #expect(traceback.split(separator: "\n").count <= 4, "\(traceback)")
        #expect(traceback.contains("Fixtures/Located/feature.lua:7: in metamethod 'index' ("))
        #expect(traceback.contains(" times)"))
    }

    @Test func componentTablesRejectTyposButKeepPrivateHelpers() throws {
        let result = try evaluate(
            """
            local ok = pcall(hub.component, { id = "loc:fine", size = function() return 1, 1 end, render = function() end,
              _format = function() end })
            local _, message = pcall(function()
              hub.component { id = "loc:typo", size = function() return 1, 1 end, render = function() end, ui_sate = function() end }
            end)
            return { ok, message }
            """)
        #expect(result == .array([
            .bool(true),
            .string("caller.lua:4: component 'loc:typo': unknown key 'ui_sate'; did you mean 'ui_state'? (known: configure, content_offset, id, image_size, on_action, on_image, prepare, render, resized, restore, selection, size, traits, ui_state, will_appear)"),
        ]))
    }
}
