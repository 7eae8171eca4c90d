import HubCore
import Testing

@testable import HubRender

/// A stack of screens holds at most ``ScreenStack/maxDepth`` screens, as a browser's history
/// forgets its oldest pages: opening one more closes the first, whose chain is told its view
/// closed, and lets it go.
@Suite struct ScreenStackDepthTests {
    /// An operation that adds a row and notes when its view closes.
    final class ClosingOperation: ContentOperation {
        let name = "closing"
        private(set) var closed = false

        func perform(_ context: ContentOperationContext) {
            context.viewModelBuilder.addRow("row", title: "Row")
            context.finish()
        }

        func viewDidClose() {
            closed = true
        }
    }

    @Test func openingPastTheDepthClosesAndLetsGoTheFirstScreens() throws {
        let manager = try makeManager()
        var operations: [ClosingOperation] = []
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "deep", viewURIPredicate: .root("deep:"), title: "Deep",
            contentOperationFactories: [BlockContentOperationFactory { _ in
                let operation = ClosingOperation()
                operations.append(operation)
                return [operation]
            }]))
        let stack = try manager.openStack("deep:0", options: ScreenOptions(width: 20))
        stack.maxDepth = 5
        weak let first = stack.screens.first
        for depth in 1...8 { #expect(stack.navigate(to: "deep:\(depth)")) }
        #expect(stack.viewURIs == ["deep:4", "deep:5", "deep:6", "deep:7", "deep:8"])
        #expect(operations.map(\.closed) == [true, true, true, true] + Array(repeating: false, count: 5))
        #expect(first == nil)
        #expect(stack.eventLog.events.filter { $0.kind == .navigated }.count == 8)
        while stack.back() {}
        #expect(stack.viewURIs == ["deep:4"])
    }

    @Test func aStackHoldsFiftyScreensUnlessToldOtherwise() throws {
        let manager = try makeManager()
        try manager.register("planets", uri: "planets:inner", title: "Planets") { [RowsOperation(count: 1)] }
        let stack = try manager.openStack("planets:inner", options: ScreenOptions(width: 20))
        #expect(stack.maxDepth == HubDefaults.stackDepth && HubDefaults.stackDepth == 50)
        for _ in 1...60 { stack.navigate(to: "planets:inner") }
        #expect(stack.screens.count == 50)
    }
}
