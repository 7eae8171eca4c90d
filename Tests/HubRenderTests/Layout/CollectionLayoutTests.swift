import HubCore
import Testing

@testable import HubRender

// HUBCollectionViewLayoutTests.m, frame placement and content size, in cells:
// a container 320 wide (400 high) and the original numbers. Components are mocks with fixed
// preferred sizes and traits; the layout manager mock returns 0 for every margin not set.
// The algorithm is docs/components.md's "Layout".

struct CollectionLayoutTests {
    private let containerSize = Size(width: 320, height: 400)

    private let compactTraits: Set<LayoutTrait> = [.compactWidth]
    private let fullWidthTraits: Set<LayoutTrait> = [.fullWidth]
    private let centeredTraits: Set<LayoutTrait> = [.centered]

    private func compactComponent() -> ComponentMock {
        ComponentMock(traits: compactTraits, preferredViewSize: Size(width: 100, height: 100))
    }

    private func fullWidthComponent() -> ComponentMock {
        ComponentMock(traits: fullWidthTraits, preferredViewSize: Size(width: 320, height: 100))
    }

    private func centeredComponent() -> ComponentMock {
        ComponentMock(traits: centeredTraits, preferredViewSize: Size(width: 50, height: 50))
    }

    /// Lays out one body model per component, each model rendered by its own component.
    private func layout(
        _ components: [ComponentMock], layoutManager: ComponentLayoutManagerMock,
        header: (traits: Set<LayoutTrait>, height: Int)? = nil, addHeaderMargin: Bool = true
    ) -> (frames: [Rect], contentHeight: Int) {
        let builder = ViewModelBuilder(configuration: BuilderConfiguration(componentDefaults: .testing))
        var componentsByIdentifier: [String: ComponentMock] = [:]
        for (index, component) in components.enumerated() {
            let identifier = "component-\(index)"
            builder.bodyBuilder(identifier).componentName = identifier
            componentsByIdentifier[identifier] = component
        }
        let engine = CollectionLayout(layoutManager: layoutManager) { model in
            if let component = componentsByIdentifier[model.identifier] { return component }
            Issue.record("no component for body model '\(model.identifier)'")
            return ComponentMock()
        }
        return engine.layoutBody(
            builder.build().body, containerSize: containerSize, header: header, addHeaderMargin: addHeaderMargin)
    }

    @Test func topLeftContentEdgeMargins() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.contentEdgeMargins[compactTraits] = 20

        let result = layout([compactComponent()], layoutManager: layoutManager)

        #expect(result.frames == [Rect(x: 20, y: 20, width: 100, height: 100)])
    }

    @Test func rightContentEdgeMargin() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.contentEdgeMargins[compactTraits] = 20
        let component = ComponentMock(traits: compactTraits, preferredViewSize: Size(width: 320, height: 50))

        let result = layout([component], layoutManager: layoutManager)

        #expect(result.frames == [Rect(x: 20, y: 20, width: 280, height: 50)])
    }

    @Test func verticalMarginToHeaderComponent() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.headerMargins[fullWidthTraits] = 30

        let result = layout(
            [fullWidthComponent()], layoutManager: layoutManager, header: (traits: fullWidthTraits, height: 100),
            addHeaderMargin: true)

        #expect(result.frames == [Rect(x: 0, y: 130, width: 320, height: 100)])
    }

    @Test func noHeaderMarginWhenNotAddingIt() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.headerMargins[fullWidthTraits] = 30

        let result = layout(
            [fullWidthComponent()], layoutManager: layoutManager, header: (traits: fullWidthTraits, height: 100),
            addHeaderMargin: false)

        #expect(result.frames == [Rect(x: 0, y: 0, width: 320, height: 100)])
    }

    @Test func collectionViewContentSize() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.contentEdgeMargins[centeredTraits] = 40

        let result = layout([
            compactComponent(), fullWidthComponent(), compactComponent(), fullWidthComponent(), centeredComponent(),
        ], layoutManager: layoutManager)

        #expect(result.contentHeight == 100 + 100 + 100 + 100 + 50 + 40)
        #expect(result.frames == [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 100, width: 320, height: 100),
            Rect(x: 0, y: 200, width: 100, height: 100),
            Rect(x: 0, y: 300, width: 320, height: 100),
            Rect(x: 40, y: 400, width: 50, height: 50),
        ])
    }

    @Test func componentMovedToNewRowIfWidthExceedsAvailableSpace() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.verticalComponentMargins[compactTraits] = 20
        layoutManager.contentEdgeMargins[compactTraits] = 15

        let result = layout(
            [compactComponent(), compactComponent(), compactComponent()], layoutManager: layoutManager)

        // 15 + 100 + 100 + 100 + 15 = 330 > 320: the third component starts a new row.
        #expect(result.frames == [
            Rect(x: 15, y: 15, width: 100, height: 100),
            Rect(x: 115, y: 15, width: 100, height: 100),
            Rect(x: 15, y: 135, width: 100, height: 100),
        ])
        #expect(result.contentHeight == 235 + 15)
    }

    @Test func componentMovedToNewRowIfItsHorizontalMarginIsBiggerThanCollectionViewWidth() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.verticalComponentMargins[compactTraits] = 20
        layoutManager.horizontalComponentMargins[compactTraits] = Int.max

        let result = layout([centeredComponent(), compactComponent()], layoutManager: layoutManager)

        #expect(result.frames == [
            Rect(x: 0, y: 0, width: 50, height: 50),
            Rect(x: 0, y: 70, width: 100, height: 100),
        ])
    }

    @Test func componentOrigins() {
        var layoutManager = ComponentLayoutManagerMock()
        layoutManager.horizontalComponentOffsets[[centeredTraits, centeredTraits]] = 110

        let result = layout([centeredComponent(), centeredComponent()], layoutManager: layoutManager)

        #expect(result.frames == [
            Rect(x: 110, y: 0, width: 50, height: 50),
            Rect(x: 160, y: 0, width: 50, height: 50),
        ])
    }

    @Test func componentsAreMeasuredInTheContainerSize() throws {
        let component = compactComponent()

        _ = layout([component], layoutManager: ComponentLayoutManagerMock())

        #expect(try #require(component.currentContainerSize) == containerSize)
    }
}
