import Testing

@testable import HubCore

/// An identifier index behaves as a plain dictionary would, at every size, before and after its
/// changes are merged into a new base, and a copy is isolated from later edits of either side.
@Suite struct IdentifierIndexTests {
    /// Sizes around the point where changes on a shared base are merged.
    private static let sizes = [0, 1, 2, 3, 7, 8, 9, 63, 64, 65, 500, 2_000]


    /// An index and the dictionary it should match, edited alike.
    private struct Pair {
        var index = IdentifierIndex()
        var expected: [String: Int] = [:]

        mutating func insert(_ identifier: String, at position: Int) {
            let existing = index.claim(identifier, at: position)
            #expect(existing == expected[identifier])
            if existing == nil { expected[identifier] = position }
        }

        mutating func update(_ identifier: String, to position: Int) {
            index.update(identifier, to: position)
            expected[identifier] = position
        }

        mutating func remove(_ identifier: String) {
            #expect(index.remove(identifier) == expected.removeValue(forKey: identifier))
        }

        /// Every expected entry, and identifiers that were never there or are gone.
        func check(_ probes: [String]) {
            for (identifier, position) in expected {
                #expect(index[identifier] == position)
            }
            for identifier in probes {
                #expect(index[identifier] == expected[identifier])
            }
        }

        /// Random inserts (new and existing), updates and removals over `universe` identifiers.
        mutating func edit(_ steps: Int, universe: Int, sequence: inout SplitMix64) {
            for _ in 0..<steps {
                let identifier = "id\(sequence.next(universe))"
                switch sequence.next(4) {
                case 0, 1: insert(identifier, at: sequence.next(1_000_000))
                case 2: if expected[identifier] != nil { update(identifier, to: sequence.next(1_000_000)) }
                default: remove(identifier)
                }
            }
        }
    }

    private func filled(_ count: Int) -> Pair {
        var pair = Pair()
        for position in 0..<count { pair.insert("id\(position)", at: position) }
        return pair
    }

    private func probes(_ count: Int) -> [String] {
        (0..<(count + 3)).map { "id\($0)" } + ["missing"]
    }

    @Test(arguments: sizes) func insertsLookupsAndRemovalsOnAnUnsharedIndex(count: Int) {
        var pair = filled(count)
        pair.insert("id0", at: 99)
        pair.check(probes(count))
        for position in stride(from: 0, to: count, by: 3) { pair.remove("id\(position)") }
        pair.remove("missing")
        pair.check(probes(count))
        for position in 0..<count { pair.insert("id\(position)", at: position + 1) }
        pair.check(probes(count))
    }

    /// Changes on a copy's shared base, from a few (kept beside it) to many (merged), with every
    /// kind of edit: the copy reads its own, the original keeps what it had.
    @Test(arguments: sizes) func editsOfACopyLeaveTheOriginalAsItWas(count: Int) {
        let original = filled(count)
        for steps in [1, 2, count / 4 + 1, count + 1, 3 * count + 10] {
            var copy = original
            var sequence = SplitMix64(seed: UInt64(count * 1_000 + steps))
            copy.edit(steps, universe: count + 8, sequence: &sequence)
            copy.check(probes(count + 8))
            original.check(probes(count + 8))
        }
    }

    @Test(arguments: sizes) func editsOfTheOriginalLeaveACopyAsItWas(count: Int) {
        var original = filled(count)
        let copy = original
        var sequence = SplitMix64(seed: UInt64(count) + 7)
        original.edit(3 * count + 10, universe: count + 8, sequence: &sequence)
        original.check(probes(count + 8))
        copy.check(probes(count + 8))
    }

    /// A chain of copies, each edited after the one before it was copied (as a loader's
    /// operations do): every link keeps exactly its own entries, whether it merged or not.
    @Test(arguments: [1, 5, 60, 400]) func chainsOfCopiesStayIsolated(stepsPerLink: Int) {
        var sequence = SplitMix64(seed: UInt64(stepsPerLink))
        var links = [filled(stepsPerLink)]
        for _ in 0..<12 {
            var next = links[links.count - 1]
            next.edit(stepsPerLink, universe: 4 * stepsPerLink + 8, sequence: &sequence)
            links.append(next)
        }
        for link in links { link.check(probes(4 * stepsPerLink + 8)) }
    }

    /// An index whose copy is gone owns its base again: it folds its changes in and goes on.
    @Test(arguments: sizes) func anIndexWhoseCopyIsGoneGoesOnAlone(count: Int) {
        var pair = filled(count)
        var sequence = SplitMix64(seed: UInt64(count) + 11)
        do {
            let copy = pair
            pair.edit(count / 4 + 1, universe: count + 8, sequence: &sequence)
            copy.check(probes(count + 8))
        }
        pair.edit(count + 5, universe: count + 8, sequence: &sequence)
        pair.check(probes(count + 8))
    }
}
