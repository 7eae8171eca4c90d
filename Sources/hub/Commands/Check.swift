import ArgumentParser
import Foundation
import HubCore
import HubData
import HubLua
import HubRender
import HubTools

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load every feature without opening views and report mistakes, each with file:line.",
        discussion: """
            Reports folders that fail to load (each of their mistakes, not only the first), \
            components and actions registered twice, a URI claimed by two features, schemas \
            nothing registers and JSON files that do not parse. --strict also reads JSON files \
            with their feature's schema (values of the wrong type), opens each feature's view, \
            and reports component names nothing registers, at the line that names them.
            """)

    @OptionGroup var features: FeatureOptions

    @Flag(help: "Also check JSON values' types, and open and draw each feature's view: failing operations and components.")
    var strict = false

    /// Prints one line per problem, then a summary; exits non-zero when there is a problem.
    func run() throws {
        let runtime = try features.makeRuntime(clock: .virtual, printOutput: { _ in }, reportsLoadFailures: false, checking: true)
        // A check reaches no backend: views fetch from their recordings.
        runtime.manager.httpTransport = RecordedHTTPTransport()
        let problems = runtime.check(strict: strict)
        problems.forEach { print($0) }
        let folders = runtime.loadedFolderPaths.count + runtime.loadFailures.count
        let count = problems.isEmpty ? "no problems" : problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        print("hub check: \(count) in \(folders) feature folder\(folders == 1 ? "" : "s")")
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
