import HubCore
import HubRender
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
        #expect(screen.render() == (try TestPaths.golden("\(view.0)-\(width).txt")))
        #expect(runtime.problems.isEmpty)
    }

    @Test func renderIsDeterministicAcrossRuntimes() throws {
        let first = try makeRuntime(TestPaths.fixture("Torture")).open("torture:view", options: .init(width: 77)).render()
        let second = try makeRuntime(TestPaths.fixture("Torture")).open("torture:view", options: .init(width: 77)).render()
        #expect(first == second)
    }

    @Test func colorAddsANSIStylesAndPlainOutputHasNone() throws {
        let screen = try makeRuntime(TestPaths.examples).open("cities:overview", options: .init(width: 60))
        let colored = screen.render(color: true)
        #expect(colored.contains("\u{1B}[1mMadrid\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[2mSpain\u{1B}[0m"))
        #expect(!screen.render().contains("\u{1B}"))
    }

    @Test func asciiBoxesUsePlainCharacters() throws {
        let text = try makeRuntime(TestPaths.examples).open("cities:overview", options: .init(width: 60)).render(ascii: true)
        #expect(text.contains(" +--------------------------+ +--------------------------+"))
        #expect(!text.contains("┌"))
    }

    @Test func heightCutsTheViewportAndScrollMovesIt() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: 60, height: 6))
        let top = screen.render()
        #expect(top.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
        #expect(top.hasSuffix(" Madrid\n Spain\n Rome\n Italy\n"))
        #expect(screen.viewportHeight == 4, "six rows less the navigation bar's two")
        #expect(screen.scroll(by: 4) == 4)
        #expect(screen.render().hasSuffix(" Berlin\n Germany\n Amsterdam\n Netherlands\n"))
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
