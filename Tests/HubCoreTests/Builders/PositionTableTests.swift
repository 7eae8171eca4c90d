import Testing

@testable import HubCore

/// A position table behaves as a `[String: Int]` would through any mix of claims, sets and
/// removals, across growth and the remaking that drops removed entries.
@Suite struct PositionTableTests {
    @Test(arguments: [(10, 50), (100, 2_000), (3_000, 40_000)])
    func randomEditsMatchADictionary(universe: Int, steps: Int) {
        var table = PositionTable()
        var expected: [String: Int] = [:]
        var sequence = SplitMix64(seed: UInt64(universe))
        for step in 0..<steps {
            let identifier = "id\(sequence.next(universe))"
            switch sequence.next(5) {
            case 0, 1:
                let existing = table.claim(identifier, at: step)
                #expect(existing == expected[identifier])
                if existing == nil { expected[identifier] = step }
            case 2:
                table.set(identifier, to: -step)
                expected[identifier] = -step
            default:
                #expect(table.remove(identifier) == expected.removeValue(forKey: identifier))
            }
            #expect(table.count == expected.count)
        }
        for index in 0..<universe {
            #expect(table["id\(index)"] == expected["id\(index)"])
        }
    }

    @Test func removingEverythingAndAddingAgainLeavesNothingBehind() {
        var table = PositionTable()
        table.reserveCapacity(100)
        for round in 0..<20 {
            for index in 0..<1_000 { #expect(table.claim("r\(round)-\(index)", at: index) == nil) }
            for index in 0..<1_000 { #expect(table.remove("r\(round)-\(index)") == index) }
            #expect(table.count == 0)
        }
        #expect(table["r0-0"] == nil)
        #expect(table.claim("", at: 7) == nil)
        #expect(table[""] == 7)
    }

    @Test func addingAndRemovingOneIdentifierOverAndOverHoldsNoPileOfRemovedEntries() {
        // A script can do this in a loop (view:body(id), view:remove_body(id)); the table is
        // outside its memory limit, so what it holds must follow what it contains.
        var table = PositionTable()
        #expect(table.claim("kept", at: 0) == nil)
        for step in 1...100_000 {
            #expect(table.claim("churn", at: step) == nil)
            #expect(table.remove("churn") == step)
        }
        #expect(table.count == 1 && table["kept"] == 0 && table["churn"] == nil)
        #expect(table.heldEntries <= 2 * table.count + 16 + 1, "\(table.heldEntries) entries held")
    }

    @Test func canonicallyEquivalentIdentifiersAreOneAsInADictionary() {
        var table = PositionTable()
        #expect(table.claim("caf\u{E9}", at: 1) == nil)
        #expect(table.claim("cafe\u{301}", at: 2) == 1)
        #expect(["caf\u{E9}": 1]["cafe\u{301}"] == 1)
    }
}
