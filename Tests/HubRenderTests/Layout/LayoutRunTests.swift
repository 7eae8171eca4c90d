import HubCore
import Testing

@testable import HubRender

// A run of one component's models: its traits and the layout manager's margins for them,
// asked for once per run.

/// A layout manager that counts the questions it is asked and answers from fixed numbers.
private final class CountingLayoutManager: ComponentLayoutManager {
    private(set) var questions = 0

    func margin(for traits: Set<LayoutTrait>, to edge: ContentEdge) -> Int {
        questions += 1
        return ContentEdge.allCases.firstIndex(of: edge) ?? 0
    }

    func verticalMargin(for traits: Set<LayoutTrait>, toHeaderWith headerTraits: Set<LayoutTrait>) -> Int {
        questions += 1
        return 7
    }

    func horizontalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        questions += 1
        return preceding == traits ? 5 : 6
    }

    func verticalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        questions += 1
        return preceding == traits ? 8 : 9
    }

    func horizontalOffset(forRowWith traits: [Set<LayoutTrait>], firstLeading: Int, lastTrailing: Int) -> Int {
        questions += 1
        return 0
    }
}

struct LayoutRunTests {
    private let identifier = Identifier(namespace: "test", name: "row")

    @Test func marginsWithinARunAreAskedForOnce() {
        let manager = CountingLayoutManager()
        let run = LayoutRun(identifier: identifier, component: ComponentMock(traits: [.stackable]), layoutManager: manager)

        let first = [run.margin(to: .top), run.margin(to: .right), run.margin(to: .bottom), run.margin(to: .left)]
        let again = [run.margin(to: .top), run.margin(to: .right), run.margin(to: .bottom), run.margin(to: .left)]
        let toItself = [run.horizontalMargin(preceding: run), run.verticalMargin(preceding: run)]
        let toItselfAgain = [run.horizontalMargin(preceding: run), run.verticalMargin(preceding: run)]

        #expect(run.traits == [.stackable])
        #expect(first == [0, 1, 2, 3])
        #expect(again == first)
        #expect(toItself == [5, 8])
        #expect(toItselfAgain == toItself)
        #expect(manager.questions == 6)
    }

    @Test func marginsToAnotherRunAreAskedEachTime() {
        let manager = CountingLayoutManager()
        let rows = LayoutRun(identifier: identifier, component: ComponentMock(traits: [.stackable]), layoutManager: manager)
        let cards = LayoutRun(
            identifier: Identifier(namespace: "test", name: "card"), component: ComponentMock(traits: [.compactWidth]), layoutManager: manager)

        let margins = [cards.horizontalMargin(preceding: rows), cards.verticalMargin(preceding: rows), cards.horizontalMargin(preceding: rows)]

        #expect(margins == [6, 9, 6])
        #expect(manager.questions == 3)
    }
}
