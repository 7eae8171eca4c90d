import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

@Suite struct FeatureRuntimeTests {
    @Test func operationErrorNamesFeatureOperationAndFileLine() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Broken"))
        let screen = try runtime.open("broken:view")
        let statuses = screen.loader.operationStatuses
        #expect(statuses.map(\.name) == ["fine", "explode", "after"])
        #expect(statuses.map(\.phase) == [.finished, .failed, .failed])
        let error = try #require(statuses[1].error)
        #expect(error.feature == "broken")
        #expect(error.operation == "explode")
        #expect(error.message == "boom")
        #expect(error.location?.hasSuffix("Fixtures/Broken/operations/explode.lua:4") == true)
        #expect(error.traceback?.contains("explode.lua:4") == true)
        // What went wrong first, then who and where, relative to the feature folder.
        #expect(error.description == "boom — feature 'broken', operation 'explode', operations/explode.lua:4")
    }

    @Test func errorIsForwardedAndTheLastErrorFailsTheLoad() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Broken"))
        let screen = try runtime.open("broken:view")
        let failure = try #require(screen.lastError)
        #expect(failure.operation == "after")
        #expect(failure.message == "boom")
        #expect(failure.location?.hasSuffix("Fixtures/Broken/operations/after.lua:7") == true)
        #expect(screen.viewModel.body.isEmpty, "a failed load keeps the previous (initial) view model")
        #expect(screen.loader.isLoading == false)
    }

    @Test func aViewWhoseFirstLoadFailedRendersItsTitleAndEachFailure() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Broken"))
        let screen = try runtime.open("broken:view", options: .init(width: 60))
        #expect(try runtime.render(screen) == """
                                       Broken
            ────────────────────────────────────────────────────────────
            The view failed to load
            ┌──────────────────────────────────────────────────────────┐
            │ ! boom — feature 'broken', operation 'explode',          │
            │ operations/explode.lua:4; operation 'after' was handed   │
            │ it and failed with an error of its own                   │
            └──────────────────────────────────────────────────────────┘
            ┌──────────────────────────────────────────────────────────┐
            │ ! boom — feature 'broken', operation 'after',            │
            │ operations/after.lua:7; the view failed with it          │
            └──────────────────────────────────────────────────────────┘

            """)
    }

    @Test func brokenFeatureScriptIsReportedWithFolderAndLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "hub.feature {\n  id = 'x',\n  uri = \n}\n".write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .virtual)
        #expect {
            try runtime.loadFeatures(at: folder.path)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("unexpected symbol near '}' — feature folder '\(folder.path)' did not load, feature.lua:4")
        }
    }

    @Test func missingOperationsAreAnErrorAtTheCallSite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-noops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "\nhub.feature { id = 'x', uri = 'x:y', operations = {} }\n".write(
            to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .virtual)
        #expect {
            try runtime.loadFeatures(at: folder.path)
        } throws: { error in
            String(describing: error).contains("feature 'x': 'operations' must be a non-empty list — feature folder '\(folder.path)' did not load, feature.lua:2")
        }
    }
}

@Suite struct SandboxTests {
    private func evaluate(_ source: String) throws -> JSONValue {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        return try runtime.evaluate(source, inFolder: "Fixtures/Sandbox")
    }

    @Test func dangerousLibrariesAreAbsent() throws {
        #expect(try evaluate("return type(io) .. type(debug) .. type(package) .. type(dofile) .. type(loadfile)") == .string("nilnilnilnilnil"))
        #expect(try evaluate("return type(os.execute) .. type(os.exit) .. type(os.getenv) .. type(os.time)") == .string("nilnilnilfunction"))
        #expect(try evaluate("return type(string.dump)") == .string("nil"))
    }

    @Test func sharedLibrariesAreReadOnly() throws {
        #expect(throws: ScriptError.self) { try evaluate("string.upper = nil") }
        #expect(try evaluate("return getmetatable('')") == .bool(false))
        #expect(try evaluate("return string.upper('ok')") == .string("OK"))
    }

    @Test func loadOnlyAcceptsTextIntoTheFeatureEnvironment() throws {
        #expect(try evaluate("local f = load('return 1 + 2') return f()") == .int(3))
        #expect(try evaluate("local f, message = load('\\27Lua') return message") != .null)
    }

    @Test func readAndRequireStayInsideTheFeatureFolder() throws {
        #expect {
            try evaluate("return hub.read('../secret.json')")
        } throws: { error in
            (error as? ScriptError)?.message == "'../secret.json' is outside the feature folder"
        }
        #expect {
            try evaluate("return require('..secret')")
        } throws: { error in
            (error as? ScriptError)?.message == "invalid module name '..secret'"
        }
        #expect {
            try evaluate("return require('missing.module')")
        } throws: { error in
            (error as? ScriptError)?.message.hasPrefix("module 'missing.module' not found in feature folder") == true
        }
        #expect(try evaluate("return hub.read('feature.lua'):sub(1, 11)") == .string("hub.feature"))
    }

    @Test func globalsOfOneFeatureDoNotLeakIntoAnother() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"), TestPaths.fixture("Broken"))
        _ = try runtime.evaluate("shared_value = 42", inFolder: "Fixtures/Sandbox")
        #expect(try runtime.evaluate("return shared_value", inFolder: "Fixtures/Sandbox") == .int(42))
        #expect(try runtime.evaluate("return shared_value", inFolder: "Fixtures/Broken") == .null)
    }
}

@Suite struct LuaBuilderTests {

    @Test func getOrCreateKeepsCreationOrderAndIdentity() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local ids = {}
            hub.feature { id = "probe", uri = "probe:view", operations = { function(ctx)
              local view = ctx.view
              local b = view:body("b")
              view:body("a").title = "A"
              view:body("b").title = "B"
              b.subtitle = "same builder"
              view:body { id = "c", title = "C", component = "x:y" }
              for _, builder in ipairs(view:bodies()) do ids[#ids + 1] = builder.id end
            end } }
            local s = hub.open("probe:view")
            local body = s.model.body
            return table.concat(ids, ",") .. "|" .. body[1].title .. "|" .. body[1].subtitle .. "|" .. body[3].component
            """, inFolder: "Fixtures/Sandbox")
        #expect(result == .string("b,a,c|B|same builder|x:y"))
    }

    @Test func wrongTypesAreErrorsNamingTheField() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local messages = {}
            hub.feature { id = "types", uri = "types:view", operations = { function(ctx)
              local row = ctx.view:body("row")
              for _, assign in ipairs({
                function() row.title = {} end,
                function() row.component = "no-colon" end,
                function() row.custom = 5 end,
                function() row.unknown = 1 end,
                function() row.id = "other" end,
              }) do
                local ok, message = pcall(assign)
                messages[#messages + 1] = message
              end
            end } }
            hub.open("types:view")
            return messages
            """, inFolder: "Fixtures/Sandbox", chunkName: "@types.lua")
        #expect(result == .array([
            .string("types.lua:5: field 'title': string expected, got table"),
            .string("types.lua:6: field 'component': 'namespace:name' expected, got 'no-colon'"),
            .string("types.lua:7: field 'custom': table expected, got number"),
            .string("types.lua:8: cannot set unknown field 'unknown' of hub.ComponentBuilder"),
            .string("types.lua:9: cannot set read-only field 'id' of hub.ComponentBuilder"),
        ]))
    }

    @Test func snapshotIsolationBetweenOperations() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local kept
            hub.feature { id = "iso", uri = "iso:view", operations = {
              function(ctx) kept = ctx.view; ctx.view:body("a").title = "first" end,
              function(ctx) ctx.view:body("b").title = ctx.view:body("a").title end,
            } }
            local s = hub.open("iso:view")
            local ok, err = pcall(function() kept:body("a").title = "changed after finishing" end)
            local body = hub.open("iso:view").model.body
            return #s.model.body .. "," .. s.model.body[1].title .. "," .. s.model.body[2].title .. "," .. #body .. "|" .. err
            """, inFolder: "Fixtures/Sandbox")
        #expect(result == .string("2,first,first,2|eval:7: hub.ViewBuilder used after its run ended (operation 'operation' of iso:view): "
            + "a builder lasts as long as its operation's run"))
    }
}

