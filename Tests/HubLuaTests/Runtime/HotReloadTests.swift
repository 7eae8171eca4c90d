import Foundation
import HubCore
import HubRender
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// Hot reloading on a copy of Examples/Cities: an edited operation reruns from itself with its
/// state kept, an edited component is swapped in, an edited feature.lua reloads the feature; a
/// broken edit says where and the last good version keeps serving.
@Suite struct HotReloadTests {
    /// A copy of Examples/Cities in a new temporary folder, loaded, with a stack open on
    /// `cities:overview` at 40 columns.
    private final class Fixture {
        let folder: URL
        let runtime: HubRuntime
        let stack: ScreenStack
        /// Seconds added to modification dates, so that edits within one second still differ.
        private var edits = 0

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-reload-\(UUID().uuidString)/Cities")
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: TestPaths.examples).appendingPathComponent("Cities"), to: folder)
            runtime = try makeRuntime(folder.path)
            stack = try runtime.openStack("cities:overview", options: ScreenOptions(width: 40))
        }

        /// Replaces `old` with `new` in the file `relative`, then reloads what changed.
        @discardableResult
        func edit(_ relative: String, replacing old: String, with new: String) throws -> [ReloadOutcome] {
            let url = folder.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "the edit applies")
            try write(relative, text.replacingOccurrences(of: old, with: new))
            return runtime.reload(runtime.changedFiles())
        }

        /// Writes `text` to the file `relative`, a moment later than its last change.
        func write(_ relative: String, _ text: String) throws {
            let url = folder.appendingPathComponent(relative)
            try text.write(to: url, atomically: true, encoding: .utf8)
            edits += 1
            let later = Date().addingTimeInterval(Double(edits))
            try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url.path)
        }

        /// The path of `relative` as errors and outcomes name it.
        func display(_ relative: String) -> String {
            folder.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath().path
        }

        /// The runs of each operation of the screen on top.
        var runs: [Int] { stack.top.loader.operationStatuses.map(\.runs) }

        deinit { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    @Test func anEditedOperationRerunsFromItselfWithItsStateKept() throws {
        let fixture = try Fixture()
        let screen = fixture.stack.top
        #expect(fixture.runs == [1, 1])
        let outcomes = try fixture.edit(
            "operations/images.lua", replacing: "perform = function(ctx)",
            with: "perform = function(ctx)\n    ctx.state.runs = (ctx.state.runs or 0) + 1\n    ctx.view.title = 'Runs ' .. ctx.state.runs")
        #expect(outcomes == [.operations(file: fixture.display("operations/images.lua"), rescheduled: 1)])
        #expect(fixture.stack.top === screen, "the same screen, updated")
        #expect(fixture.runs == [1, 2], "rows did not run again")
        #expect(screen.viewModel.title == "Runs 1")
        try fixture.edit("operations/images.lua", replacing: "'Runs '", with: "'Runs: '")
        #expect(screen.viewModel.title == "Runs: 2", "ctx.state survived the reload")
        #expect(fixture.runs == [1, 3])
        try fixture.edit("operations/rows.lua", replacing: "\"Madrid\", \"Spain\"", with: "\"Madrid\", \"España\"")
        #expect(fixture.runs == [2, 4], "an edit of the first operation reruns both")
        #expect(screen.viewModel.body.first?.subtitle == "España")
    }

    @Test func aBrokenEditSaysWhereTheLastGoodVersionServesAndFixingItRecovers() throws {
        let fixture = try Fixture()
        let before = try fixture.runtime.render(fixture.stack.top)
        let outcomes = try fixture.edit("operations/rows.lua", replacing: "return hub.operation {", with: "return hub.operation {{")
        guard case .failed(let file, let error) = try #require(outcomes.first) else {
            Issue.record("expected a failure, got \(outcomes)")
            return
        }
        #expect(file == fixture.display("operations/rows.lua"))
        // Lua shortens long chunk names from the left ("...").
        #expect(error.hasSuffix("Cities/operations/rows.lua:21: '}' expected (to close '{' at line 9) near <eof>"), "\(error)")
        #expect(try fixture.runtime.render(fixture.stack.top) == before)
        #expect(fixture.runs == [1, 1], "nothing reran")
        let failing = try fixture.edit("operations/rows.lua", replacing: "return hub.operation {{", with: "error('at load')\nreturn hub.operation {")
        guard case .failed(_, let loadError) = try #require(failing.first) else {
            Issue.record("expected a failure, got \(failing)")
            return
        }
        #expect(loadError.hasSuffix("Cities/operations/rows.lua:9: at load"), "\(loadError)")
        try fixture.edit("operations/rows.lua", replacing: "error('at load')\n", with: "")
        #expect(fixture.runs == [2, 2])
        #expect(try fixture.runtime.render(fixture.stack.top) == before, "the same content as before the broken edits")
    }

    @Test func anEditedComponentIsSwappedIn() throws {
        let fixture = try Fixture()
        #expect(try fixture.runtime.render(fixture.stack.top).contains(" Madrid\n Spain\n"))
        let outcomes = try fixture.edit("components/row.lua", replacing: "canvas:text(1, 1, model.subtitle", with: "canvas:text(3, 1, model.subtitle")
        #expect(outcomes == [.components(file: fixture.display("components/row.lua"))])
        #expect(try fixture.runtime.render(fixture.stack.top).contains(" Madrid\n   Spain\n"))
        #expect(fixture.runs == [1, 1], "a component edit runs no operation")
        try fixture.edit("feature.lua", replacing: "title = \"Cities\"", with: "title = \"Towns\"")
        #expect(fixture.runtime.check(strict: true) == [], "what reloading registers again is not registered twice")
    }

    @Test func anEditedFeatureOrDataFileReloadsTheFeatureAndItsView() throws {
        let fixture = try Fixture()
        let outcomes = try fixture.edit("feature.lua", replacing: "title = \"Cities\"", with: "title = \"Towns\"")
        #expect(outcomes == [.folder(fixture.display(""))])
        #expect(fixture.stack.top.viewModel.title == "Towns")
        let data = try fixture.edit("data/city-images.json", replacing: "tokyo", with: "kyoto")
        #expect(data == [.folder(fixture.display(""))])
        #expect(fixture.stack.top.viewModel.body[4].backgroundImageData?.url?.contains("kyoto") == true)
        let broken = try fixture.edit("feature.lua", replacing: "title = \"Towns\"", with: "title = ")
        guard case .failed = try #require(broken.first) else {
            Issue.record("expected a failure, got \(broken)")
            return
        }
        #expect(fixture.stack.top.viewModel.title == "Towns", "the last good feature serves")
        #expect(try fixture.runtime.open("cities:overview").viewModel.title == "Towns")
    }

    @Test func aHundredEditsLeaveMemoryFlat() throws {
        let fixture = try Fixture()
        func cycle(_ count: Int) throws {
            for edit in 0..<count {
                try fixture.edit("operations/rows.lua", replacing: "\"Rome\", \"Italy", with: "\"Rome\", \"Italy \(edit)")
                try fixture.edit("operations/rows.lua", replacing: "\"Rome\", \"Italy \(edit)", with: "\"Rome\", \"Italy")
            }
            fixture.runtime.lua.collectGarbage()
        }
        try cycle(10)
        let before = fixture.runtime.lua.memoryUsed
        try cycle(50)
        let after = fixture.runtime.lua.memoryUsed
        #expect(Double(after) < Double(before) * 1.05, "Lua memory \(before) → \(after) bytes over 100 edits")
        #expect(fixture.runs == [121, 121])
    }
}
