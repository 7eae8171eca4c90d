import Foundation
import HubCore

// Entry points for tools: evaluating code in a feature's environment, running feature tests.

extension HubRuntime {
    /// Runs `source` in the environment of the loaded feature folder whose path ends with
    /// `folderSuffix` (globals persist between calls) and returns its first result as JSON. At
    /// its top level, `hub.sleep` lets time pass on the runtime's loop.
    public func evaluate(_ source: String, inFolder folderSuffix: String, chunkName: String = "=eval") throws -> JSONValue {
        guard let loaded = folders.first(where: { $0.folder.path.hasSuffix(folderSuffix) }) else {
            throw LuaError(message: "no loaded feature folder ends with '\(folderSuffix)'")
        }
        return try bindings.timePassing.granting { try sandbox.evaluate(source, chunkName: chunkName, in: loaded.environment) }
    }

    /// Runs every `*_test.lua` file inside the loaded feature folders under `directories`, each
    /// in the environment of its feature folder (so that `require` gives a test the very
    /// modules the feature's scripts got, and a test can set them up), and every case it
    /// registers whose name passes `options.filter`. A folder under them that failed to load
    /// counts as a failed case. Writes one line per case to `output` (or, when there is none,
    /// which folders it searched, or that the filter left every case out), what the tests did
    /// (golden files written under `options.updatesGoldenFiles`) below the lines, and the
    /// summary line last.
    public func runTests(under directories: [String], options: TestOptions = TestOptions(), output: (String) -> Void) -> TestSummary {
        var summary = TestSummary(passed: 0, failed: 0)
        let roots = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        let isUnderRoots = { (path: String) in roots.contains { path == $0 || path.hasPrefix($0 + "/") } }
        for failure in loadFailures where isUnderRoots(failure.path) {
            summary.failed += 1
            output("FAIL \(failure)")
        }
        let tests = bindings.tests
        for loaded in folders where isUnderRoots(loaded.folder.path) {
            let folder = loaded.folder
            for file in FeatureFolder.files(under: folder.path, matching: { $0.hasSuffix("_test.lua") }) {
                tests.discardCases()
                do {
                    try tests.running(in: folder, options: options) { try sandbox.run(file, of: folder, in: loaded.environment) }
                } catch {
                    tests.discardCases()
                    summary.failed += 1
                    output("FAIL \(folder.displayPath)/\(file): \(error)")
                }
                tests.takeNotes().forEach(output)
                tests.runCases(in: folder, options: options, into: &summary, output: output)
            }
        }
        if summary.passed + summary.failed == 0, summary.skipped > 0, let filter = options.filter {
            output("no tests found: no test case name contains '\(filter)' (of the \(summary.skipped) under \(directories.joined(separator: ", ")))")
        } else if summary.passed + summary.failed == 0 {
            let searched = folders.filter { isUnderRoots($0.folder.path) }.map { "\n  \($0.folder.displayPath)" }.joined()
            output("no tests found: no tests/*_test.lua file in the feature folders under \(directories.joined(separator: ", "))"
                + (searched.isEmpty ? " (there are none)" : ":\(searched)"))
        }
        output(summary.line)
        return summary
    }
}
