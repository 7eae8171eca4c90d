import Foundation
import Testing

/// The C files of the shim form a line, not a circle: each calls only functions defined in its
/// own file or in the files below it.
@Suite struct ShimLayeringTests {
    private static let shim = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CLuaShim")

    /// Bottom first: the record of lines run and the sampled profile (which the budget's hook
    /// fills), the limits, then what waits for the host, the calls into it, the classes'
    /// metamethods. The libraries and the probe sit on the limits alone.
    private static let line = ["coverage.c", "profile.c", "shim.c", "pending.c", "trampoline.c", "classes.c"]

    @Test func theFilesCallOnlyDownwards() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shim.path).filter { $0.hasSuffix(".c") }.sorted()
        #expect(Set(Self.line).isSubset(of: files), "the shim's files are found")
        let texts = try Dictionary(uniqueKeysWithValues: files.map {
            ($0, try String(contentsOf: Self.shim.appendingPathComponent($0), encoding: .utf8))
        })
        let definition = try Regex(#"(?m)^[a-z][a-z_ *]*\b(hub_[a-z_]+)\("#)
        let defined = texts.mapValues { text in Set(text.matches(of: definition).compactMap { $0.output[1].substring.map(String.init) }) }
        for (file, text) in texts {
            let rank = Self.line.firstIndex(of: file) ?? Self.line.firstIndex(of: "shim.c") ?? 0
            let above = Self.line.dropFirst(rank + 1).filter { $0 != file } + files.filter { !Self.line.contains($0) && $0 != file }
            for other in above {
                for function in defined[other] ?? [] where text.contains(function + "(") {
                    Issue.record("\(file) calls \(function), defined in \(other) above it")
                }
            }
        }
    }
}
