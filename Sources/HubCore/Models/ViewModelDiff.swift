/// What changed in a view's body between two view models: components matched by identifier,
/// compared by value. Header changes count; overlays, title and custom data do not.
public struct ViewModelDiff: Equatable, Sendable {
    /// How matching identifiers are found.
    public enum Algorithm: Sendable {
        /// A shortest edit script. When every identifier is unique in each body (as in every body
        /// builders make), a longest common subsequence by patience sorting, in O((N + M) log N);
        /// otherwise Myers': O((N + M) · D) time and O(D²) memory, and past about 2,000 edits the
        /// identifiers found once in each body, by patience sorting.
        case myers
        /// Longest common subsequence by dynamic programming: O(N · M).
        case lcs
    }

    /// Indices in the new body of components that were not there before.
    public var inserted: [Int]
    /// Indices in the old body of components that are gone.
    public var deleted: [Int]
    /// Indices in the old body of components still there whose model changed.
    public var reloaded: [Int]
    /// Whether the header changed (appeared, disappeared, or became a different model).
    public var headerChanged: Bool
    /// Identifiers of the deleted components, in old order.
    public var deletedIdentifiers: [String]
    /// Identifiers of the reloaded components, in old order.
    public var reloadedIdentifiers: [String]

    /// Whether anything changed.
    public var hasChanges: Bool {
        !inserted.isEmpty || !deleted.isEmpty || !reloaded.isEmpty || headerChanged
    }

    /// The changes from `old` to `new`.
    public init(from old: ViewModel, to new: ViewModel, algorithm: Algorithm = .myers) {
        let oldIdentifiers = old.body.map(\.identifier)
        let newIdentifiers = new.body.map(\.identifier)
        let matches: [(old: Int, new: Int)]
        switch algorithm {
        case .myers: matches = ViewModelDiff.myersMatches(oldIdentifiers, newIdentifiers)
        case .lcs: matches = ViewModelDiff.lcsMatches(oldIdentifiers, newIdentifiers)
        }
        let matchedOld = Set(matches.map(\.old))
        let matchedNew = Set(matches.map(\.new))
        inserted = new.body.indices.filter { !matchedNew.contains($0) }
        deleted = old.body.indices.filter { !matchedOld.contains($0) }
        reloaded = matches.filter { old.body[$0.old] != new.body[$0.new] }.map(\.old)
        headerChanged = old.header != new.header
        deletedIdentifiers = deleted.map { oldIdentifiers[$0] }
        reloadedIdentifiers = reloaded.map { oldIdentifiers[$0] }
    }

    /// The most frontier entries Myers' search keeps for its way back (8 bytes each): 4 Mi,
    /// reached at about 2,000 edits. A body of thousands whose order changed throughout would
    /// otherwise take gigabytes.
    static let traceBudget = 1 << 22

    /// Matched index pairs of a shortest edit script, in order: those of ``uniqueMatches(_:_:)``
    /// when no identifier is repeated (then they are a longest common subsequence), else Myers'
    /// search, and past ``traceBudget`` those of ``uniqueMatches(_:_:)`` again.
    static func myersMatches(_ a: [String], _ b: [String]) -> [(old: Int, new: Int)] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        let unique = uniquePairs(a, b)
        if unique.noneRepeated { return longestIncreasingRun(unique.pairs) }
        let maximum = n + m
        let offset = maximum
        var frontier = Array(repeating: 0, count: 2 * maximum + 2)
        // The frontier before each depth, on the diagonals that depth reads (-depth ... depth).
        var trace: [[Int]] = []
        var kept = 0
        search: for depth in 0...maximum {
            kept += 2 * depth + 1
            guard kept <= traceBudget else { return longestIncreasingRun(unique.pairs) }
            trace.append(Array(frontier[(offset - depth)...(offset + depth)]))
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                var x: Int
                if diagonal == -depth || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1]) {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n && y >= m { break search }
            }
        }
        var matches: [(old: Int, new: Int)] = []
        var x = n
        var y = m
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[depth]  // previous[depth + k]: diagonal k
            let diagonal = x - y
            let previousDiagonal: Int
            if diagonal == -depth || (diagonal != depth && previous[depth + diagonal - 1] < previous[depth + diagonal + 1]) {
                previousDiagonal = diagonal + 1
            } else {
                previousDiagonal = diagonal - 1
            }
            let previousX = depth == 0 ? 0 : previous[depth + previousDiagonal]
            let previousY = previousX - previousDiagonal
            while x > previousX && y > previousY && x > 0 && y > 0 && a[x - 1] == b[y - 1] {
                x -= 1
                y -= 1
                matches.append((x, y))
            }
            if depth > 0 {
                x = previousX
                y = previousY
            }
        }
        return matches.reversed()
    }

    /// Matched index pairs of a longest common subsequence of the identifiers found once in `a`
    /// and once in `b`, in order: the longest run of them whose new indices increase in old
    /// order (patience sorting).
    static func uniqueMatches(_ a: [String], _ b: [String]) -> [(old: Int, new: Int)] {
        longestIncreasingRun(uniquePairs(a, b).pairs)
    }

    /// The identifiers found once in `a` and once in `b`, as index pairs in `a`'s order; and
    /// whether no identifier is found twice in either (then every match is among the pairs).
    private static func uniquePairs(_ a: [String], _ b: [String]) -> (pairs: [(old: Int, new: Int)], noneRepeated: Bool) {
        var counts: [String: (old: Int, new: Int, newIndex: Int)] = [:]
        counts.reserveCapacity(a.count)
        for identifier in a { counts[identifier, default: (0, 0, 0)].old += 1 }
        let repeatedInOld = counts.count < a.count
        func found(_ count: inout (old: Int, new: Int, newIndex: Int), at index: Int) {
            count.new += 1
            count.newIndex = index
        }
        for (index, identifier) in b.enumerated() { found(&counts[identifier, default: (0, 0, 0)], at: index) }
        let noneRepeated = !repeatedInOld && counts.values.allSatisfy { $0.new <= 1 }
        let pairs = a.indices.compactMap { index -> (old: Int, new: Int)? in
            guard let count = counts[a[index]], count.old == 1, count.new == 1 else { return nil }
            return (index, count.newIndex)
        }
        return (pairs, noneRepeated)
    }

    /// The longest run of `pairs` (in old order) whose new indices increase.
    private static func longestIncreasingRun(_ pairs: [(old: Int, new: Int)]) -> [(old: Int, new: Int)] {
        // tails[k]: the pair ending the best increasing run of length k + 1 found so far.
        var tails: [Int] = []
        var previous = Array(repeating: -1, count: pairs.count)
        for (position, pair) in pairs.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].new < pair.new { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var matches: [(old: Int, new: Int)] = []
        var position = tails.last ?? -1
        while position >= 0 {
            matches.append(pairs[position])
            position = previous[position]
        }
        return matches.reversed()
    }

    /// Matched index pairs of a longest common subsequence, in order.
    static func lcsMatches(_ a: [String], _ b: [String]) -> [(old: Int, new: Int)] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var matches: [(old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if a[i] == b[j] {
                matches.append((i, j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return matches
    }
}
