/// What changed in a view's body between two view models: components matched by identifier,
/// compared by value. Header changes count; overlays, title and custom data do not.
public struct ViewModelDiff: Equatable, Sendable {
    /// How matching identifiers are found.
    public enum Algorithm: Sendable {
        /// Myers' shortest edit script: O((N + M) · D).
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

    /// Matched index pairs of Myers' shortest edit script, in order.
    static func myersMatches(_ a: [String], _ b: [String]) -> [(old: Int, new: Int)] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return [] }
        let maximum = n + m
        let offset = maximum
        var frontier = Array(repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        search: for depth in 0...maximum {
            trace.append(frontier)
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
            let previous = trace[depth]
            let diagonal = x - y
            let previousDiagonal: Int
            if diagonal == -depth || (diagonal != depth && previous[offset + diagonal - 1] < previous[offset + diagonal + 1]) {
                previousDiagonal = diagonal + 1
            } else {
                previousDiagonal = diagonal - 1
            }
            let previousX = depth == 0 ? 0 : previous[offset + previousDiagonal]
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
