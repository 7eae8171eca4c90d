import HubCore
import Testing

@testable import HubRender

/// A screen's own geometry (size, viewport, scrolling), rendering and updates, from Swift alone.
@Suite struct ScreenTests {
    /// A screen 20 columns wide and 6 rows high on the ten-row `planets:inner` view.
    private func openTenRows(height: Int? = 6) throws -> (HubManager, Screen, RowsOperation) {
        let manager = try makeManager()
        let rows = RowsOperation(count: 10)
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [rows] }
        return (manager, try manager.open("planets:inner", options: ScreenOptions(width: 20, height: height)), rows)
    }

    @Test func theViewportIsTheHeightLessTheNavigationBar() throws {
        let (manager, screen, _) = try openTenRows()
        #expect(screen.viewportHeight == 4)
        screen.resize(width: 20, height: nil)
        #expect(screen.viewportHeight == nil, "a screen without a height shows all content")
        try manager.register("headed", uri: "headed:view", title: "Headed") {
            [BlockContentOperation { $0.viewModelBuilder.headerBuilder.title = "A header, no navigation title" }]
        }
        let headed = try manager.open("headed:view", options: ScreenOptions(width: 20, height: 6))
        #expect(headed.viewModel.title == nil)
        #expect(headed.viewportHeight == 6)
    }

    @Test func scrollingStaysWithinTheContentAndMovesTheRenderedRows() throws {
        let (_, screen, _) = try openTenRows()
        #expect(screen.render() == """
                  Planets
            ────────────────────
            Row 1
            Row 2
            Row 3
            Row 4

            """)
        #expect(screen.scroll(by: 3) == 3)
        #expect(screen.render().hasSuffix("─\nRow 4\nRow 5\nRow 6\nRow 7\n"))
        #expect(screen.scroll(by: 100) == 6, "ten rows in a viewport of four")
        #expect(screen.render().hasSuffix("─\nRow 7\nRow 8\nRow 9\nRow 10\n"))
        #expect(screen.scroll(by: -100) == 0)
    }

    @Test func aLayoutWorkedOutOnceSizesAndDrawsTheScreen() throws {
        let (_, screen, _) = try openTenRows(height: nil)
        let layout = screen.layout()

        #expect(screen.renderedSize(of: layout) == Size(width: 20, height: 12))
        #expect(screen.renderedSize(of: layout) == screen.renderedSize)
        #expect(screen.render(layout: layout) == screen.render())
        #expect(screen.render(layout: layout).hasSuffix("─\nRow 1\nRow 2\nRow 3\nRow 4\nRow 5\nRow 6\nRow 7\nRow 8\nRow 9\nRow 10\n"))
    }

    @Test func resizingKeepsTheScrollOffsetWithinTheContent() throws {
        let (_, screen, _) = try openTenRows()
        screen.scroll(by: 6)
        screen.resize(width: 30, height: 10)
        #expect(screen.scrollOffset == 2, "ten rows in a viewport of eight")
        #expect(screen.render().split(separator: "\n").first == "           Planets")
        screen.resize(width: 30, height: nil)
        #expect(screen.scrollOffset == 0)
    }

    @Test func layoutAndFrameReportUseTheScreensWidth() throws {
        let (_, screen, _) = try openTenRows()
        let layout = screen.layout()
        #expect(layout.body.count == 10)
        #expect(layout.body[9] == Rect(x: 0, y: 9, width: 20, height: 1))
        #expect(layout.contentHeight == 10)
        let report = screen.frameReport()
        #expect(report.contains(#"{"id": "row-10", "x": 0, "y": 9, "width": 20, "height": 1}"#))
        #expect(report.hasSuffix("\"content_height\": 10\n}\n"))
    }

    @Test func anUpdateKeepsTheTopmostVisibleRowInPlace() throws {
        let (manager, screen, rows) = try openTenRows()
        screen.scroll(by: 6)
        let before = screen.render()
        rows.first = 4
        rows.handle?.reschedule()
        manager.settle(screen)
        #expect(screen.viewModel.body.first?.title == "Row 4")
        #expect(screen.scrollOffset == 3, "three rows above were removed")
        #expect(screen.render() == before)
        #expect(screen.lastDiff?.deletedIdentifiers == ["row-1", "row-2", "row-3"])
    }

    @Test func aFailedLoadKeepsTheViewModelAndRecordsTheError() throws {
        let manager = try makeManager()
        try manager.register("flaky", uri: "flaky:view", title: "Flaky") { [FailingAfterFirstRunOperation()] }
        let screen = try manager.open("flaky:view")
        var updates = 0
        screen.onUpdate = { _ in updates += 1 }
        let loaded = screen.viewModel
        screen.reload()
        manager.settle(screen)
        #expect(screen.lastError?.message == "offline")
        #expect(screen.viewModel == loaded)
        #expect(updates == 1)
    }

    @Test func selectionStatesReachTheVisibleComponent() throws {
        final class Selectable: ComponentWithSelectionState {
            let layoutTraits: Set<LayoutTrait> = [.fullWidth]
            var states: [ComponentSelectionState] = []
            func preferredSize(for model: ComponentModel, containerSize: Size) -> Size { Size(width: containerSize.width, height: 1) }
            func render(_ model: ComponentModel, into canvas: TextCanvas) { canvas.text(0, 0, "\(model.title ?? "") \(states.last?.rawValue ?? "none")") }
            func updateSelectionState(_ state: ComponentSelectionState) { states.append(state) }
        }
        let manager = HubManager(clock: .virtual)
        try manager.componentRegistry.register(BlockComponentFactory { _ in Selectable() }, forNamespace: "pick")
        try manager.register("pick", uri: "pick:view", title: "Pick") {
            [BlockContentOperation { context in
                let row = context.viewModelBuilder.bodyBuilder("one")
                row.componentIdentifier = Identifier(namespace: "pick", name: "able")
                row.title = "One"
            }]
        }
        let screen = try manager.open("pick:view", options: ScreenOptions(width: 20))
        _ = screen.render()
        screen.setSelectionState(.highlighted, at: [0])
        screen.setSelectionState(.selected, at: [0])
        #expect(screen.render() == "        Pick\n────────────────────\n\nOne selected\n\n", "not stackable: margins above and below")
    }
}
