import Foundation
import Testing

/// Every relative link of the README and of docs/*.md leads somewhere: to a file or folder of
/// the repository, and, with a `#fragment` into a Markdown file, to one of its headings.
@Suite struct DocsLinksTests {
    /// A link of a document: where it points, as written, and the line it is on.
    struct Link: CustomStringConvertible {
        let document: String
        let line: Int
        let target: String
        var description: String { "\(document):\(line): (\(target))" }
    }

    /// The README and every Markdown file directly in docs/, relative to the package root.
    static func documents() throws -> [String] {
        let docs = HubProcess.packageRoot.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + names.map { "docs/" + $0 }
    }

    /// The lines of `text` outside fenced code blocks, with their numbers, and with their code
    /// spans taken out (a link in code is not a link) or, with `keepingCode`, only their marks.
    static func prose(of text: String, keepingCode: Bool = false) -> [(number: Int, text: String)] {
        var lines: [(Int, String)] = []
        var fence: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            lines.append((index + 1, keepingCode ? line.replacingOccurrences(of: "`", with: "") : line.replacing(/`[^`]*`/, with: "")))
        }
        return lines
    }

    /// The relative links of `document` (`[text](target)` and images); web and mail links left
    /// out.
    static func links(in document: String) throws -> [Link] {
        let text = try String(contentsOf: HubProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
        return prose(of: text).flatMap { line in
            line.text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
                .filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
                .map { Link(document: document, line: line.number, target: $0) }
        }
    }

    /// The anchors GitHub gives the headings of a Markdown text: lower-cased, code marks and
    /// punctuation dropped, spaces as hyphens, a repeated one numbered (`-1`, `-2`, ...).
    static func anchors(of text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(of: text, keepingCode: true) {
            guard let heading = line.text.firstMatch(of: /^#{1,6}\s+(.*)$/) else { continue }
            let words = heading.output.1.lowercased()
                .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            let anchor = words.replacingOccurrences(of: " ", with: "-")
            let repeats = seen[anchor, default: 0]
            seen[anchor] = repeats + 1
            anchors.insert(repeats == 0 ? anchor : "\(anchor)-\(repeats)")
        }
        return anchors
    }

    @Test func theAnchorsAreGitHubs() {
        let text = "# Title\n## Keeping data: `hub.store`\n```\n# not a heading\n```\n## The default library (`default:*`)\n## Title"
        #expect(Self.anchors(of: text) == ["title", "keeping-data-hubstore", "the-default-library-default", "title-1"])
    }

    @Test func theDocumentsAreFound() throws {
        let documents = try Self.documents()
        #expect(documents.contains("docs/serving.md") && documents.contains("docs/benchmarks.md"))
        #expect(try Self.links(in: "README.md").count >= 8, "the README links each document")
    }

    @Test(arguments: try documents())
    func everyRelativeLinkLeadsSomewhere(_ document: String) throws {
        let folder = HubProcess.packageRoot.appendingPathComponent(document).deletingLastPathComponent()
        for link in try Self.links(in: document) {
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0].removingPercentEncoding ?? parts[0]
            let file = path.isEmpty ? HubProcess.packageRoot.appendingPathComponent(document) : folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path) else {
                Issue.record("\(link) leads to no file")
                continue
            }
            guard parts.count == 2, file.pathExtension == "md" else { continue }
            let anchors = Self.anchors(of: try String(contentsOf: file, encoding: .utf8))
            #expect(anchors.contains(parts[1]), "\(link): no heading of \(file.lastPathComponent) has the anchor '\(parts[1])'")
        }
    }
}
