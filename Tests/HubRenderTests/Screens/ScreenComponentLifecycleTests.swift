import HubCore
import Testing

@testable import HubRender

/// How a screen's components live: header and overlay reuse and removal, appearance and
/// disappearance, UI state, reuse of body components and children, resizing, container sizes
/// and content offsets. Hub Framework's view controller tests ("Header / overlay reuse & lifecycle", "Component reuse, children, state" and the
/// content-offset tests), headless: drawing (`render()`) is the layout pass, and a component
/// appears when it is first drawn.
@Suite struct ScreenComponentLifecycleTests {
    // MARK: Header and overlays

    /// `testHeaderComponentReuse`
    @Test func theHeaderComponentIsReusedWhenItsModelChanges() throws {
        var loads = 0
        let fixture = try ScreenFixture { builder in
            loads += 1
            builder.headerBuilder.title = "Header \(loads)"
        }
        let screen = try fixture.open()
        _ = screen.render()
        #expect(fixture.component.numberOfReuses == 0)
        for _ in 1...2 {
            screen.appear()
            _ = screen.render()
        }
        #expect(fixture.component.numberOfReuses == 2)
        #expect(fixture.component.configurations == ["header", "header", "header"])
        #expect(screen.render() == "Header 3\n")
    }

    /// `testHeaderComponentNotReconfiguredForSameModel`, `testOverlayComponentNotReconfiguredForSameModel`
    @Test(arguments: [ComponentType.header, .overlay])
    func aHeaderOrOverlayIsLeftAloneForAnEqualModel(type: ComponentType) throws {
        let fixture = try ScreenFixture { $0.builder(type, "overlay").title = "Same" }
        let screen = try fixture.open()
        _ = screen.render()
        for _ in 1...2 {
            screen.appear()
            _ = screen.render()
        }
        #expect(screen.loader.operationStatuses[0].runs == 3)
        #expect(fixture.component.numberOfReuses == 0)
        #expect(fixture.component.configurations.count == 1)
    }

    /// `testHeaderComponentNotifiedOfViewWillAppear`, `testOverlayComponentsNotifiedOfViewWillAppear`
    @Test(arguments: [ComponentType.header, .overlay])
    func aHeaderOrOverlayIsToldEachTimeTheScreenAppears(type: ComponentType) throws {
        let fixture = try ScreenFixture { $0.builder(type, "overlay").title = "Observer" }
        fixture.component.observesView = true
        let screen = try fixture.open()
        _ = screen.render()
        #expect(fixture.component.numberOfAppearances == 1)
        screen.appear()
        screen.appear()
        #expect(fixture.component.numberOfAppearances == 3)
    }

    /// `testThatDelegateIsNotifiedWhenHeaderAppears`, `testThatDelegateIsNotifiedWhenOverlayAppears`
    @Test(arguments: [ComponentType.header, .overlay])
    func theEventLogRecordsOneAppearanceOfTheHeaderOrOverlay(type: ComponentType) throws {
        let fixture = try ScreenFixture { $0.builder(type, "overlay").title = "Appearing" }
        let screen = try fixture.open()
        _ = screen.render()
        _ = screen.render()
        let identifier = type == .header ? "header" : "overlay"
        #expect(screen.events(.componentWillAppear) == ["spotify:hub:test: component will appear \(identifier)"])
        #expect(screen.visibleComponent(ofType: type, at: [0]) === fixture.component)
    }

    /// `testRemovingHeaderComponent`
    @Test func aRemovedHeaderLeavesTheScreen() throws {
        let fixture = try ScreenFixture { $0.headerBuilder.title = "Header" }
        let screen = try fixture.open(width: 10)
        #expect(screen.render() == "Header\n")
        #expect(screen.visibleComponent(ofType: .header, at: [0]) === fixture.component)
        fixture.operation.build = { $0.bodyBuilder("body").title = "Body" }
        screen.reload()
        #expect(screen.render() == "  title\n──────────\nBody\n")
        #expect(screen.visibleComponents(ofType: .header).isEmpty)
        #expect(screen.events(.componentDidDisappear) == ["spotify:hub:test: component did disappear header"])
    }

