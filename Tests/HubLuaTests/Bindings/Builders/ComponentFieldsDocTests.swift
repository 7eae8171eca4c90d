import Foundation
import Testing
@testable import HubLua

/// The reference tables of docs/components.md are rendered from the bindings' field tables
/// (``LuaField``: `BuilderBindings.componentFields()`, `imageFields`, `targetFields`,
/// `viewFields`), each between `<!-- fields:NAME -->` and `<!-- end fields:NAME -->`: a field
/// added, renamed or described anew in the bindings fails here, with the table expected, until
/// the document says the same. `HUB_UPDATE_DOCS=1 swift test --filter ComponentFieldsDocTests`
/// writes the tables into the document instead (review them with `git diff`).
@Suite struct ComponentFieldsDocTests {
    /// docs/components.md.
    private static let document = URL(fileURLWithPath: TestPaths.examples).deletingLastPathComponent()
        .appendingPathComponent("docs/components.md")

    /// Each table's name in its markers, and its Markdown.
    static var tables: [(name: String, markdown: String)] {
        [
            ("component", markdown(BuilderBindings.componentFields())),
            ("image", markdown(BuilderBindings.imageFields)),
            ("target", markdown(BuilderBindings.targetFields)),
            ("view", markdown(BuilderBindings.viewFields)),
        ]
    }

    /// A Markdown table of `fields`, a row each, in their order.
    static func markdown<Object>(_ fields: [LuaField<Object>]) -> String {
        let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        let rows = fields.map { "| `\($0.name)` | \(cell($0.type)) | \(cell($0.meaning)) |" }
        return (["| field | type | meaning |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The lines of `text` between the markers of the table `name`, or nil when it lacks them.
    static func section(_ name: String, in text: String) -> Range<Int>? {
        let lines = text.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(of: "<!-- fields:\(name) -->"),
            let end = lines[begin...].firstIndex(of: "<!-- end fields:\(name) -->")
        else { return nil }
        return begin + 1..<end
    }

    /// `text` with the lines between the markers of the table `name` replaced by `markdown`.
    static func replacing(_ name: String, with markdown: String, in text: String) throws -> String {
        guard let range = section(name, in: text) else { throw MissingMarkers(table: name) }
        var lines = text.components(separatedBy: "\n")
        lines.replaceSubrange(range, with: markdown.components(separatedBy: "\n"))
        return lines.joined(separator: "\n")
    }

    @Test func theDocumentsTablesAreTheBindingsFieldTables() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        if ProcessInfo.processInfo.environment["HUB_UPDATE_DOCS"] == "1" {
            let updated = try Self.tables.reduce(text) { try Self.replacing($1.name, with: $1.markdown, in: $0) }
            if updated != text { try updated.write(to: Self.document, atomically: true, encoding: .utf8) }
            return
        }
        let lines = text.components(separatedBy: "\n")
        for table in Self.tables {
            guard let range = Self.section(table.name, in: text) else {
                Issue.record("docs/components.md has no markers of the table '\(table.name)'")
                continue
            }
            #expect(
                lines[range].joined(separator: "\n") == table.markdown,
                """
                docs/components.md's table of \(table.name) fields is not the bindings'; it should read:
                \(table.markdown)
                (HUB_UPDATE_DOCS=1 swift test --filter ComponentFieldsDocTests writes it)
                """)
        }
    }

    @Test func aTableIsWrittenBetweenItsMarkers() throws {
        let text = "intro\n<!-- fields:a -->\nold\nrows\n<!-- end fields:a -->\nafter\n"
        let replaced = "intro\n<!-- fields:a -->\nnew\nrows\n<!-- end fields:a -->\nafter\n"
        #expect(try Self.replacing("a", with: "new\nrows", in: text) == replaced)
        #expect(Self.section("b", in: text) == nil)
    }

    @Test func aBarInACellIsEscaped() {
        let fields = [LuaField<ComponentFieldsDocTests.Box>(modelOnly: "a", "x | y", "z")]
        #expect(Self.markdown(fields) == "| field | type | meaning |\n|---|---|---|\n| `a` | x \\| y | z |")
    }

    /// The error of a document that has no markers of the table it names.
    struct MissingMarkers: Error {
        let table: String
    }

    /// An object for fields that need none.
    final class Box {}
}
