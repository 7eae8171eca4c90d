import Testing

@testable import HubCore

/// A component list keeps its nodes in chunks: creation order, positions and lookups behave as
/// one array's would at every size, and a copy is isolated from later edits of either side.
@Suite struct ComponentListTests {
    private static let capacity = ComponentChunk.capacity
    /// Sizes around the chunk boundaries.
    private static let sizes = [0, 1, capacity - 1, capacity, capacity + 1, 2 * capacity, 3 * capacity + 5]

    private func makeList(_ count: Int, prefix: String = "c") -> ComponentList {
        var list = ComponentList()
        for index in 0..<count { list.ensure("\(prefix)\(index)", defaults: .standard) }
        return list
    }

    /// Every position's identifier, looked up both ways.
    private func expectConsistent(_ list: ComponentList, _ expected: [String]) {
        #expect(list.order == expected)
        #expect(list.count == expected.count)
        #expect(list.isEmpty == expected.isEmpty)
        #expect(list.chunks.map(\.count) == chunkSizes(expected.count))
        for (position, identifier) in expected.enumerated() {
            #expect(list.position(of: identifier, hint: -1) == position)
            #expect(list.state(at: position).identifier == identifier)
            #expect(list[identifier]?.identifier == identifier)
        }
    }

    /// Full chunks, then the rest.
    private func chunkSizes(_ count: Int) -> [Int] {
        stride(from: 0, to: count, by: Self.capacity).map { min(Self.capacity, count - $0) }
    }

    @Test(arguments: sizes) func insertsKeepCreationOrderAcrossChunks(count: Int) {
        var list = makeList(count)
        if count > 0 { list.ensure("c0", defaults: .standard) }
        expectConsistent(list, (0..<count).map { "c\($0)" })
        #expect(!list.contains("missing"))
        #expect(list["missing"] == nil)
    }

    @Test(arguments: sizes.filter { $0 > 0 }) func removalsMoveLaterComponentsUp(count: Int) {
        var expected = (0..<count).map { "c\($0)" }
        var list = makeList(count)
        // The last, a chunk's first, the first, then whatever is in the middle.
        for position in [count - 1, min(Self.capacity, count - 1), 0, (count - 1) / 2] where position < expected.count {
            list.remove(expected.remove(at: position))
            expectConsistent(list, expected)
        }
        list.remove("missing")
        expectConsistent(list, expected)
    }

    @Test func removingEverythingOneByOneAndAddingAgain() {
        var list = makeList(2 * Self.capacity + 3)
        for index in 0..<(2 * Self.capacity + 3) { list.remove("c\(index)") }
        expectConsistent(list, [])
        list.ensure("again", defaults: .standard)
        expectConsistent(list, ["again"])
        list.removeAll()
        expectConsistent(list, [])
    }

    @Test func aStaleHintIsOnlySlower() {
        var list = makeList(Self.capacity + 2)
        list.remove("c0")
        #expect(list.position(of: "c5", hint: 5) == 4)
        #expect(list.position(of: "c5", hint: 4) == 4)
        #expect(list.position(of: "c5", hint: 10_000) == 4)
        #expect(list.position(of: "gone", hint: 0) == nil)
    }

    @Test(arguments: sizes.filter { $0 > 1 }) func aCopyIsIsolatedFromLaterEditsOfEitherSide(count: Int) {
        var original = makeList(count)
        var copy = original
        let last = "c\(count - 1)"
        _ = copy.modify(last) { $0.fields.title = "copy" }
        copy.ensure("added", defaults: .standard)
        original.remove("c0")
        original.modify(at: 0) { $0.fields.title = "original" }
        #expect(original[last]?.fields.title == nil)
        #expect(copy[last]?.fields.title == "copy")
        #expect(copy["c0"]?.fields.title == nil)
        #expect(copy.order == (0..<count).map { "c\($0)" } + ["added"])
        #expect(original.order == (1..<count).map { "c\($0)" })
        #expect(!original.contains("added"))
    }

    @Test func modifyingReachesTheComponentInItsChunk() {
        var list = makeList(3 * Self.capacity)
        let position = 2 * Self.capacity + 1
        #expect(list.modify(at: position) { state -> String in
            state.fields.subtitle = "edited"
            return state.identifier
        } == "c\(position)")
        #expect(list.modify("missing") { _ in 1 } == nil)
        #expect(list.states.filter { $0.fields.subtitle != nil }.map(\.identifier) == ["c\(position)"])
    }
}

/// Builds reuse whole chunks' models, and only those of chunks that did not change.
@Suite struct ComponentChunkReuseTests {
    private static let capacity = ComponentChunk.capacity

    private func makeBuilder(count: Int) -> ViewModelBuilder {
        let builder = ViewModelBuilder()
        for index in 0..<count { builder.bodyBuilder("c\(index)").title = "\(index)" }
        return builder
    }

    @Test func anEditBuildsOnlyTheEditedComponentAgain() {
        let builder = makeBuilder(count: 3 * Self.capacity)
        let first = builder.build()
        builder.bodyBuilder("c\(Self.capacity + 1)").title = "edited"
        let second = builder.build()
        #expect(second.body.count == first.body.count)
        for index in second.body.indices where index != Self.capacity + 1 {
            #expect(second.body[index].sharesStorage(with: first.body[index]))
        }
        #expect(second.body[Self.capacity + 1].title == "edited")
        #expect(first.body[Self.capacity + 1].title == "\(Self.capacity + 1)")
    }

    @Test func aSnapshotKeepsItsModelsWhenTheBuilderGrows() {
        let builder = makeBuilder(count: Self.capacity + 10)
        let snapshot = builder.snapshot()
        let first = snapshot.build()
        builder.bodyBuilder("new").title = "new"
        builder.bodyBuilder("c3").title = "edited"
        let grown = builder.build()
        let again = snapshot.build()
        #expect(again == first)
        #expect(again.body.indices.allSatisfy { again.body[$0].sharesStorage(with: first.body[$0]) })
        #expect(grown.body.map(\.identifier) == (0..<(Self.capacity + 10)).map { "c\($0)" } + ["new"])
        #expect(grown.body[3].title == "edited")
        #expect(grown.body[Self.capacity].sharesStorage(with: first.body[Self.capacity]))
    }

    @Test func aRemovalRebuildsTheModelsAfterItAtTheirNewPositions() {
        let builder = makeBuilder(count: 2 * Self.capacity + 1)
        let first = builder.build()
        builder.removeBody("c1")
        let second = builder.build()
        #expect(second.body.map(\.index) == Array(0..<(2 * Self.capacity)))
        #expect(second.body[0].sharesStorage(with: first.body[0]))
        #expect(second.body.last?.identifier == "c\(2 * Self.capacity)")
        #expect(second.body.last?.indexPath == [2 * Self.capacity - 1])
    }

    @Test func aPreferredIndexInAnyChunkOrdersTheWholeBody() {
        let builder = makeBuilder(count: 2 * Self.capacity)
        _ = builder.build()
        builder.bodyBuilder("c\(2 * Self.capacity - 1)").preferredIndex = 0
        let model = builder.build()
        #expect(model.body.first?.identifier == "c\(2 * Self.capacity - 1)")
        #expect(model.body.map(\.index) == Array(0..<(2 * Self.capacity)))
        #expect(model.body[Self.capacity].identifier == "c\(Self.capacity - 1)")
        builder.bodyBuilder("c\(2 * Self.capacity - 1)").preferredIndex = nil
        #expect(builder.build().body.map(\.identifier) == (0..<(2 * Self.capacity)).map { "c\($0)" })
    }
}
