import Foundation
import HubTestThreads
import Testing

/// The README's commands run the program one way: `.build/release/hub`, which its build
/// commands (and Scripts/demo) make.
@Suite(.offThePool) struct ReadmeTests {
    @Test func everyCommandRunsTheReleaseBuild() throws {
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
                #expect(match.output.1.hasSuffix(".build/release/"), "README runs '\(match.output.0)'")
            }
        }
        #expect(commands >= 10)
        #expect(!readme.contains(".build/debug/hub"))
    }
}
