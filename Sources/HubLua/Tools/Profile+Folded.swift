// A profile as folded stacks, Brendan Gregg's format for flame graphs (flamegraph.pl, speedscope,
// inferno): one line per distinct stack, `frame;frame;frame count`, outermost frame first.

extension Profile {
    /// The samples as folded stacks, sorted: the operation running first (when one was), then
    /// each function as `name@file:line`, and the number of samples that had that stack.
    public var foldedStacks: String {
        var counts: [String: Int] = [:]
        for sample in samples {
            let labels = labels(of: sample)
            guard !labels.isEmpty else { continue }
            counts[labels.joined(separator: ";"), default: 0] += 1
        }
        return counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)\n" }.joined()
    }
}
