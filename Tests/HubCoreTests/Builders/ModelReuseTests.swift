import Testing

@testable import HubCore

/// A build reuses the models of components that did not change since the last build, and
/// builds again exactly those that did (and their ancestors), at their current positions.
@Suite struct ModelReuseTests {
    private func makeBuilder() -> ViewModelBuilder {
        let builder = ViewModelBuilder()
        for identifier in ["a", "b", "c"] { builder.bodyBuilder(identifier).title = identifier.uppercased() }
        builder.bodyBuilder("b").childBuilder("b1").title = "B1"
        return builder
    }

    @Test func unchangedComponentsAreReusedAndAnEditedOneIsBuiltAgain() {
        let builder = makeBuilder()
        let first = builder.build()
        builder.bodyBuilder("c").subtitle = "edited"
        let second = builder.build()
        #expect(second.body.map(\.identifier) == ["a", "b", "c"])
        #expect(second.body[0].sharesStorage(with: first.body[0]))
        #expect(second.body[1].sharesStorage(with: first.body[1]))
        #expect(!second.body[2].sharesStorage(with: first.body[2]))
        #expect(second.body[2].subtitle == "edited")
        #expect(first.body[2].subtitle == nil, "the earlier model is immutable")
    }

    @Test func editingAChildBuildsItsParentAgainButNotItsSiblings() {
        let builder = makeBuilder()
        let first = builder.build()
        builder.bodyBuilder("b").childBuilder("b1").title = "B1 edited"
        let second = builder.build()
        #expect(second.body[0].sharesStorage(with: first.body[0]))
        #expect(!second.body[1].sharesStorage(with: first.body[1]))
        #expect(second.body[1].children?.map(\.title) == ["B1 edited"])
        #expect(second.body[1].children?.first?.indexPath == [1, 0])
        #expect(second.body[2].sharesStorage(with: first.body[2]))
    }

    @Test func aComponentThatMovedIsBuiltAgainAtItsNewPosition() {
        let builder = makeBuilder()
        let first = builder.build()
        builder.removeBody("a")
        let second = builder.build()
        #expect(second.body.map(\.identifier) == ["b", "c"])
        #expect(second.body.map(\.index) == [0, 1])
        #expect(second.body.map(\.indexPath) == [[0], [1]])
        #expect(second.body[0].children?.first?.indexPath == [0, 0])
        #expect(!second.body[0].sharesStorage(with: first.body[1]))
        #expect(second.body[0] == first.body[1], "equal apart from its position")
    }

    @Test func preferredIndicesPlaceReusedAndNewModelsAlike() {
        let builder = makeBuilder()
        _ = builder.build()
        builder.bodyBuilder("c").preferredIndex = 0
        let model = builder.build()
        #expect(model.body.map(\.identifier) == ["c", "a", "b"])
        #expect(model.body.map(\.index) == [0, 1, 2])
        #expect(model.body[2].children?.first?.indexPath == [2, 0])
    }

    @Test func aSnapshotKeepsItsModelsWhileACopyBuiltFromItChanges() {
        let builder = makeBuilder()
        let original = builder.build()
        let copy = ViewModelBuilder(snapshot: builder.snapshot())
        copy.bodyBuilder("a").title = "changed in the copy"
        let copied = copy.build()
        let again = builder.build()
        #expect(copied.body[0].title == "changed in the copy")
        #expect(again.body[0].title == "A")
        #expect(again.body[0].sharesStorage(with: original.body[0]))
        #expect(copied.body[1].sharesStorage(with: original.body[1]), "the copy shares what it did not change")
    }

    @Test func theHeaderAndOverlaysAreReusedLikeTheBody() throws {
        let builder = makeBuilder()
        builder.headerBuilder.title = "Header"
        builder.overlayBuilder("o").title = "Overlay"
        let first = builder.build()
        builder.overlayBuilder("o").title = "Overlay edited"
        let second = builder.build()
        let header = try #require(first.header)
        #expect(second.header?.sharesStorage(with: header) == true)
        #expect(second.overlays.first?.title == "Overlay edited")
        #expect(second.overlays.first?.type == .overlay)
    }
}

/// A builder handle finds its model by its last known position, and still finds it (or finds
/// it gone) after others move it.
@Suite struct BuilderHandlePositionTests {
    @Test func aHandleFollowsItsModelWhenEarlierOnesAreRemoved() {
        let builder = ViewModelBuilder()
        let rows = ["a", "b", "c", "d"].map { builder.bodyBuilder($0) }
        rows[3].title = "D"
        builder.removeBody("a")
        builder.removeBody("b")
        rows[3].subtitle = "moved to 1"
        rows[2].title = "C"
        #expect(builder.build().body.map { "\($0.identifier) \($0.title ?? "-") \($0.subtitle ?? "-")" } == ["c C -", "d D moved to 1"])
        #expect(rows[3].title == "D")
    }

    @Test func aHandleOfARemovedModelReadsDefaultsAndIgnoresWrites() {
        let builder = ViewModelBuilder()
        let overlay = builder.overlayBuilder("o")
        overlay.title = "O"
        builder.removeOverlay("o")
        overlay.title = "ignored"
        #expect(overlay.title == nil)
        #expect(builder.build().overlays.isEmpty)
    }
}
