import HubRender
import Testing
@testable import HubLua

@Suite struct CitiesExampleTests {
    @Test(arguments: [40, 60, 80])
    func renderMatchesGoldenFileByteForByte(width: Int) throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: width))
        #expect(screen.render(RenderOptions(width: width)) == (try TestPaths.golden("cities-\(width).txt")))
        #expect(runtime.problems.isEmpty)
    }

    @Test func framesStackRowsAndPairImages() throws {
        let runtime = try makeRuntime(TestPaths.examples)
        let screen = try runtime.open("cities:overview", options: .init(width: 60))
        let layout = screen.layout(width: 60)
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
        var lines: [String] = []
        let summary = runtime.runTests(under: [TestPaths.examples]) { lines.append($0) }
        #expect(summary.failed == 0, "\(lines.joined(separator: "\n"))")
        #expect(summary.passed >= 3)
        #expect(lines.last == summary.line)
    }
}
