import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua

/// Loading's failures as values: which folders failed, each mistake with its file, line and
/// message; a path with no feature folder; and the scripts and views that fail outside loading.
@Suite struct LoadErrorTests {
    private let root = TestPaths.fixture("Isolation")
    private let broken = "Tests/HubLuaTests/Fixtures/Isolation/Broken"
    private let half = "Tests/HubLuaTests/Fixtures/Isolation/Half"

    /// A runtime with the Isolation fixture's grants (`Half` may prepend operations).
    private func makeIsolation() throws -> HubRuntime {
        let runtime = try HubRuntime(clock: .virtual)
        runtime.grants = try HubGrants(json: String(contentsOfFile: root + "/grants.json", encoding: .utf8))
        return runtime
    }

    @Test func theFoldersThatFailedComeWithEachMistakesFileLineAndMessage() throws {
        let runtime = try makeIsolation()
        do {
            try runtime.loadFeatures(at: root)
            Issue.record("two of the folders are broken")
        } catch {
            let failures = error.failures
            #expect(failures == runtime.loadFailures)
            #expect(failures.map(\.folder) == [broken, half])
            #expect(failures.first?.error.message == "unexpected symbol near 'end'")
            #expect(failures.first?.error.location == FileLocation(file: broken + "/feature.lua", line: 4))
            // Lua cut the long name of tag.lua to its end: the line stays.
            #expect(failures.last?.error.message == "attempt to index a nil value (local 'missing')")
            #expect(failures.last?.error.location?.line == 3)
            #expect(failures.last?.error.location?.file.hasSuffix("Half/components/tag.lua") == true)
            #expect(failures.allSatisfy { $0.laterErrors.isEmpty }, "only hub check looks past the first mistake")
            #expect(error.description == failures.map(\.description).joined(separator: "\n"))
        }
        #expect(try runtime.open("good:view").viewModel.body.map(\.title) == ["Good"])
    }

    @Test func failedFoldersCanBeCaughtByThemselves() throws {
        let runtime = try makeIsolation()
        var folders: [String] = []
        do {
            try runtime.loadFeatures(at: root)
        } catch .foldersFailed(let failures) {
            // A loop, not `failures.map`: swiftc 6.3.1 crashes on a closure over a case's value
            // caught in a function with untyped `throws`.
            for failure in failures { folders.append(failure.folder) }
        }
        #expect(folders == [broken, half])
    }

    @Test func aPathWithNoFeatureFolderIsACaseOfItsOwn() throws {
        let runtime = try HubRuntime(clock: .virtual)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hub-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        do {
            try runtime.loadFeatures(at: empty)
            Issue.record("nothing to load")
        } catch {
            #expect(error == .noFeatureFolder(path: empty))
            #expect(error.description == "no feature.lua found under '\(empty)'")
            #expect(error.failures.isEmpty)
        }
        #expect(runtime.loadFailures.isEmpty)
    }

    @Test func loadingManyPathsTellsTheFoldersThatFailedAndStopsAtAPathWithNone() throws {
        let runtime = try makeIsolation()
        var told: [[String]] = []
        #expect(throws: HubRuntime.LoadError.noFeatureFolder(path: "/nowhere")) {
            try runtime.loadFeatures(at: [root, "/nowhere"]) { told.append($0.map(\.folder)) }
        }
        #expect(told == [[broken, half]])
    }

    @Test func aViewThatCannotOpenCarriesTheLoadFailuresThatExplainIt() throws {
        let runtime = try makeIsolation()
        _ = try? runtime.loadFeatures(at: root)
        let claimed = #expect(throws: OpenError.self) { try runtime.open("half:view") }
        #expect(claimed?.loadFailures.map(\.folder) == [half], "the folder whose feature would have opened it")
        #expect(claimed?.reason == .noFeature(viewURI: "half:view"))
        let unknown = #expect(throws: OpenError.self) { try runtime.open("nowhere:view") }
        #expect(unknown?.loadFailures.map(\.folder) == [broken, half], "none would have: every folder that failed")
    }

    @Test func aScriptThatFailsIsAScriptErrorWithItsLocation() throws {
        let folder = try makeFeatureFolder("hub.feature { id = 'fine', uri = 'fine:view', operations = {} }")
        let script = (folder as NSString).appendingPathComponent("schemas.lua")
        try "local x = 1\nerror('no schema here')\n".write(toFile: script, atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .virtual)
        do {
            try runtime.runScript(at: script)
            Issue.record("the script raises")
        } catch {
            #expect(error.message == "no schema here")
            #expect(error.location?.line == 2)
            #expect(error.location?.file.hasSuffix("schemas.lua") == true)
            #expect(error.description.hasSuffix("schemas.lua:2: no schema here"))
        }
    }
}
