import HubCore
import Testing
@testable import HubRender

/// A view model of full-width components ten rows high with the given identifiers.
private func rows(_ identifiers: [String]) -> ViewModel {
    let builder = ViewModelBuilder()
    for identifier in identifiers { builder.bodyBuilder(identifier).title = identifier }
    return builder.build()
}

/// Frames of `count` stacked components ten rows high.
private func frames(_ count: Int) -> [Rect] {
    (0..<count).map { Rect(x: 0, y: $0 * 10, width: 40, height: 10) }
}

@Suite struct ContentOffsetTests {
    @Test func withoutADiffTheProposedOffsetStays() {
        let offset = CollectionLayout.targetContentOffset(
            proposed: 120, diff: nil, topmostVisibleIndex: 12, oldFrames: frames(30), newFrames: frames(30),
            contentHeight: 300, viewportHeight: 40)
        #expect(offset == 120)
    }

    @Test func initiallyAddedComponentsWithNothingVisibleKeepTheOffset() {
        let diff = ViewModelDiff(from: rows([]), to: rows((0..<20).map { "row-\($0)" }))
        let offset = CollectionLayout.targetContentOffset(
            proposed: 0, diff: diff, topmostVisibleIndex: nil, oldFrames: [], newFrames: frames(20), contentHeight: 200,
            viewportHeight: 40)
        #expect(offset == 0)
    }

    @Test func theTopmostVisibleComponentStaysPut() {
        let old = rows((0..<30).map { "row-\($0)" })
        let new = rows(["new-0", "new-1"] + (12..<30).map { "row-\($0)" })
        let diff = ViewModelDiff(from: old, to: new)
        #expect(diff.deleted == Array(0...11) && diff.inserted == [0, 1])
        let offset = CollectionLayout.targetContentOffset(
            proposed: 250, diff: diff, topmostVisibleIndex: 25, oldFrames: frames(30), newFrames: frames(20),
            contentHeight: 200, viewportHeight: 40)
        #expect(offset == 250 - 12 * 10 + 2 * 10, "row-25 was at 250 and is now at 150")
    }

    @Test func theOffsetIsClampedToTheContentAndInsets() {
        let inserted = ViewModelDiff(from: rows([]), to: rows((0..<10).map { "row-\($0)" }))
        let bottom = CollectionLayout.targetContentOffset(
            proposed: 40, diff: inserted, topmostVisibleIndex: 9, oldFrames: [], newFrames: frames(10),
            contentHeight: 100, viewportHeight: 40, topInset: 3, bottomInset: 4)
        #expect(bottom == 100 + 4 - 40)
        let removed = ViewModelDiff(from: rows((0..<10).map { "row-\($0)" }), to: rows([]))
        let top = CollectionLayout.targetContentOffset(
            proposed: 0, diff: removed, topmostVisibleIndex: 9, oldFrames: frames(10), newFrames: [], contentHeight: 0,
            viewportHeight: 40, topInset: 3, bottomInset: 4)
        #expect(top == -3)
    }

    @Test func topmostVisibleIndexIsTheFirstFrameBelowTheOffset() {
        #expect(CollectionLayout.topmostVisibleIndex(in: frames(5), offset: 0) == 0)
        #expect(CollectionLayout.topmostVisibleIndex(in: frames(5), offset: 25) == 2)
        #expect(CollectionLayout.topmostVisibleIndex(in: frames(5), offset: 50) == nil)
    }
}
