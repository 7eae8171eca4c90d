import Foundation
import HubCore
import LuaBridge

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
    /// counts as a failed case. Writes to `output`, for each test file with something to show,
    /// its path (the feature folder's and the file's) and below it one line per case, each
    /// followed by what the case printed and did (golden files written under
    /// `options.updatesGoldenFiles`), indented; when there is no case, which folders it
    /// searched, or that the filter left every case out; and the summary line last. What the
    /// scripts print while the tests run goes under their case, not to ``printOutput``.
    public func runTests(under directories: [String], options: TestOptions = TestOptions(), output: (String) -> Void) -> TestSummary {
        var summary = TestSummary(passed: 0, failed: 0)
        let isUnderRoots = Self.isUnder(directories)
        for failure in loadFailures where isUnderRoots(failure.path) {
            summary.failed += 1
            output("FAIL \(failure)")
        }
        let printed = PrintedDuringTests()
        let destination = printOutput
        printOutput = { printed.lines.append($0) }
        defer { printOutput = destination }
        let tests = bindings.tests
        for loaded in folders where isUnderRoots(loaded.folder.path) {
            let folder = loaded.folder
            for file in FeatureFolder.files(under: folder.path, matching: { $0.hasSuffix("_test.lua") }) {
                // The file's path heads what it shows; a file that shows nothing (every case
                // filtered out) shows no head either.
                var head: String? = folder.displayFile(file)
                func show(_ line: String) {
                    if let shown = head {
                        output(shown)
                        head = nil
                    }
                    output(line)
                }
                tests.discardCases()
                do {
                    try tests.running(in: folder, options: options) { try sandbox.run(file, of: folder, in: loaded.environment) }
                } catch {
                    tests.discardCases()
                    summary.failed += 1
                    show("FAIL \(folder.displayFile(file)): \(error)")
                }
                printed.take().map(TestBindings.indented).forEach(show)
                tests.takeNotes().map(TestBindings.indented).forEach(show)
                tests.runCases(in: folder, options: options, into: &summary, printed: printed.take, output: show)
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

extension HubRuntime {
    /// Whether an absolute, symlink-resolved path is one of `directories` or inside one.
    static func isUnder(_ directories: [String]) -> (String) -> Bool {
        let roots = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        return { path in roots.contains { path == $0 || path.hasPrefix($0 + "/") } }
    }
}

/// The lines scripts print while tests run, kept to be shown under their case.
private final class PrintedDuringTests {
    var lines: [String] = []

    /// The lines printed since the last call.
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}