@Suite struct RuntimeLifetimeTests {
    @Test func aScreenKeepsItsRuntimeAliveAndNothingElseDoes() throws {
        weak var weakRuntime: HubRuntime?
        var screen: Screen?
        do {
            let runtime = try makeRuntime(TestPaths.examples)
            weakRuntime = runtime
            screen = try runtime.open("cities:overview", options: .init(width: 40))
        }
        #expect(weakRuntime != nil, "the screen keeps its runtime")
        #expect(screen?.render().contains("┌") == true, "Lua components still draw")
        screen = nil
        #expect(weakRuntime == nil, "no cycle through the Lua state keeps the runtime")
    }

    @Test func everyBindingGoesWithItsRuntime() throws {
        final class WeakBox { weak var object: AnyObject? }
        var bindings: [WeakBox] = []
        do {
            let runtime = try makeRuntime(TestPaths.examples)
            _ = try runtime.evaluate("local s = hub.open('cities:overview') s:render()", inFolder: "Examples/Cities")
            let all = runtime.bindings
            let objects: [AnyObject] = [
                all.builders, all.errors, all.operations, all.features, all.components, all.screens,
                all.schemas, all.json, all.images, all.tests, runtime.sandbox, runtime.lua,
            ]
            bindings = objects.map { object in
                let box = WeakBox()
                box.object = object
                return box
            }
        }
        #expect(bindings.allSatisfy { $0.object == nil }, "no cycle keeps a binding or the state alive")
    }

    @Test func screensHeldByLuaDoNotKeepTheRuntime() throws {
        weak var weakRuntime: HubRuntime?
        do {
            let runtime = try makeRuntime(TestPaths.examples)
            weakRuntime = runtime
            _ = try runtime.evaluate("kept = hub.open('cities:overview')", inFolder: "Examples/Cities")
        }
        #expect(weakRuntime == nil)
    }
}

@Suite struct ClosingStateTests {
    /// Finalizers would run while the state closes, after the bindings are gone, where no hook
    /// can stop them: scripts cannot set them, and the runtime goes away cleanly.
    @Test func scriptsCannotSetFinalizersAndTheRuntimeClosesCleanly() throws {
        weak var weakRuntime: HubRuntime?
        do {
            let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
            weakRuntime = runtime
            let result = try runtime.evaluate(
                """
                hub.feature { id = "closing", uri = "closing:view", operations = { function(ctx) kept = ctx.view end } }
                screen = hub.open("closing:view")
                return select(2, pcall(setmetatable, {}, { __gc = function() hub.open("closing:view") end }))
                """, inFolder: "Fixtures/Sandbox")
            #expect(result == .string("setmetatable: __gc finalizers are not available to feature scripts"))
        }
        #expect(weakRuntime == nil, "the runtime, its state and the screens its scripts held are gone")
    }
}
