import Foundation
import HubTestThreads
import Testing

/// The README's commands run the program one way: `.build/debug/hub`, the build Scripts/demo and
/// Scripts/test share (Scripts/build), so that its tour compiles nothing more; the optimized
/// build for serving and benchmarks is one command it names.
@Suite(.offThePool) struct ReadmeTests {
    @Test func everyCommandRunsTheSharedBuild() throws {
        let readme = try String(contentsOf: HubProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inShellBlock = false
        var commands = 0
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShellBlock = line == "```sh"
                continue
            }
            guard inShellBlock else { continue }
            // The command itself, without its comment.
            let command = line.components(separatedBy: " #").first ?? line
            for match in command.matches(of: /(\S*)\bhub (render|json|test|check|watch|repl|serve)\b/) {
                commands += 1
                #expect(match.output.1.hasSuffix(".build/debug/"), "README runs '\(match.output.0)'")
            }
        }
        #expect(commands >= 10)
        #expect(!readme.contains(".build/release/hub"))
        #expect(readme.contains("Scripts/build --release"))
    }
}
