import HubCore
import Testing

@testable import HubRender

/// Where a screen's components are, which are shown, and scrolling: Hub Framework's view
/// controller tests ("Scrolling, insets, geometry"), headless.
@Suite struct ScreenGeometryTests {
    /// A screen 320 columns wide (no margins) with body components A (300×200) and B (100×300).
    private func openTwoBlocks(height: Int? = nil) throws -> (ScreenFixture, Screen) {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("A").componentName = "a"
            builder.bodyBuilder("B").componentName = "b"
        }
        fixture.components.shared["namespace:a"] = MockComponent(preferredViewSize: Size(width: 300, height: 200))
        fixture.components.shared["namespace:b"] = MockComponent(preferredViewSize: Size(width: 100, height: 300))
        return (fixture, try fixture.open(width: 320, height: height))
    }

    /// `testFrameForBodyComponentAtIndex`
    @Test func theFrameOfABodyComponentIsWhereTheLayoutPutIt() throws {
        let (_, screen) = try openTwoBlocks()
        #expect(screen.frameForBodyComponent(at: 0) == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(screen.frameForBodyComponent(at: 1) == Rect(x: 0, y: 200, width: 100, height: 300))
        #expect(screen.frameForBodyComponent(at: 2) == Rect(x: 0, y: 0, width: 0, height: 0), "no component there")
        #expect(screen.frameForBodyComponent(at: -1) == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    /// `testIndexOfBodyComponentAtPoint`
    @Test func theBodyComponentAtAPointOfTheViewportCountsTheScrollOffset() throws {
        let (_, screen) = try openTwoBlocks(height: 202)
        #expect(screen.indexOfBodyComponent(atColumn: 10, row: 10) == 0)
        #expect(screen.indexOfBodyComponent(atColumn: 299, row: 199) == 0)
        #expect(screen.indexOfBodyComponent(atColumn: 10, row: 210) == 1)
        #expect(screen.indexOfBodyComponent(atColumn: 99, row: 299) == 1)
        #expect(screen.indexOfBodyComponent(atColumn: -10, row: -10) == nil)
        #expect(screen.indexOfBodyComponent(atColumn: 200, row: 1000) == nil)
        #expect(screen.indexOfBodyComponent(atColumn: 300, row: 10) == nil, "right of A")
        #expect(screen.scroll(by: 250) == 250)
        #expect(screen.indexOfBodyComponent(atColumn: 10, row: 10) == 1)
    }

    /// `testHeaderMarginAlwaysBasedOnComponentPreferredViewSize`, and the header part of
    /// `testDisablingAutomaticTopInsetManagementWithHeaderComponent` (the body starts below the header)
    @Test func theBodyStartsBelowTheHeadersPreferredHeight() throws {
        let fixture = try ScreenFixture { builder in
            builder.headerBuilder.componentName = "header"
            builder.bodyBuilder("body").title = "Body"
        }
        fixture.components.shared["namespace:header"] = MockComponent(preferredViewSize: Size(width: 20, height: 4))
        let screen = try fixture.open()
        #expect(screen.frameForBodyComponent(at: 0) == Rect(x: 0, y: 4, width: 20, height: 1))
        #expect(screen.render() == "header\n\n\n\nBody\n")
    }

    /// `testVisibleComponents`
    @Test func theShownComponentsOfEachTypeAreFoundByIndexPath() throws {
        let fixture = try ScreenFixture { builder in
            builder.headerBuilder.componentName = "header"
            builder.headerBuilder.title = "Header"
            for name in ["A", "B", "C"] { builder.bodyBuilder(name).componentName = "body" }
            for name in ["1", "2"] { builder.overlayBuilder(name).componentName = "overlay" }
        }
        let screen = try fixture.open()
        _ = screen.render()
        func identifiers(_ type: ComponentType) -> [[Int]: String] {
            screen.visibleComponents(ofType: type).compactMapValues { ($0 as? MockComponent)?.model?.identifier }
        }
        #expect(identifiers(.header) == [[0]: "header"])
        #expect(identifiers(.body) == [[0]: "A", [1]: "B", [2]: "C"])
        #expect(identifiers(.overlay) == [[0]: "1", [1]: "2"])
        for type in [ComponentType.header, .body, .overlay] {
            for (path, component) in screen.visibleComponents(ofType: type) {
                #expect(screen.visibleComponent(ofType: type, at: path) === component)
            }
        }
        #expect(screen.visibleComponent(ofType: .body, at: [3]) == nil)
        #expect(screen.visibleComponent(ofType: .overlay, at: [0, 0]) == nil, "no children")
    }

    /// `testNoVisibleComponents`
    @Test func nothingIsShownBeforeTheScreenIsDrawn() throws {
        let fixture = try ScreenFixture { builder in
            builder.headerBuilder.title = "Header"
            builder.bodyBuilder("A").title = "A"
            builder.overlayBuilder("1").title = "1"
        }
        let screen = try fixture.open()
        for type in [ComponentType.header, .body, .overlay] {
            #expect(screen.visibleComponents(ofType: type).isEmpty)
            #expect(screen.visibleComponent(ofType: type, at: [0]) == nil)
        }
        #expect(screen.visibleComponent(ofType: .body, at: []) == nil)
    }

    /// `testLoadingPaginatedContentWhenScrollingIsAboutToReachBottom`
    @Test func draggingToTheEndOfTheContentLoadsTheNextPage() throws {
        final class Paginated: ContentOperation {
            let name = "paginated"
            let paginates = true
            func perform(_ context: ContentOperationContext) {
                for index in 1...5 { context.viewModelBuilder.addRow("component-\(index)", title: "Component \(index)") }
                context.finish()
            }
            func appendContent(page: Int, context: ContentOperationContext) {
                context.viewModelBuilder.addRow("extended-component-page-\(page)", title: "Page \(page)")
                context.finish()
            }
        }
        let manager = try makeManager()
        try manager.register("paged", uri: "paged:view", title: "Paged") { [Paginated()] }
        let screen = try manager.open("paged:view", options: ScreenOptions(width: 20, height: 6, margin: 0))
        #expect(screen.drag(by: 1) == 1, "five rows in a viewport of four: the end")
        #expect(screen.viewModel.body.count == 6)
        #expect(screen.viewModel.body.last?.identifier == "extended-component-page-1")
        #expect(screen.drag(by: 1) == 2)
        #expect(screen.viewModel.body.count == 7)
        #expect(screen.viewModel.body.last?.identifier == "extended-component-page-2")
        #expect(screen.drag(by: -1) == 1)
        #expect(screen.viewModel.body.count == 7, "a drag that ends before the end loads nothing")
        #expect(screen.scroll(by: 100) == 3)
        #expect(screen.viewModel.body.count == 7, "scrolling is not dragging")
        #expect(screen.render().hasSuffix("─\nComponent 4\nComponent 5\nPage 1\nPage 2\n"))
    }

    /// `testPreventingViewControllerScrolling`, `testViewControllerWithoutDelegateIsAlwaysScrollable`
    @Test func scrollingCanBeVetoedAndIsAllowedWithoutAVeto() throws {
        let fixture = try ScreenFixture { builder in
            for index in 1...10 { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        }
        let screen = try fixture.open(height: 4)
        #expect(screen.scroll(by: 5) == 5)
        var allowed = false
        screen.shouldStartScrolling = { _ in allowed }
        #expect(screen.scroll(by: 1) == 5)
        #expect(screen.drag(by: 1) == 5)
        allowed = true
        #expect(screen.scroll(by: 2) == 7)
    }

    /// `testScrollingToComponentAfterViewModelFinishesRendering`
    @Test func framesAreValidWhenAnUpdateIsReported() throws {
        let fixture = try ScreenFixture { builder in
            for index in 0..<10 { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        }
        let screen = try fixture.open(height: 6)
        var frame: Rect?
        screen.onUpdate = { screen in
            let found = screen.frameForBodyComponent(at: 3)
            frame = found
            screen.scroll(by: found.y)
        }
        screen.reload()
        #expect(frame == Rect(x: 0, y: 3, width: 20, height: 1))
        #expect(screen.scrollOffset == 3)
        #expect(screen.render().hasSuffix("─\nRow 3\nRow 4\nRow 5\nRow 6\n"))
    }
}
