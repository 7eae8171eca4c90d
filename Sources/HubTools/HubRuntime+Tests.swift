import Foundation
import HubCore
import HubData
import HubLua
import HubRender
internal import LuaBridge

// `hub test`: running the feature folders' test files, then the cases they register.

extension HubRuntime {
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
                do throws(LuaError) {
                    try tests.running(in: folder, updatingGoldenFiles: options.updatesGoldenFiles) { () throws(LuaError) in
                        try sandbox.run(file, of: folder, in: loaded.environment)
                    }
                } catch {
                    tests.discardCases()
                    summary.failed += 1
                    show("FAIL \(folder.displayFile(file)): \(error)")
                }
                printed.take().map(Self.indented).forEach(show)
                tests.takeNotes().map(Self.indented).forEach(show)
                runCases(in: folder, options: options, into: &summary, printed: printed.take, output: show)
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

    /// Runs the cases registered since the last run whose names pass `options.filter`, in
    /// order, as tests of `folder`, writing one line per case to `output` (`ok   name`, or
    /// `FAIL name` and the error indented below it; with `options.showsTimes`, each name is
    /// followed by the time it took, ` (3 ms)`), then what the case printed (`printed` gives
    /// the lines printed since its last call) and what it did, indented. Adds to `summary`.
    private func runCases(
        in folder: FeatureFolder, options: TestOptions, into summary: inout TestSummary,
        printed: () -> [String], output: (String) -> Void
    ) {
        let tests = bindings.tests
        let recordings = manager.httpTransport as? any FolderRecordingTransport
        for testCase in tests.takeCases() {
            if let filter = options.filter, !testCase.name.contains(filter) {
                summary.skipped += 1
                continue
            }
            _ = tests.takeNotes()
            clearProblems()
            _ = printed()
            // Each case starts from an empty store, unless the tests run on a real one (--store).
            (manager.store as? MemoryStore)?.removeAll()
            let recorder = recordings as? RecordingHTTPTransport
            let recordedBefore = recorder?.written.count ?? 0
            let start = MonotonicTime.now
            var failure: (any Error)?
            do {
                try tests.running(in: folder, updatingGoldenFiles: options.updatesGoldenFiles) {
                    try bindings.timePassing.granting { try lua.call(testCase.function, results: 0) { _ in } }
                }
            } catch {
                failure = error
            }
            // A request the recordings could not answer fails the case, even if the script went on.
            if let problems = recordings?.takeProblems(), !problems.isEmpty {
                failure = RecordingProblems(failure: failure, problems: problems)
            }
            // What the case did besides: golden files written, requests recorded, problems.
            let notes = tests.takeNotes()
                + (recorder?.written.dropFirst(recordedBefore) ?? []).map { "recorded \(folder.display($0))" }
                + problems.map { "problem: \($0)" }
            let time = options.showsTimes ? " (\(MonotonicTime.nanoseconds(since: start) / 1_000_000) ms)" : ""
            if let failure {
                summary.failed += 1
                output("FAIL \(testCase.name)\(time)\n" + Self.indented(String(describing: failure)))
            } else {
                summary.passed += 1
                output("ok   \(testCase.name)\(time)")
            }
            for line in printed() { output(Self.indented(line)) }
            for note in notes { output(Self.indented(note)) }
        }
    }

    /// Every line of `text`, indented under a case's line.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "     " + $0 }.joined(separator: "\n")
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

/// A case's failure (if any) and the requests its folder's recordings could not answer.
private struct RecordingProblems: Error, CustomStringConvertible {
    let failure: (any Error)?
    let problems: [String]

    var description: String {
        ((failure.map { ["\($0)"] } ?? []) + problems).joined(separator: "\n")
    }
}
