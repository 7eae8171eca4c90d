import Foundation
import Testing

/// docs/design.md's picture of the layers is Package.swift's graph: every arrow in it is a
/// dependency the manifest declares, and every library target and the `hub` command are in it.
@Suite struct LayersPictureTests {
    /// One arrow of the picture: `from ─► to`.
    struct Arrow: Hashable, CustomStringConvertible {
        let from: String
        let to: String
        var description: String { "\(from) ─► \(to)" }
    }

    /// The arrows of the first code block after `## Layers`. An arrow's source is the last name
    /// before it on its line, or, for a branch (`├─►`, `└─►`) with no name before it, the name
    /// on an earlier line that stands over the branch's column. A name may list several
    /// targets (`HubSQLite, HubPostgres`), each an end of the arrow.
    static func arrows(in design: String) throws -> [Arrow] {
        let section = try #require(design.range(of: "## Layers").map { design[$0.upperBound...] })
        let block = try #require(section.split(separator: "```", maxSplits: 2).dropFirst().first)
        let lines = block.split(separator: "\n").map { Array(String($0)) }
        let word = try Regex(#"[A-Za-z]+(, [A-Za-z]+)*"#)
        // Each line's names, with the columns they span.
        let names: [[(names: [String], columns: Range<Int>)]] = lines.map { characters in
            let text = String(characters)
            return text.matches(of: word).map { match in
                let start = text.distance(from: text.startIndex, to: match.range.lowerBound)
                let end = text.distance(from: text.startIndex, to: match.range.upperBound)
                return (String(text[match.range]).components(separatedBy: ", "), start..<end)
            }
        }
        var arrows: [Arrow] = []
        for (row, characters) in lines.enumerated() {
            for column in characters.indices where characters[column] == "►" {
                let targets = try #require(names[row].first { $0.columns.lowerBound > column }?.names, "line \(row + 1)")
                let before = names[row].last { $0.columns.upperBound <= column && !String(characters[$0.columns.upperBound..<column]).contains("►") }
                var sources = before?.names
                if sources == nil {
                    // A branch: the name over the column where this line's branch starts.
                    let branch = try #require(characters[..<column].lastIndex { "├└┬".contains($0) }, "line \(row + 1)")
                    sources = (0..<row).reversed().lazy.compactMap { above in
                        names[above].last { $0.columns.upperBound <= branch + 1 && !lines[above][$0.columns.upperBound...].prefix(branch + 1 - $0.columns.upperBound).contains("►") }?.names
                    }.first
                }
                for source in try #require(sources, "line \(row + 1)") {
                    arrows += targets.map { Arrow(from: source, to: $0) }
                }
            }
        }
        return arrows
    }

    @Test func everyArrowIsADependencyAndEveryLibraryIsDrawn() throws {
        let design = try String(contentsOf: PackageGraph.root.appendingPathComponent("docs/design.md"), encoding: .utf8)
        let arrows = try Self.arrows(in: design)
        #expect(arrows.contains(Arrow(from: "HubLua", to: "LuaBridge")) && arrows.contains(Arrow(from: "hub", to: "HubServer")))
        let graph = try PackageGraph.targetDependencies()
        for arrow in arrows where graph[arrow.from]?.contains(arrow.to) != true {
            Issue.record("design.md draws \(arrow), which Package.swift does not declare")
        }
        let drawn = Set(arrows.flatMap { [$0.from, $0.to] })
        let libraries = [
            "HubCore", "HubData", "HubRender", "HubHTTP", "HubSQLite", "HubPostgres", "LuaBridge", "HubLua", "HubFileWatching", "HubSystem",
            "HubServer", "CLua", "CLuaShim", "CEdit", "hub",
        ]
        #expect(Set(libraries).isSubset(of: Set(graph.keys)), "the targets are found")
        for library in libraries where !drawn.contains(library) {
            Issue.record("design.md's picture leaves out \(library)")
        }
    }
}
