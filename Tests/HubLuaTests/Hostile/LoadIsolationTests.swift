import Foundation
import HubCore
import HubRender
import Testing
@testable import HubLua
import HubTools

/// A feature folder that fails to load is rolled back and reported with its `file:line`; every
/// other feature keeps working, and opening a view of the failed one says why.
@Suite struct LoadIsolationTests {
    private let root = TestPaths.fixture("Isolation")

    /// A runtime that loaded the Isolation fixture (two of its three folders fail) with its
    /// grants (`Half` may prepend operations).
    private func loadIsolation() throws -> HubRuntime {
        let runtime = try HubRuntime(clock: .virtual)
        runtime.grants = try HubGrants(json: String(contentsOfFile: root + "/grants.json", encoding: .utf8))
        #expect(throws: HubRuntime.LoadError.self) { try runtime.loadFeatures(at: root) }
        return runtime
    }

    @Test func theFoldersThatFailedAreReportedWithTheirLines() throws {
        let runtime = try loadIsolation()
        let failures = runtime.loadFailures.map(\.description)
        #expect(failures.count == 2)
        // What went wrong first, then the folder, then where in it (Lua cut the long path of
        // tag.lua; the folder still places it).
        #expect(failures == [
            "unexpected symbol near 'end' — feature folder 'Tests/HubLuaTests/Fixtures/Isolation/Broken' did not load, feature.lua:4",
            "attempt to index a nil value (local 'missing') — feature folder 'Tests/HubLuaTests/Fixtures/Isolation/Half' did not load, "
                + "components/tag.lua:3",
        ])
    }

    @Test func everyOtherFeatureKeepsWorkingAndNothingOfTheFailedFoldersRemains() throws {
        let runtime = try loadIsolation()
        let screen = try runtime.open("good:view")
        #expect(screen.viewModel.body.map(\.title) == ["Good"], "the half folder's prepended operation was rolled back")
        #expect(screen.loader.operationStatuses.count == 1)
        #expect(runtime.manager.featureRegistry.all.map(\.identifier) == ["good"])
        #expect(runtime.manager.componentRegistry.hasFactory(forNamespace: "half") == false)
        #expect(runtime.manager.jsonSchemaRegistry.copySchema("half") == nil)
    }

    @Test func openingAViewOfAFeatureThatFailedToLoadSaysSo() throws {
        let runtime = try loadIsolation()
        #expect {
            try runtime.open("half:view")
        } throws: { error in
            let text = String(describing: error)
            return text == "the feature for 'half:view' did not load: attempt to index a nil value (local 'missing') — "
                + "feature folder 'Tests/HubLuaTests/Fixtures/Isolation/Half' did not load, components/tag.lua:3"
        }
        #expect {
            try runtime.open("nowhere:view")
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("no feature handles the view URI 'nowhere:view' (and 2 feature folders failed to load: ")
        }
        let fromLua = try runtime.evaluate(
            "local ok, message = pcall(function() return hub.open('half:view') end) return message", inFolder: "Isolation/Good", chunkName: "@good.lua")
        #expect(fromLua.stringValue?.hasPrefix("good.lua:1: the feature for 'half:view' did not load") == true)
    }

    @Test func featureTestsCountAFolderThatFailedToLoadAsAFailedCaseAndRunTheRest() throws {
        let runtime = try loadIsolation()
        var lines: [String] = []
        let summary = runtime.runTests(under: [root]) { lines.append($0) }
        #expect(summary == TestSummary(passed: 1, failed: 2))
        #expect(lines.filter { $0.hasPrefix("FAIL ") && $0.contains(" — feature folder '") }.count == 2)
        #expect(lines.contains("ok   the good feature works while others failed to load"))
    }
}
