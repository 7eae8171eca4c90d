import Foundation
import HubCore
import Testing
@testable import HubRender

/// A view's rows: the navigation bar (two rows with a title), then the viewport, fixed or as
/// high as everything the view shows.
@Suite struct ViewGeometryTests {
    private let titled = ViewModel(
        identifier: nil, navigationItem: NavigationItem(title: "Title"), header: nil, body: [], overlays: [], customData: nil,
        buildDate: Date(timeIntervalSince1970: 0))

    private func layout(content: Int, header: Int? = nil, overlayBottom: Int? = nil) -> ViewLayout {
        ViewLayout(
            header: header.map { Rect(x: 0, y: 0, width: 10, height: $0) }, body: [],
            overlays: overlayBottom.map { [Rect(x: 0, y: $0 - 2, width: 10, height: 2)] } ?? [], contentHeight: content)
    }

    @Test func sizesAreNeverBelowTheirMinimum() {
        #expect(ViewGeometry(width: 0, height: -4) == ViewGeometry(width: 1, height: 0))
    }

    @Test func aFixedHeightLeavesTheViewportBelowTheNavigationBar() {
        let geometry = ViewGeometry(width: 40, height: 10)
        #expect(geometry.viewportHeight(for: titled) == 8)
        #expect(geometry.viewportHeight(for: .empty) == 10)
        #expect(ViewGeometry(width: 40, height: 1).viewportHeight(for: titled) == 0)
        #expect(geometry.renderedHeight(of: titled, layout: layout(content: 500)) == 10)
    }

    @Test func withoutAHeightTheViewportHoldsEverythingTheViewShows() {
        let geometry = ViewGeometry(width: 40)
        #expect(geometry.viewportHeight(for: titled) == nil)
        #expect(geometry.renderedHeight(of: titled, layout: layout(content: 7)) == 9)
        #expect(geometry.renderedHeight(of: titled, layout: layout(content: 7, header: 12)) == 14)
        #expect(geometry.renderedHeight(of: .empty, layout: layout(content: 7, overlayBottom: 20)) == 20)
    }

    @Test func theBodyScrollsAsFarAsItsContentReachesPastTheViewport() {
        #expect(ViewGeometry(width: 40, height: 10).maximumScrollOffset(of: titled, layout: layout(content: 30)) == 22)
        #expect(ViewGeometry(width: 40, height: 10).maximumScrollOffset(of: titled, layout: layout(content: 5)) == 0)
        #expect(ViewGeometry(width: 40).maximumScrollOffset(of: titled, layout: layout(content: 30)) == 0)
    }

    @Test func oneFallbackServesEveryViewportWhoseHeightIsNotFixed() {
        let header = Rect(x: 0, y: 0, width: 10, height: 12)
        let overlay = Rect(x: 0, y: 18, width: 10, height: 2)
        #expect(ViewGeometry.viewportHeight(fixed: 5, contentHeight: 30, header: header, overlays: [overlay]) == 5)
        #expect(ViewGeometry.viewportHeight(fixed: nil, contentHeight: 7, header: nil) == 7)
        #expect(ViewGeometry.viewportHeight(fixed: nil, contentHeight: 7, header: header) == 12)
        #expect(ViewGeometry.viewportHeight(fixed: nil, contentHeight: 7, header: header, overlays: [overlay]) == 20)
    }

    @Test func theLargestScrollOffsetKeepsToTheInsets() {
        #expect(ViewGeometry.maximumScrollOffset(contentHeight: 30, viewportHeight: 8) == 22)
        #expect(ViewGeometry.maximumScrollOffset(contentHeight: 5, viewportHeight: 8) == 0)
        #expect(ViewGeometry.maximumScrollOffset(contentHeight: 30, viewportHeight: 8, bottomInset: 3) == 25)
        #expect(ViewGeometry.maximumScrollOffset(contentHeight: 5, viewportHeight: 8, topInset: 2) == -2)
    }
}
