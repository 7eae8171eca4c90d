/// A line-based diff of two texts, printed as a unified diff (as `diff -u` prints one): hunks of
/// changed lines with three lines of context, from Myers' shortest edit script.
///
/// Golden renders are compared with it: `hub.expect_render` fails with the diff from the golden
/// file to the render.
struct LineDiff {
    /// One line of a text: its characters, and whether a newline ends it (only the last line
    /// of a text may lack one, and then it differs from the same line with a newline).
    struct Line: Equatable {
        /// The line without its newline.
        var text: Substring
        /// Whether a newline ends the line.
        var endsWithNewline: Bool

        /// Byte for byte, as golden files compare (not by Unicode canonical equivalence).
        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.endsWithNewline == rhs.endsWithNewline && lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }
    }

    /// One step of the edit script that turns the old lines into the new ones.
    enum Edit: Equatable {
        /// The old line at the first index is the new line at the second.
        case kept(Int, Int)
        /// The old line at this index is gone.
        case removed(Int)
        /// The new line at this index was added.
        case inserted(Int)

        /// Whether the step changes anything.
        var isChange: Bool {
            if case .kept = self { return false }
            return true
        }
    }

    /// The old text's lines.
    let old: [Line]
    /// The new text's lines.
    let new: [Line]
    /// The edit script from `old` to `new`, in order.
    let edits: [Edit]

    /// The diff from `old` to `new`; past `maximumDistance` changed lines between their common
    /// start and end, the script removes the old lines in between and inserts the new ones
    /// instead of searching on for a shortest script.
    init(from old: String, to new: String, maximumDistance: Int = 1_000) {
        self.old = LineDiff.lines(of: old)
        self.new = LineDiff.lines(of: new)
        edits = LineDiff.edits(from: self.old, to: self.new, maximumDistance: maximumDistance)
    }

    /// Whether the texts differ.
    var hasChanges: Bool { edits.contains(where: \.isChange) }

    /// The lines of `text`: a final newline ends the last line rather than starting another.
    static func lines(of text: String) -> [Line] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: $0, endsWithNewline: true) }
        if lines.last?.text.isEmpty == true {
            lines.removeLast()
        } else if !lines.isEmpty {
            lines[lines.count - 1].endsWithNewline = false
        }
        return lines
    }

    // MARK: The edit script

    /// A shortest edit script from `a` to `b` (Myers' algorithm over the lines between their
    /// common start and end), or past `maximumDistance` changes a plain one.
    static func edits<Element: Equatable>(from a: [Element], to b: [Element], maximumDistance: Int) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let middle = myers(middleA, middleB, maximumDistance: maximumDistance)
            ?? middleA.indices.map { Edit.removed($0) } + middleB.indices.map { Edit.inserted($0) }
        var edits = (0..<prefix).map { Edit.kept($0, $0) }
        for edit in middle {
            switch edit {
            case .kept(let i, let j): edits.append(.kept(prefix + i, prefix + j))
            case .removed(let i): edits.append(.removed(prefix + i))
            case .inserted(let j): edits.append(.inserted(prefix + j))
            }
        }
        let tail = (0..<suffix).map { Edit.kept(a.count - suffix + $0, b.count - suffix + $0) }
        return edits + tail
    }

    /// Myers' shortest edit script from `a` to `b`, removals before insertions where both fit;
    /// nil when it takes more than `maximumDistance` changes.
    private static func myers<Element: Equatable>(_ a: [Element], _ b: [Element], maximumDistance: Int) -> [Edit]? {
        let n = a.count
        let m = b.count
        let most = n + m
        let offset = most + 1
        // frontier[offset + k]: the furthest x reached on diagonal k = x - y.
        var frontier = Array(repeating: 0, count: 2 * most + 3)
        // trace[d]: the frontier before step d, over diagonals -d-1 ... d+1.
        var trace: [[Int]] = []
        var distance: Int?
        search: for d in 0...most {
            guard d <= maximumDistance else { return nil }
            trace.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    distance = d
                    break search
                }
            }
        }
        guard let distance else { return [] }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: distance, through: 0, by: -1) {
            let before = trace[d]
            let at = { (k: Int) in before[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.kept(x, y))
            }
            if d > 0 {
                if x == previousX {
                    edits.append(.inserted(y - 1))
                } else {
                    edits.append(.removed(x - 1))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    // MARK: Printing

    /// The diff as `diff -u` prints it, without a final newline: `--- oldName`, `+++ newName`,
    /// then each hunk, `@@ -start,count +start,count @@` and its lines (` ` kept, `-` removed,
    /// `+` inserted), with `context` kept lines around changes. A last line without a newline is
    /// followed by `\ No newline at end of file`. Empty when the texts are the same.
    func unified(oldName: String, newName: String, context: Int = 3) -> String {
        guard hasChanges else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks(context: context) {
            output.append(header(of: hunk))
            for edit in edits[hunk] {
                let (mark, line): (String, Line)
                switch edit {
                case .kept(let i, _): (mark, line) = (" ", old[i])
                case .removed(let i): (mark, line) = ("-", old[i])
                case .inserted(let j): (mark, line) = ("+", new[j])
                }
                output.append(mark + line.text)
                if !line.endsWithNewline { output.append("\\ No newline at end of file") }
            }
        }
        return output.joined(separator: "\n")
    }

    /// The ranges of `edits` each hunk shows: changes closer than two contexts apart share one.
    private func hunks(context: Int) -> [Range<Int>] {
        var hunks: [Range<Int>] = []
        for (index, edit) in edits.enumerated() where edit.isChange {
            let start = max(0, index - context)
            let end = min(edits.count, index + 1 + context)
            if let last = hunks.last, start <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<end
            } else {
                hunks.append(start..<end)
            }
        }
        return hunks
    }

    /// `@@ -start,count +start,count @@` for the edits in `hunk`: a count of 1 is left out, and
    /// an empty side starts at the line before it, as `diff -u` writes them.
    private func header(of hunk: Range<Int>) -> String {
        var oldBefore = 0
        var newBefore = 0
        for edit in edits[..<hunk.lowerBound] {
            switch edit {
            case .kept: oldBefore += 1; newBefore += 1
            case .removed: oldBefore += 1
            case .inserted: newBefore += 1
            }
        }
        var oldCount = 0
        var newCount = 0
        for edit in edits[hunk] {
            switch edit {
            case .kept: oldCount += 1; newCount += 1
            case .removed: oldCount += 1
            case .inserted: newCount += 1
            }
        }
        func range(_ before: Int, _ count: Int) -> String {
            switch count {
            case 0: "\(before),0"
            case 1: "\(before + 1)"
            default: "\(before + 1),\(count)"
            }
        }
        return "@@ -\(range(oldBefore, oldCount)) +\(range(newBefore, newCount)) @@"
    }
}
