import Testing
@testable import HubCore

/// A view model whose body has `component-N` components; an asterisk (`"2*"`) changes the data.
private func viewModel(_ items: [String], header: String? = nil) -> ViewModel {
    let builder = ViewModelBuilder()
    for item in items {
        let changed = item.hasSuffix("*")
        let number = changed ? String(item.dropLast()) : item
        let component = builder.bodyBuilder("component-\(number)")
        component.customData = ["data": .string(changed ? "changed" : "original")]
    }
    if let header { builder.headerBuilder.componentName = header }
    return builder.build()
}

@Suite struct ViewModelDiffTests {
    static let algorithms: [ViewModelDiff.Algorithm] = [.myers, .lcs]

    @Test(arguments: algorithms)
    func identicalModelsHaveNoChanges(algorithm: ViewModelDiff.Algorithm) {
        let model = viewModel(["1", "2", "3", "4"])
        let diff = ViewModelDiff(from: model, to: model, algorithm: algorithm)
        #expect(diff.inserted.isEmpty && diff.deleted.isEmpty && diff.reloaded.isEmpty)
        #expect(!diff.hasChanges)
    }

    @Test(arguments: algorithms)
    func insertions(algorithm: ViewModelDiff.Algorithm) {
        let diff = ViewModelDiff(from: viewModel([]), to: viewModel(["1", "2", "3", "4"]), algorithm: algorithm)
        #expect(diff.inserted == [0, 1, 2, 3])
        #expect(diff.deleted.isEmpty && diff.reloaded.isEmpty)
        #expect(diff.hasChanges)
    }

    @Test(arguments: algorithms)
    func reloads(algorithm: ViewModelDiff.Algorithm) {
        let diff = ViewModelDiff(from: viewModel(["1", "2", "3", "4"]), to: viewModel(["1*", "2", "3*", "4"]), algorithm: algorithm)
        #expect(diff.reloaded == [0, 2])
        #expect(diff.inserted.isEmpty && diff.deleted.isEmpty)
    }

    @Test(arguments: algorithms)
    func deletions(algorithm: ViewModelDiff.Algorithm) {
        let diff = ViewModelDiff(from: viewModel(["1", "2", "3", "4"]), to: viewModel(["2", "4"]), algorithm: algorithm)
        #expect(diff.deleted == [0, 2])
        #expect(diff.inserted.isEmpty && diff.reloaded.isEmpty)
    }

    @Test(arguments: algorithms)
    func complexChangeSet(algorithm: ViewModelDiff.Algorithm) {
        let old = viewModel((1...10).map(String.init))
        let new = viewModel(["1", "2*", "30", "4", "5", "6", "7", "9*", "10", "13"])
        let diff = ViewModelDiff(from: old, to: new, algorithm: algorithm)
        #expect(diff.deleted == [2, 7])
        #expect(diff.inserted == [2, 9])
        #expect(diff.reloaded == [1, 8])
    }

    @Test(arguments: algorithms)
    func insertionAtStartWithDataChanges(algorithm: ViewModelDiff.Algorithm) {
        let diff = ViewModelDiff(from: viewModel(["1", "2", "3"]), to: viewModel(["0", "1*", "2*", "3*"]), algorithm: algorithm)
        #expect(diff.inserted == [0])
        #expect(diff.reloaded == [0, 1, 2])
        #expect(diff.deleted.isEmpty)
    }

    @Test(arguments: algorithms)
    func multipleInsertionsAtStartWithDataChanges(algorithm: ViewModelDiff.Algorithm) {
        let diff = ViewModelDiff(from: viewModel(["1", "2", "3"]), to: viewModel(["0", "00", "1*", "2*", "3*"]), algorithm: algorithm)
        #expect(diff.inserted == [0, 1])
        #expect(diff.reloaded == [0, 1, 2])
        #expect(diff.deleted.isEmpty)
    }

    @Test func headerChanges() {
        #expect(!ViewModelDiff(from: viewModel([]), to: viewModel([])).hasChanges)
        #expect(ViewModelDiff(from: viewModel([], header: "I"), to: viewModel([], header: "L")).hasChanges)
        #expect(!ViewModelDiff(from: viewModel([], header: "U"), to: viewModel([], header: "U")).hasChanges)
        #expect(ViewModelDiff(from: viewModel([]), to: viewModel([], header: "U")).headerChanged)
        #expect(ViewModelDiff(from: viewModel([], header: "U"), to: viewModel([])).headerChanged)
    }

    @Test func myersAndLCSAgreeOnShuffles() {
        let old = (0..<40).map { "\($0 * 7 % 40)" }
        let new = (0..<40).map { "\(($0 * 11 + 3) % 45)" }
        let myers = ViewModelDiff(from: viewModel(old), to: viewModel(new), algorithm: .myers)
        let lcs = ViewModelDiff(from: viewModel(old), to: viewModel(new), algorithm: .lcs)
        #expect(myers.inserted.count == lcs.inserted.count)
        #expect(myers.deleted.count == lcs.deleted.count)
    }

    /// A body of 3,000 in reverse order takes 6,000 edits, which Myers' search would keep
    /// frontiers for (the fuzzer's body of thousands held 1.3 GB of them): its identifiers,
    /// unique, are matched by patience sorting instead.
    @Test func aBodyReversedPastTheTraceBudgetMatchesOneComponentAndKeepsTheRest() {
        let items = (0..<3_000).map(String.init)
        let diff = ViewModelDiff(from: viewModel(items), to: viewModel(items.reversed()), algorithm: .myers)
        #expect(diff.inserted.count == 2_999 && diff.deleted.count == 2_999 && diff.reloaded.isEmpty)
        #expect(Set(0..<3_000).subtracting(diff.deleted).count == 1)
    }

    /// Below the budget nothing changes, and past it the unique identifiers' matching is a
    /// longest common subsequence when identifiers are unique: the same as LCS finds.
    @Test func uniqueMatchesAreALongestCommonSubsequenceOfUniqueIdentifiers() {
        let old = ["a", "b", "c", "d", "e", "f", "g"]
        let new = ["x", "c", "a", "d", "f", "b", "g", "e"]
        #expect(ViewModelDiff.uniqueMatches(old, new).count == ViewModelDiff.lcsMatches(old, new).count)
        #expect(ViewModelDiff.uniqueMatches(old, new).map(\.old) == [2, 3, 5, 6])
        #expect(ViewModelDiff.myersMatches(old, new).count == ViewModelDiff.lcsMatches(old, new).count)
    }

    /// With an identifier repeated, Myers' search runs: the shortest edit script below the
    /// budget, and past it (3,000 reversed, one repeated) the identifiers found once in each.
    @Test func repeatedIdentifiersAreMatchedByMyersSearchWithinItsBudget() {
        let old = ["a", "b", "a", "c", "d"]
        let new = ["b", "a", "c", "a", "d"]
        #expect(ViewModelDiff.myersMatches(old, new).count == ViewModelDiff.lcsMatches(old, new).count)
        let items = ["r", "r"] + (0..<3_000).map(String.init)
        let reversed = Array(items.reversed())
        #expect(ViewModelDiff.myersMatches(items, reversed).map(\.old) == ViewModelDiff.uniqueMatches(items, reversed).map(\.old))
    }
}
