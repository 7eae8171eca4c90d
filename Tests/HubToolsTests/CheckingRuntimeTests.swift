import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
@testable import HubTools

/// A feature folder written for one test, under a temporary folder removed when it ends.
private struct ScratchFolder {
    let root: URL
    /// The folder's path as errors show it: absolute, as the runtime was given it (short: Lua
    /// shortens file names of 60 characters and more in its `file:line`).
    var path: String { root.appendingPathComponent("S").path }

    /// A folder `S` holding `files` (path in the folder → text).
    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hc-\(UUID().uuidString.prefix(8))")
        for (relative, text) in files {
            let file = root.appendingPathComponent("S").appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// `hub check`'s runtime (``HubRuntime/isChecking``): every mistake of a folder, each at the line
/// it is on; and the load errors any runtime gives for a module that returns nothing or is not
/// there, at the line that required it.
@Suite struct CheckingRuntimeTests {
    /// A checking runtime with `folder` loaded (or failed).
    private func checkingRuntime(_ folder: ScratchFolder) throws -> HubRuntime {
        let runtime = try HubRuntime(clock: .virtual)
        runtime.isChecking = true
        _ = try? runtime.loadFeatures(at: folder.path)
        return runtime
    }

    /// A feature whose operation names components nothing registers, three ways.
    private func ghostsFolder() throws -> ScratchFolder {
        try ScratchFolder([
            "feature.lua": """
                hub.feature { id = "ghosts", uri = "ghosts:home", operations = { require("operations.rows") } }
                """,
            "operations/rows.lua": """
                return hub.operation(function(ctx)
                  local row = ctx.view:body("row")
                  row.title = "Row"
                  row.component = "nope:thing"
                  ctx.view:body { id = "other", component = "default:nothing" }
                  ctx.view:body("third"):set { component = "nope:thing" }
                end)
                """,
        ])
    }

    @Test func anUnknownComponentIsReportedAtTheLineThatNamesIt() throws {
        let folder = try ghostsFolder()
        defer { folder.remove() }
        let problems = try checkingRuntime(folder).check(strict: true).map(\.description)
        let view = "view 'ghosts:home': model"
        let fallback = "which nothing registers; the fallback for its category draws it"
        #expect(problems == [
            "\(folder.path)/operations/rows.lua:4: \(view) 'row' names component 'nope:thing', \(fallback)",
            "\(folder.path)/operations/rows.lua:5: \(view) 'other' names component 'default:nothing', \(fallback)",
        ])
    }

    @Test func withoutTracingAnUnknownComponentIsReportedWhereItsFeatureIs() throws {
        let folder = try ghostsFolder()
        defer { folder.remove() }
        let runtime = try makeRuntime(folder.path)
        #expect(runtime.tracesComponentNames == false)
        let problems = runtime.check(strict: true).map(\.description)
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.hasPrefix("\(folder.path)/feature.lua:1: view 'ghosts:home': model ") })
    }

    @Test func everyMistakeOfAFolderIsReportedNotOnlyTheFirst() throws {
        let folder = try ScratchFolder([
            "feature.lua": """
                hub.feature {
                  id = "broken",
                  uri = "broken:home",
                  timout = 500,
                  operations = { require("operations.misspelt"), require("operations.unfinished"), require("operations.fine") },
                }
                """,
            "operations/misspelt.lua": """
                return hub.operation {
                  perfrom = function(ctx) end,
                }
                """,
            "operations/unfinished.lua": "hub.operation(function(ctx) end)\n",
            "operations/fine.lua": "return hub.operation(function(ctx) end)\n",
        ])
        defer { folder.remove() }
        let runtime = try checkingRuntime(folder)
        let keys = "action_handler, budget, hosts, id, max_reschedules, max_response, operations, reload_policy, schema, store, "
            + "timeout, title, uri, uri_exclude, uri_match, uri_prefix"
        let notLoaded = " (feature folder '\(folder.path)' not loaded)"
        #expect(runtime.check().map(\.description) == [
            "\(folder.path)/operations/misspelt.lua:1: hub.operation: an operation needs a 'perform' function; "
                + "unknown key 'perfrom'; did you mean 'perform'?" + notLoaded,
            "\(folder.path)/feature.lua:5: operations/unfinished.lua returned nothing: end it with `return hub.operation { ... }`"
                + notLoaded,
            "\(folder.path)/feature.lua:1: feature 'broken': unknown key 'timout'; did you mean 'timeout'? (known: \(keys))"
                + notLoaded,
        ])
        #expect(runtime.manager.featureRegistry.all.isEmpty, "the folder is rolled back whole")
    }

    @Test func anOperationModuleThatReturnsNothingIsAnErrorNamingTheFile() throws {
        let folder = try ScratchFolder([
            "feature.lua": """
                -- The operation forgets its return.
                hub.feature { id = "x", uri = "x:home", operations = { require("operations.rows") } }
                """,
            "operations/rows.lua": "hub.operation(function(ctx) end)\n",
            "helpers/setup.lua": "local unused = 1\n",
        ])
        defer { folder.remove() }
        let runtime = try HubRuntime(clock: .virtual)
        #expect(throws: (any Error).self) { try runtime.loadFeatures(at: folder.path) }
        #expect(runtime.loadFailures.map(\.error.description) == [
            "\(folder.path)/feature.lua:2: operations/rows.lua returned nothing: end it with `return hub.operation { ... }`"
        ])
    }

    @Test func aMissingModuleNamesTheLineThatRequiredIt() throws {
        let folder = try ScratchFolder([
            "feature.lua": """
                hub.feature { id = "x", uri = "x:home", operations = { require("operations.songs") } }
                """,
            "operations/songs.lua": """
                -- Hands over to another module, which is not there.
                return require("operations.missing")
                """,
        ])
        defer { folder.remove() }
        let runtime = try HubRuntime(clock: .virtual)
        #expect(throws: (any Error).self) { try runtime.loadFeatures(at: folder.path) }
        #expect(runtime.loadFailures.map(\.error.description) == [
            "\(folder.path)/operations/songs.lua:2: module 'operations.missing' not found in feature folder '\(folder.path)' "
                + "(tried operations/missing.lua, operations/missing/init.lua)"
        ])
    }
}
