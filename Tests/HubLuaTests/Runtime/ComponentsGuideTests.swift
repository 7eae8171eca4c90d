import Foundation
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools

/// docs/components.md shows what Hub does: each of its Lua blocks runs, in a runtime of its own,
/// and prints the `text` block that comes right after it, if one does.
@Suite struct ComponentsGuideTests {
    /// A Lua block of the guide and the output shown after it.
    struct Example: CustomStringConvertible {
        /// Where the block starts in the guide (1-based).
        var line: Int
        var lua: [String]
        var output: [String]?
        var description: String { "docs/components.md:\(line)" }
    }

    private static let guide = URL(fileURLWithPath: TestPaths.examples).deletingLastPathComponent()
        .appendingPathComponent("docs/components.md")

    /// The guide's Lua blocks, each with the `text` block that follows it on the next line.
    static func examples() throws -> [Example] {
        let lines = try String(contentsOf: guide, encoding: .utf8).components(separatedBy: "\n")
        /// The lines of the block that opens at `start`, and the line after its closing fence.
        func block(at start: Int) -> (lines: [String], next: Int) {
            let end = lines[(start + 1)...].firstIndex(of: "```") ?? lines.count
            return (Array(lines[(start + 1)..<end]), end + 1)
        }
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```lua" else {
                index += 1
                continue
            }
            let lua = block(at: index)
            var example = Example(line: index + 1, lua: lua.lines)
            index = lua.next
            if index + 1 < lines.count, lines[index].isEmpty, lines[index + 1] == "```text" {
                let text = block(at: index + 1)
                example.output = text.lines
                index = text.next
            }
            examples.append(example)
        }
        return examples
    }

    @Test func theGuideHasItsExamples() throws {
        #expect(try Self.examples().map { $0.output != nil } == [true, true, false])
    }

    @Test(arguments: try examples())
    func eachLuaBlockRunsAndPrintsWhatTheGuideShows(_ example: Example) throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        var printed: [String] = []
        runtime.printOutput = { printed.append($0) }
        _ = try runtime.evaluate(example.lua.joined(separator: "\n"), inFolder: "Fixtures/Sandbox", chunkName: "@components.md")
        guard let output = example.output else { return }
        // `print(s:render())` ends with the render's own newline: the guide leaves it out.
        var lines = printed.joined(separator: "\n").components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        #expect(lines == output, "\(example) printed:\n\(printed.joined(separator: "\n"))")
    }
}
