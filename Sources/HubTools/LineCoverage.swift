import Foundation

/// Which lines of the tested features' Lua files ran, and how often: what
/// `hub test --coverage` prints and writes as an lcov tracefile.
public struct LineCoverage: Equatable, Sendable {
    /// One Lua file's lines.
    public struct File: Equatable, Sendable {
        /// The file's absolute path (an lcov tracefile's `SF:`).
        public var path: String
        /// How Hub names the file elsewhere (relative to where it runs, like its errors).
        public var displayPath: String
        /// Every line that can run (a statement's: not a comment, a blank line, `end`, `else` or
        /// the inside of a long string), with how often it started running: 0 for a line no test
        /// reached.
        public var lines: [Int: Int]

        /// How many of ``lines`` ran at least once.
        public var linesHit: Int { lines.values.filter { $0 > 0 }.count }

        /// The share of ``lines`` that ran, in percent; 100 for a file with no such line.
        public var percent: Double { lines.isEmpty ? 100 : Double(linesHit) * 100 / Double(lines.count) }
    }

    /// The files, sorted by path.
    public var files: [File]
    /// Line hits the record could not keep (past its bound on memory): nonzero, the counts are
    /// short, and the summary says so.
    public var droppedHits = 0

    /// The coverage of `files`, with `droppedHits` hits not counted.
    public init(files: [File], droppedHits: Int = 0) {
        self.files = files
        self.droppedHits = droppedHits
    }

    /// Lines that ran and lines that can run, over every file.
    public var totals: (hit: Int, executable: Int) {
        files.reduce(into: (0, 0)) { $0.0 += $1.linesHit; $0.1 += $1.lines.count }
    }

    /// The per-file summary: a head line, `path  hit/executable  percent%` per file in aligned
    /// columns, and the total.
    public var summary: [String] {
        let (hit, executable) = totals
        let rows = files.map { ($0.displayPath, "\($0.linesHit)/\($0.lines.count)", Self.percent($0.percent)) }
            + [("total", "\(hit)/\(executable)", Self.percent(executable == 0 ? 100 : Double(hit) * 100 / Double(executable)))]
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let countWidth = rows.map(\.1.count).max() ?? 0
        let dropped = droppedHits == 0 ? [] : [
            "  \(droppedHits) line hits were not counted: the record of lines run reached its bound on memory"
        ]
        return ["line coverage (lines run/lines that can run):"] + rows.map { name, counts, percent in
            "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: countWidth - counts.count) + counts + "  " + percent
        } + dropped
    }

    private static func percent(_ value: Double) -> String {
        let text = String(format: "%.1f%%", value)
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }

    /// The lcov tracefile (geninfo's format: `TN:`, then per file `SF:`, `DA:line,count` for
    /// each line that can run, `LH:`, `LF:` and `end_of_record`), which `genhtml` reads.
    public func lcov(testName: String = "hub_test") -> String {
        var text = ""
        for file in files {
            text += "TN:\(testName)\nSF:\(file.path)\n"
            for line in file.lines.keys.sorted() {
                text += "DA:\(line),\(file.lines[line] ?? 0)\n"
            }
            text += "LH:\(file.linesHit)\nLF:\(file.lines.count)\nend_of_record\n"
        }
        return text
    }
}
