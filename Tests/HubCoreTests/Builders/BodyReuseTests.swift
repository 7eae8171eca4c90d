import Testing

@testable import HubCore

/// Building into an earlier delivery's body gives exactly what a plain build gives, whatever
/// that body held, keeps the models still delivered where they were, and never changes a body
/// someone else still holds.
@Suite struct BodyReuseTests {
    private static let capacity = ComponentChunk.capacity
    /// Sizes around the chunk boundaries.
    private static let sizes = [0, 1, capacity - 1, capacity, capacity + 1, 3 * capacity + 5]

    private func makeBuilder(_ count: Int, prefix: String = "c") -> ViewModelBuilder {
        let builder = ViewModelBuilder()
        for index in 0..<count { builder.bodyBuilder("\(prefix)\(index)").title = "\(prefix) \(index)" }
        return builder
    }

    /// `builder`'s model built into `previous`, checked against a plain build component by component.
    private func expectSameAsPlainBuild(_ builder: ViewModelBuilder, reusing previous: [ComponentModel]) {
        let reused = builder.build(reusing: previous)
        let plain = builder.build()
        #expect(reused == plain)
        #expect(reused.body.count == plain.body.count)
        for (left, right) in zip(reused.body, plain.body) {
            #expect(left.sharesStorage(with: right), "both take the models the builder remembers")
        }
    }

    @Test(arguments: sizes) func anyEarlierBodyGivesThePlainBuild(count: Int) {
        let builder = makeBuilder(count)
        expectSameAsPlainBuild(builder, reusing: [])
        expectSameAsPlainBuild(builder, reusing: builder.build().body)
        expectSameAsPlainBuild(builder, reusing: makeBuilder(count + 2 * Self.capacity, prefix: "other").build().body)
        expectSameAsPlainBuild(builder, reusing: makeBuilder(count / 2, prefix: "other").build().body)
        expectSameAsPlainBuild(builder, reusing: makeBuilder(count + 3).build().body)
    }

    @Test(arguments: sizes.filter { $0 > 0 }) func editsRemovalsAndAdditionsSinceTheEarlierBody(count: Int) {
        let builder = makeBuilder(count)
        var previous = builder.build().body
        builder.bodyBuilder("c\(count / 2)").subtitle = "edited"
        previous = builder.build(reusing: previous).body
        builder.removeBody("c0")
        previous = builder.build(reusing: previous).body
        builder.bodyBuilder("added").title = "Added"
        expectSameAsPlainBuild(builder, reusing: previous)
        builder.removeAll()
        expectSameAsPlainBuild(builder, reusing: builder.build().body)
    }

    @Test func modelsStillDeliveredStayWhereTheyWere() {
        let builder = makeBuilder(3 * Self.capacity)
        let first = builder.build()
        let kept = first.body
        builder.bodyBuilder("c\(3 * Self.capacity - 1)").subtitle = "edited"
        let second = builder.build(reusing: first.body)
        #expect(second.body.prefix(3 * Self.capacity - 1).indices.allSatisfy { second.body[$0].sharesStorage(with: kept[$0]) })
        #expect(second.body.last?.subtitle == "edited")
        #expect(kept.last?.subtitle == nil, "a body still held elsewhere is not changed")
        #expect(first.body.last?.subtitle == nil)
    }

    @Test func preferredIndicesIgnoreTheEarlierBody() {
        let builder = makeBuilder(Self.capacity + 2)
        let previous = builder.build().body
        builder.bodyBuilder("c\(Self.capacity)").preferredIndex = 0
        expectSameAsPlainBuild(builder, reusing: previous)
        #expect(builder.build(reusing: previous).body.first?.identifier == "c\(Self.capacity)")
    }
}
