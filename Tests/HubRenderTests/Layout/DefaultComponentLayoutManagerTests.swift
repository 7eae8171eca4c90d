import HubCore
import Testing

@testable import HubRender

// HUBDefaultComponentLayoutManagerTests.m with margin 10; values are cells.
// The algorithm is docs/components.md's "Layout".

struct DefaultComponentLayoutManagerTests {
    private let manager = DefaultComponentLayoutManager(margin: 10)

    @Test func applyingMarginBetweenCompactWidthComponents() {
        let traits: Set<LayoutTrait> = [.compactWidth]
        #expect(manager.horizontalMargin(for: traits, preceding: traits) == 10)
        #expect(manager.verticalMargin(for: traits, toHeaderWith: traits) == 10)
    }

    @Test func applyingMarginBetweenCompactWidthComponentAndContentEdge() {
        let traits: Set<LayoutTrait> = [.compactWidth]
        #expect(manager.margin(for: traits, to: .top) == 10)
        #expect(manager.margin(for: traits, to: .right) == 10)
        #expect(manager.margin(for: traits, to: .bottom) == 10)
        #expect(manager.margin(for: traits, to: .left) == 10)
    }

    @Test func notApplyingHorizontalMarginBetweenFullWidthComponents() {
        let traits: Set<LayoutTrait> = [.fullWidth]
        #expect(manager.horizontalMargin(for: traits, preceding: traits) == 0)
        #expect(manager.verticalMargin(for: traits, toHeaderWith: traits) == 10)
    }

    @Test func notApplyingHorizontalMarginBetweenFullWidthComponentAndContentEdge() {
        let traits: Set<LayoutTrait> = [.fullWidth]
        #expect(manager.margin(for: traits, to: .top) == 10)
        #expect(manager.margin(for: traits, to: .right) == 0)
        #expect(manager.margin(for: traits, to: .bottom) == 10)
        #expect(manager.margin(for: traits, to: .left) == 0)
    }

    @Test func notApplyingVerticalMarginBetweenStackableComponents() {
        let traits: Set<LayoutTrait> = [.stackable]
        #expect(manager.horizontalMargin(for: traits, preceding: traits) == 10)
        #expect(manager.verticalMargin(for: traits, toHeaderWith: traits) == 0)
        #expect(manager.verticalMargin(for: traits, preceding: traits) == 0)
    }

    @Test func notApplyingVerticalMarginBetweenStackableComponentAndContentEdge() {
        let traits: Set<LayoutTrait> = [.stackable]
        #expect(manager.margin(for: traits, to: .top) == 0)
        #expect(manager.margin(for: traits, to: .right) == 10)
        #expect(manager.margin(for: traits, to: .bottom) == 0)
        #expect(manager.margin(for: traits, to: .left) == 10)
    }

    @Test func applyingVerticalMarginBetweenStackableAndNonStackableComponent() {
        let stackable: Set<LayoutTrait> = [.stackable]
        let compact: Set<LayoutTrait> = [.compactWidth]
        #expect(manager.verticalMargin(for: stackable, preceding: compact) == 10)
        #expect(manager.verticalMargin(for: compact, preceding: stackable) == 10)
    }

    @Test func notApplyingVerticalMarginUpwardsForAlwaysStackUpwardsComponent() {
        let alwaysStackUpwards: Set<LayoutTrait> = [.alwaysStackUpwards]
        let compact: Set<LayoutTrait> = [.compactWidth]
        #expect(manager.verticalMargin(for: alwaysStackUpwards, preceding: compact) == 0)
        #expect(manager.verticalMargin(for: compact, preceding: alwaysStackUpwards) == 10)
    }

    @Test func centering() {
        #expect(manager.horizontalOffset(forRowWith: [[.centered]], firstLeading: 10, lastTrailing: 300) == 145)
    }

    // Beyond the original's tests, from its layout rules.

    @Test func centeredAndNonCenteredComponentsNeverShareARow() {
        let centered: Set<LayoutTrait> = [.centered]
        let compact: Set<LayoutTrait> = [.compactWidth]
        #expect(manager.horizontalMargin(for: centered, preceding: compact) == Int.max)
        #expect(manager.horizontalMargin(for: compact, preceding: centered) == Int.max)
        #expect(manager.horizontalMargin(for: centered, preceding: centered) == 10)
    }

    @Test func rowIsOnlyCenteredWhenEveryComponentIsCentered() {
        #expect(manager.horizontalOffset(forRowWith: [[.centered], [.compactWidth]], firstLeading: 10, lastTrailing: 300) == 0)
        #expect(manager.horizontalOffset(forRowWith: [], firstLeading: 10, lastTrailing: 300) == 0)
        #expect(manager.horizontalOffset(forRowWith: [[.centered], [.centered]], firstLeading: 0, lastTrailing: 5) == 2)
    }
}
