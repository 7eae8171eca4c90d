import Foundation
import HubTestThreads
import Testing

/// docs/authoring.md shows what Hub does: each `console` block's commands run and print what it
/// shows, and each Lua block that names its file (`-- file: path`) is a part of that file.
@Suite(.offThePool) struct AuthoringGuideTests {
    /// One command of a console block: its arguments, the lines typed at its prompt, and the
    /// lines it prints (`…` standing for any text): its standard output, then, when the command
    /// ends with `2>&1`, its standard error.
    struct Command: CustomStringConvertible {
        var arguments: [String]
        var input: [String] = []
        var output: [String] = []
        var description: String { "$ " + arguments.joined(separator: " ") }
        /// Whether the block shows what the command prints on standard error too.
        var showsErrors: Bool { arguments.last == "2>&1" }
        /// Whether what it prints is a table whose columns are as wide as times it measured.
        var columnsVary: Bool { arguments.first == "profile" }
    }

    private static let guide = HubProcess.packageRoot.appendingPathComponent("docs/authoring.md")

    /// The fenced blocks of the guide whose info string is `language`, each as its lines.
    static func blocks(_ language: String) throws -> [[String]] {
        let lines = try String(contentsOf: guide, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [[String]] = []
        var current: [String]?
        for line in lines {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The commands of the guide's console blocks, in order.
    static func commands() throws -> [Command] {
        var commands: [Command] = []
        for block in try blocks("console") {
            for line in block {
                if line.hasPrefix("$ hub ") {
                    commands.append(Command(arguments: line.dropFirst("$ hub ".count).split(separator: " ").map(String.init)))
                } else if line.hasPrefix("> ") {
                    commands[commands.count - 1].input.append(String(line.dropFirst(2)))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].output.append(line)
                }
            }
        }
        return commands
    }

    /// Whether `line` reads as `pattern`, where each `…` stands for any text and, when
    /// `columnsVary`, two or more spaces for one or more (a table whose columns pad to the
    /// widths of measured times: a run's milliseconds may take a digit more on a loaded machine).
    static func matches(_ line: String, _ pattern: String, columnsVary: Bool = false) -> Bool {
        let literal = columnsVary ? Self.paddedColumns : NSRegularExpression.escapedPattern(for:)
        let expression = "^" + pattern.components(separatedBy: "…").map(literal).joined(separator: ".*")
        guard let regex = try? NSRegularExpression(pattern: expression + "$") else { return false }
        return regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// `text` as a regular expression matching it literally, except that each run of two or
    /// more spaces matches one or more.
    private static func paddedColumns(_ text: String) -> String {
        text.components(separatedBy: "  ").map(NSRegularExpression.escapedPattern(for:)).joined(separator: "  ")
            .replacingOccurrences(of: " {2,}", with: " +", options: .regularExpression)
    }

    @Test func theGuideHasItsExamples() throws {
        #expect(try Self.commands().map(\.description) == [
            "$ check --features docs/walkthrough/Planets",
            "$ render --features docs/walkthrough/Planets planets:list --width 30",
            "$ test docs/walkthrough/Planets",
            "$ repl --features Examples/Cities",
            "$ repl --features Examples/Cities",
            "$ profile --features Examples/Cities cities:overview",
            "$ check --features Examples",
            "$ check --features Tests/HubCLITests/Fixtures/Unchecked",
            "$ check --features Tests/HubCLITests/Fixtures/All",
            "$ check --features Examples --strict",
            "$ check --features docs/walkthrough/Bookshop --strict",
            "$ render --features docs/walkthrough/Bookshop books:picks --width 40 2>&1",
            "$ render --features docs/walkthrough/Bookshop books:prices 2>&1",
            "$ repl --features docs/walkthrough/Bookshop 2>&1",
            "$ test Examples/Cities --filter golden",
        ])
        #expect(try Self.blocks("lua").count == 15)
    }

    @Test(arguments: try commands())
    func eachCommandPrintsWhatTheGuideShows(_ command: Command) throws {
        let arguments = command.showsErrors ? Array(command.arguments.dropLast()) : command.arguments
        let result = try HubProcess.run(arguments, input: command.input.isEmpty ? nil : command.input.joined(separator: "\n") + "\n")
        let text = command.showsErrors ? result.output + result.errors : result.output
        let printed = text.components(separatedBy: "\n").dropLast()
        #expect(printed.count == command.output.count, "\(command) printed:\n\(result.output)")
        for (line, pattern) in zip(printed, command.output) {
            #expect(Self.matches(line, pattern, columnsVary: command.columnsVary), "\(command) printed '\(line)' where the guide shows '\(pattern)'")
        }
    }

    @Test func eachLuaBlockThatNamesItsFileIsPartOfIt() throws {
        for block in try Self.blocks("lua") {
            let path = try #require(block.first.flatMap { $0.hasPrefix("-- file: ") ? String($0.dropFirst(9)) : nil })
            let file = try String(contentsOf: HubProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(file.contains(block.dropFirst().joined(separator: "\n")), "docs/authoring.md quotes \(path) as it is not")
        }
    }

    /// The folder the walk-through builds from nothing, and the one that makes a mistake of
    /// each kind.
    private static let walkThroughs = ["docs/walkthrough/Planets", "docs/walkthrough/Bookshop"]

    @Test(arguments: walkThroughs)
    func theWalkThroughShowsEachFileOfItsFolderWhole(_ walkThrough: String) throws {
        let prefix = "-- file: \(walkThrough)/"
        var shown: [String: String] = [:]
        for block in try Self.blocks("lua") {
            guard let first = block.first, first.hasPrefix(prefix) else { continue }
            shown[String(first.dropFirst(prefix.count))] = block.dropFirst().joined(separator: "\n") + "\n"
        }
        let folder = HubProcess.packageRoot.appendingPathComponent(walkThrough)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        #expect(files == shown.keys.sorted(), "the guide shows every Lua file of \(walkThrough), and no other")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(shown[file] == text, "docs/authoring.md shows \(walkThrough)/\(file) as it is not")
        }
    }

    @Test func theWildcardStandsForAnyText() {
        #expect(Self.matches("1. rows  finished  runs 1  0.3 ms", "1. rows  finished  runs 1  … ms"))
        #expect(!Self.matches("1. rows  finished  runs 2  0.3 ms", "1. rows  finished  runs 1  … ms"))
        #expect(Self.matches("a b c", "a … c") && !Self.matches("a c", "a … c") && Self.matches("x", "x"))
        #expect(Self.matches("a.b", "a.b") && !Self.matches("axb", "a.b") && !Self.matches("runs   ms", "runs  ms"))
        #expect(Self.matches("runs    ms  lua", "runs   ms  lua", columnsVary: true))
        #expect(Self.matches("runs ms lua", "runs  ms  lua", columnsVary: true) && !Self.matches("runsms", "runs  ms", columnsVary: true))
    }
}