    /// `testOverlayComponentReuse`
    @Test func anOverlayIsReusedInItsPlaceUntilItsComponentChanges() throws {
        var loads = 0
        let fixture = try ScreenFixture { builder in
            loads += 1
            let overlay = builder.overlayBuilder("overlay")
            overlay.componentIdentifier = Identifier(namespace: "overlayReuse", name: loads <= 3 ? "a" : "b")
            overlay.title = "Overlay \(loads)"
        }
        let (a, b) = (MockComponent(), MockComponent())
        fixture.components.shared = ["overlayReuse:a": a, "overlayReuse:b": b]
        let screen = try fixture.open()
        _ = screen.render()
        for _ in 1...2 {
            screen.appear()
            _ = screen.render()
        }
        #expect(a.numberOfReuses == 2)
        #expect(b.numberOfReuses == 0)
        for _ in 1...2 {
            screen.appear()
            _ = screen.render()
        }
        #expect(a.numberOfReuses == 2)
        #expect(b.numberOfReuses == 1, "the first load of b creates it, the second reuses it")
        #expect(b.configurations == ["overlay", "overlay"])
    }

    /// `testRemovedOverlayComponentsRemovedFromView`
    @Test func aRemovedOverlayLeavesTheScreen() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("body").title = "Body"
            builder.overlayBuilder("overlay").title = "Overlay"
        }
        let screen = try fixture.open(width: 10, height: 3)
        #expect(screen.render() == "  title\n──────────\nOverlay\n", "the overlay covers the body")
        fixture.operation.build = { $0.bodyBuilder("body").title = "Body" }
        fixture.operation.handle?.reschedule()
        #expect(screen.render() == "  title\n──────────\nBody\n")
        #expect(screen.visibleComponents(ofType: .overlay).isEmpty)
    }

    /// `testUnreusedOverlayComponentsRemovedFromView`
    @Test func anOverlayWhoseComponentChangesIsReplaced() throws {
        let fixture = try ScreenFixture { $0.overlayBuilder("overlay").title = "Original" }
        let alternative = MockComponent()
        fixture.components.shared["alternative:alternative"] = alternative
        let screen = try fixture.open(width: 12)
        _ = screen.render()
        fixture.operation.build = { builder in
            let overlay = builder.overlayBuilder("overlay")
            overlay.componentIdentifier = Identifier(namespace: "alternative", name: "alternative")
            overlay.title = "Alternative"
        }
        screen.reload()
        #expect(screen.render().hasSuffix("\nAlternative\n"))
        #expect(screen.visibleComponents(ofType: .overlay).count == 1)
        #expect(screen.visibleComponent(ofType: .overlay, at: [0]) === alternative)
        #expect(screen.events(.componentDidDisappear) == ["spotify:hub:test: component did disappear overlay"])
        #expect(fixture.component.configurations == ["overlay"], "the original component was not reused for it")
    }

    // MARK: UI state

    /// `testSavingAndRestoringHeaderComponentUIState`, `testSavingAndRestoringOverlayComponentUIState`
    @Test(arguments: [ComponentType.header, .overlay])
    func theUIStateOfAHeaderOrOverlayIsRestoredWhenItsModelIsReconfigured(type: ComponentType) throws {
        var loads = 0
        let fixture = try ScreenFixture { builder in
            loads += 1
            builder.builder(type, "id").title = loads == 1 ? "First" : "Later \(loads)"
        }
        let screen = try fixture.open()
        _ = screen.render()
        fixture.component.restoresUIState = true
        fixture.component.currentUIState = .string("State!")
        screen.appear()
        _ = screen.render()
        #expect(fixture.component.restoredUIStates == [.string("State!")])
        #expect(screen.savedUIState(forModel: type == .header ? "header" : "id") == .string("State!"))
    }

    /// `testSavingAndRestoringBodyComponentUIState`
    @Test func theUIStateOfABodyComponentIsRestoredOnlyForTheModelItWasSavedFor() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("one").title = "One"
            builder.bodyBuilder("two").title = "Two"
        }
        fixture.component.restoresUIState = true
        let screen = try fixture.open(height: 3)
        _ = screen.render()
        fixture.component.currentUIState = .string("State!")
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(fixture.component.restoredUIStates.isEmpty, "two had no saved state")
        screen.scroll(by: -1)
        _ = screen.render()
        #expect(fixture.component.restoredUIStates == [.string("State!")])
        #expect(fixture.component.numberOfReuses == 2)
        #expect(fixture.component.configurations == ["one", "two", "one"])
    }

    // MARK: Body components and children

    /// `testComponentReusedOnCellReuse`
    @Test func aComponentScrolledOutOfViewIsReusedForTheOneScrolledIn() throws {
        let fixture = try ScreenFixture { builder in
            for name in ["A", "B", "C"] { builder.bodyBuilder(name).title = name }
        }
        let screen = try fixture.open(height: 3)
        _ = screen.render()
        #expect(screen.renderer.host.createdCount == 1)
        screen.scroll(by: 1)
        #expect(screen.render().hasSuffix("─\nB\n"))
        #expect(screen.renderer.host.createdCount == 1, "A's component shows B")
        #expect(fixture.component.numberOfReuses == 1)
        screen.resize(width: 20, height: 4)
        #expect(screen.render().hasSuffix("─\nB\nC\n"))
        #expect(screen.renderer.host.createdCount == 2, "B and C are both in view")
        #expect(fixture.component.numberOfReuses == 1)
    }

    /// `testCreatingAndReusingChildComponent`
    @Test func aChildComponentIsCreatedSizedAndReusedForAnotherChild() throws {
        var loads = 0
        let fixture = try ScreenFixture { builder in
            loads += 1
            let parent = builder.bodyBuilder("parent")
            parent.componentName = "parent"
            let child = parent.childBuilder(loads == 1 ? "A" : "B")
            child.componentName = "child"
            child.title = "Child \(loads == 1 ? "A" : "B")"
        }
        fixture.components.setUp = { identifier, component in
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 20, height: 3) }
            if identifier == "namespace:child" {
                component.preferredViewSize = Size(width: 10, height: 2)
                component.observesView = true
            }
        }
        let screen = try fixture.open()
        #expect(screen.render() == "       title\n────────────────────\nparent\nChild A\n\n")
        let child = try fixture.components.last("namespace:child")
        #expect(screen.visibleComponent(ofType: .body, at: [0, 0]) === child)
        #expect(child.resizes == [Size(width: 10, height: 2)], "sized to its preferred size")
        screen.reload()
        #expect(screen.render().hasSuffix("─\nparent\nChild B\n\n"))
        #expect(try fixture.components.last("namespace:child") === child, "the same child component shows B")
        #expect(child.configurations == ["A", "B"])
        #expect(child.numberOfReuses == 1)
        #expect(fixture.components.created["namespace:child"]?.count == 2, "one measures, one shows")
    }

    /// `testChildComponentsRemovedFromParentOnReuse`
    @Test func childrenOfAParentScrolledOutOfViewAreNoLongerShownAndAreReused() throws {
        let fixture = try ScreenFixture { builder in
            for name in ["A", "B"] {
                let parent = builder.bodyBuilder(name)
                parent.componentName = "parent"
                parent.title = name
                let child = parent.childBuilder("child")
                child.componentName = "child"
                child.title = "\(name)'s child"
            }
        }
        fixture.components.setUp = { identifier, component in
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 20, height: 2) }
        }
        let screen = try fixture.open(height: 4)
        #expect(screen.render().hasSuffix("─\nA\nA's child\n"))
        let child = try fixture.components.last("namespace:child")
        #expect(screen.visibleComponent(ofType: .body, at: [0, 0]) === child)
        #expect(screen.visibleComponent(ofType: .body, at: [1, 0]) == nil)
        screen.scroll(by: 2)
        #expect(screen.render().hasSuffix("─\nB\nB's child\n"))
        #expect(screen.visibleComponent(ofType: .body, at: [0, 0]) == nil)
        #expect(screen.visibleComponent(ofType: .body, at: [1, 0]) === child)
        #expect(child.configurations == ["child", "child"])
    }

    /// `testComponentNotifiedOfResize`
    @Test func aComponentIsToldOfResizingOnlyWhenItsSizeChanges() throws {
        let fixture = try ScreenFixture { $0.bodyBuilder("body").title = "Body" }
        fixture.component.observesView = true
        fixture.component.preferredViewSize = Size(width: 15, height: 2)
        let screen = try fixture.open()
        _ = screen.render()
        #expect(fixture.component.resizes == [Size(width: 15, height: 2)])
        for _ in 1...3 { _ = screen.render() }
        #expect(fixture.component.resizes == [Size(width: 15, height: 2)])
        fixture.component.preferredViewSize = Size(width: 15, height: 1)
        _ = screen.render()
        #expect(fixture.component.resizes == [Size(width: 15, height: 2), Size(width: 15, height: 1)])
    }

    /// `testComponentNotifiedOfViewWillAppearWhenCellIsDisplayed`
    @Test func aBodyComponentAppearsOnceWhenDrawnAndAgainWhenTheScreenReappears() throws {
        let fixture = try ScreenFixture { $0.bodyBuilder("body").title = "title" }
        fixture.component.observesView = true
        fixture.component.layoutTraits = [.centered]
        let screen = try fixture.open()
        for _ in 1...3 { _ = screen.render() }
        #expect(fixture.component.numberOfAppearances == 1)
        #expect(screen.events(.componentWillAppear) == ["spotify:hub:test: component will appear body"])
        screen.appear()
        #expect(fixture.component.numberOfAppearances == 2)
        #expect(screen.events(.componentWillAppear).count == 2)
    }

    /// `testChildComponentsNotifiedWhenParentComponentIsDisplayed`
    @Test func childrenAppearWithTheirParentAndAgainWhenTheScreenReappears() throws {
        let fixture = try ScreenFixture { builder in
            let parent = builder.bodyBuilder("parent")
            parent.componentName = "parent"
            for index in 0..<3 {
                let child = parent.childBuilder("child-\(index)")
                child.componentName = "child"
            }
        }
        fixture.components.setUp = { identifier, component in
            component.observesView = true
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 20, height: 4) }
        }
        let screen = try fixture.open()
        _ = screen.render()
        let children = try #require(fixture.components.created["namespace:child"]?.dropFirst())
        #expect(children.map(\.numberOfAppearances) == [1, 1, 1])
        #expect(screen.events.filter { $0.kind == .componentWillAppear }.map(\.component) == [
            "parent", "child-0", "child-1", "child-2",
        ])
        screen.appear()
        #expect(children.map(\.numberOfAppearances) == [2, 2, 2])
        #expect(screen.events(.componentWillAppear).count == 8)
    }

    /// `testDelegateNotifiedWhenRootComponentDisappeared`, `testViewControllerDelegateIsNotifiedWhenComponentIsReused`
    @Test func aComponentScrolledOutOfViewIsRecordedAsDisappearedAsItGoesBackToThePool() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("one").title = "Title"
            builder.bodyBuilder("two").title = "Two"
        }
        let screen = try fixture.open(height: 3)
        _ = screen.render()
        #expect(screen.events(.componentDidDisappear).isEmpty)
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(screen.events.suffix(2).map(\.description) == [
            "spotify:hub:test: component did disappear one", "spotify:hub:test: component will appear two",
        ])
    }

    /// `testDelegateNotifiedWhenChildComponentDisappeared`
    @Test func childrenDisappearWithTheirParent() throws {
        let fixture = try ScreenFixture { builder in
            let parent = builder.bodyBuilder("parent")
            parent.componentName = "parent"
            let child = parent.childBuilder("child")
            child.componentName = "child"
            child.title = "Child title"
            builder.bodyBuilder("after").title = "After"
        }
        fixture.components.setUp = { identifier, component in
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 20, height: 2) }
        }
        let screen = try fixture.open(height: 3)
        _ = screen.render()
        screen.scroll(by: 2)
        _ = screen.render()
        #expect(screen.events(.componentDidDisappear) == [
            "spotify:hub:test: component did disappear child", "spotify:hub:test: component did disappear parent",
        ])
    }

    // MARK: Container sizes

    /// `testContainerViewSizeForNonReusedRootComponentsAreSameAsCollectionViewSize`,
    /// `testContainerViewSizeForReusedRootComponentsAreSameAsCollectionViewSize`
    @Test func bodyComponentsAreConfiguredInTheViewportsSize() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("one").title = "One"
            builder.bodyBuilder("two").title = "Two"
        }
        let screen = try fixture.open(width: 30, height: 3)
        _ = screen.render()
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(fixture.component.configurations == ["one", "two"])
        #expect(fixture.component.containerSizes == [Size(width: 30, height: 1), Size(width: 30, height: 1)])
    }

    /// `testContainerViewSizeForChildComponentsAreParentComponentsViewSize`
    @Test func childComponentsAreConfiguredInTheirParentsSize() throws {
        let fixture = try ScreenFixture { builder in
            let parent = builder.bodyBuilder("parent")
            parent.componentName = "parent"
            parent.childBuilder("child").componentName = "child"
        }
        fixture.components.setUp = { identifier, component in
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 12, height: 5) }
        }
        let screen = try fixture.open(width: 30)
        _ = screen.render()
        #expect(screen.frameForBodyComponent(at: 0) == Rect(x: 0, y: 0, width: 12, height: 5))
        #expect(try fixture.components.last("namespace:child").containerSizes == [Size(width: 12, height: 5)])
    }

    // MARK: Content offsets

    /// `testComponentNotifiedOfContentOffsetChange`
    @Test func aBodyComponentIsToldTheOffsetWhenItFirstAppearsAndWhenItChanges() throws {
        let fixture = try ScreenFixture { builder in
            builder.bodyBuilder("observer").componentName = "observer"
            for index in 1...5 { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        }
        fixture.components.setUp = { _, component in
            component.observesContentOffset = true
            component.preferredViewSize = Size(width: 20, height: 3)
        }
        let screen = try fixture.open(height: 4)
        _ = screen.render()
        let observer = try fixture.components.last("namespace:observer")
        #expect(observer.contentOffsets == [0], "first appearance")
        screen.appear()
        _ = screen.render()
        #expect(observer.contentOffsets == [0], "appearing again without scrolling")
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(observer.contentOffsets == [0, 1])
        screen.appear()
        _ = screen.render()
        screen.reload()
        _ = screen.render()
        #expect(observer.contentOffsets == [0, 1], "neither appearing again nor reloading scrolls")
    }

    /// `testBodyComponentNotifiedOfContentOffsetChangeOnFirstAppearanceWithContentOffsetSetBefore`,
    /// `testHeaderComponentNotifiedOfContentOffsetChange…`, `testOverlayComponentNotifiedOfContentOffsetChange…`
    @Test(arguments: [ComponentType.header, .body, .overlay])
    func aComponentIsToldTheOffsetOnceOnFirstAppearanceEvenWhenScrolledBefore(type: ComponentType) throws {
        let fixture = try ScreenFixture { builder in
            let observer = builder.builder(type, "observer")
            observer.componentName = "observer"
            for index in 1...10 { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        }
        fixture.components.setUp = { _, component in
            component.observesContentOffset = true
            component.preferredViewSize = Size(width: 20, height: 5)
        }
        let screen = try fixture.open(height: 4)
        #expect(screen.scroll(by: 2) == 2)
        _ = screen.render()
        let observer = try fixture.components.last("namespace:observer")
        #expect(observer.contentOffsets == [2])
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(observer.contentOffsets == [2, 3])
        screen.reload()
        _ = screen.render()
        #expect(observer.contentOffsets == [2, 3])
    }

    /// `testChildComponentNotifiedOfContentOffsetChange`
    @Test func aShownChildComponentIsToldWhenTheOffsetChanges() throws {
        let fixture = try ScreenFixture { builder in
            let parent = builder.bodyBuilder("parent")
            parent.componentName = "parent"
            parent.childBuilder("child").componentName = "child"
            for index in 1...5 { builder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        }
        fixture.components.setUp = { identifier, component in
            if identifier == "namespace:parent" { component.preferredViewSize = Size(width: 20, height: 4) }
            if identifier == "namespace:child" { component.observesContentOffset = true }
        }
        let screen = try fixture.open(height: 4)
        _ = screen.render()
        let child = try fixture.components.last("namespace:child")
        #expect(child.contentOffsets.isEmpty)
        screen.scroll(by: 1)
        _ = screen.render()
        #expect(child.contentOffsets == [1])
    }
}
