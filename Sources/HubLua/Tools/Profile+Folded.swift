// A profile as folded stacks, Brendan Gregg's format for flame graphs (flamegraph.pl, speedscope,
// inferno): one line per distinct stack, `frame;frame;frame count`, outermost frame first.

extension Profile {
    /// The samples as folded stacks, sorted: the operation running first (when one was), then
    /// each function as `name@file:line`, and the number of samples that had that stack.
    package var foldedStacks: String {
        // Counted by stack first, so that each distinct stack is written out once.
        var stacks: [StackKey: Int] = [:]
        for sample in samples where sample.operation != nil || !sample.stack.isEmpty {
            stacks[StackKey(operation: sample.operation, stack: sample.stack), default: 0] += 1
        }
        let labels = frames.map(\.label)
        let operationLabels = operations.indices.map(operationLabel)
        var counts: [String: Int] = [:]
        for (key, count) in stacks {
            let root = key.operation.map { [operationLabels[$0]] } ?? []
            counts[(root + key.stack.map { labels[$0] }).joined(separator: ";"), default: 0] += count
        }
        return counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)\n" }.joined()
    }

    /// A sample's operation and stack, which its folded line names.
    private struct StackKey: Hashable {
        var operation: Int?
        var stack: [Int]
    }
}
