import HubCore
import HubData
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// The views with golden renders: (golden file prefix, features folder, URI).
let goldenViews = [
    ("cities", TestPaths.examples, "cities:overview"),
    ("food", TestPaths.examples, "food:overview"),
    ("torture", TestPaths.fixture("Torture"), "torture:view"),
]

@Suite struct GoldenRenderTests {
    @Test(arguments: goldenViews, [40, 60, 80, 120])
    func renderMatchesGoldenFileByteForByte(view: (String, String, String), width: Int) throws {
        let runtime = try makeRuntime(view.1)
        let screen = try runtime.open(view.2, options: .init(width: width))
        #expect(try runtime.render(screen) == (try TestPaths.golden("\(view.0)-\(width).txt")))
        #expect(runtime.problems.isEmpty)
    }

    @Test func renderIsDeterministicAcrossRuntimes() throws {
        let first = try render(TestPaths.fixture("Torture"), "torture:view", width: 77)
        let second = try render(TestPaths.fixture("Torture"), "torture:view", width: 77)
        #expect(first == second)
    }

    /// The view `uri` of the features in `folder`, opened by a new runtime and rendered by it.
    private func render(_ folder: String, _ uri: String, width: Int, ascii: Bool = false) throws -> String {
        let runtime = try makeRuntime(folder)
        return try runtime.render(runtime.open(uri, options: .init(width: width)), ascii: ascii)
    }

    @Test func colorAddsANSIStylesAndPlainOutputHasNone() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: 60))
        let colored = try runtime.render(screen, color: true)
        #expect(colored.contains("\u{1B}[1mMadrid\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[2mSpain\u{1B}[0m"))
        #expect(try !runtime.render(screen).contains("\u{1B}"))
    }

    @Test func asciiBoxesUsePlainCharacters() throws {
        let text = try render(TestPaths.examples, "cities:overview", width: 60, ascii: true)
        #expect(text.contains(" +--------------------------+ +--------------------------+"))
        #expect(!text.contains("┌"))
    }

    @Test func heightCutsTheViewportAndScrollMovesIt() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: 60, height: 6))
        let top = try runtime.render(screen)
        #expect(top.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
        #expect(top.hasSuffix(" Madrid\n Spain\n Rome\n Italy\n"))
        #expect(screen.viewportHeight == 4, "six rows less the navigation bar's two")
        #expect(screen.scroll(by: 4) == 4)
        #expect(try runtime.render(screen).hasSuffix(" Berlin\n Germany\n Amsterdam\n Netherlands\n"))
        #expect(screen.scroll(by: 100) == 17)
    }
}

@Suite struct CitiesExampleTests {
    @Test func framesStackRowsAndPairImages() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: 60))
        let layout = screen.layout()
        #expect(screen.viewModel.body.map(\.identifier) == [
            "city-Madrid", "city-Rome", "city-Berlin", "city-Amsterdam", "image-0", "image-1", "image-2", "image-3",
        ])
        #expect(layout.body == [
            Rect(x: 0, y: 0, width: 60, height: 2), Rect(x: 0, y: 2, width: 60, height: 2),
            Rect(x: 0, y: 4, width: 60, height: 2), Rect(x: 0, y: 6, width: 60, height: 2),
            Rect(x: 1, y: 9, width: 28, height: 5), Rect(x: 30, y: 9, width: 28, height: 5),
            Rect(x: 1, y: 15, width: 28, height: 5), Rect(x: 30, y: 15, width: 28, height: 5),
        ])
        #expect(layout.contentHeight == 21)
    }

    @Test func examplesOwnLuaTestsPass() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        // As `hub test` does: requests are answered from each folder's recordings.
        runtime.manager.httpTransport = RecordedHTTPTransport()
        var lines: [String] = []
        let summary = runtime.runTests(under: [TestPaths.examples]) { lines.append($0) }
        #expect(summary.failed == 0, "\(lines.joined(separator: "\n"))")
        #expect(summary.passed >= 3)
        #expect(lines.last == summary.line)
    }
}
