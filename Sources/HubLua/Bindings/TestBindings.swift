import HubCore
import HubRender
import LuaBridge

/// Feature tests: `hub.test(name, fn)` registers a case, `hub.expect_equal` and
/// `hub.expect_render` check values and renders; ``runCases(in:options:into:output:)`` runs the
/// cases registered since the last run.
final class TestBindings {
    /// One case registered with `hub.test(name, fn)`.
    private struct TestCase {
        var name: String
        var function: LuaReference
    }

    /// The feature folder whose tests are running, and how they run.
    private struct Run {
        var folder: FeatureFolder
        var options: TestOptions
    }

    private let lua: LuaState
    private let timePassing: TimePassingPermit
    private var cases: [TestCase] = []
    /// The tests running now; nil outside `hub test`.
    private var run: Run?
    /// What the running tests did besides passing or failing (golden files written).
    private var notes: [String] = []
    /// Where `hub.expect_render` finds its screens and draws them.
    private let screens: ScreenBindings

    /// Cases run in `lua`, where `hub.sleep` lets time pass under `timePassing`, and the HTTP
    /// requests of `manager`'s screens go through its transport, which recordings of the folder
    /// under test may answer (``FolderRecordingTransport``). `hub.expect_render` draws the
    /// screens of `screens`.
    init(lua: LuaState, timePassing: TimePassingPermit, manager: HubManager, screens: ScreenBindings, problems: ProblemLog) {
        self.lua = lua
        self.screens = screens
        self.timePassing = timePassing
        self.manager = manager
        self.problems = problems
    }

    /// What went wrong in a case without failing it (a failure an operation silenced, a
    /// component that failed to draw): printed under the case.
    private let problems: ProblemLog

    private unowned let manager: HubManager

    /// The transport answering from (or recording into) the recordings of the folder under test.
    private var recordings: (any FolderRecordingTransport)? {
        manager.httpTransport as? any FolderRecordingTransport
    }

    /// `hub.test`, `hub.expect_equal`, `hub.expect_render` (which costs what drawing a screen
    /// costs).
    var library: LuaLibrary {
        LuaLibrary(self, [
            "test": TestBindings.registerTest,
            "expect_equal": TestBindings.expectEqual,
        ])
            + LuaLibrary(self, cost: ScreenBindings.renderingCost, ["expect_render": TestBindings.expectRender])
    }

    private func registerTest(_ call: LuaStack) throws -> Int32 {
        let name = try call.checkString(1, "hub.test")
        try call.checkFunction(2, "hub.test")
        call.pushValue(2)
        try call.chargeMemory(LuaStack.registrationSize + name.utf8.count)
        cases.append(TestCase(name: name, function: lua.reference(popping: call)))
        return 0
    }

    // MARK: Expectations

    /// `hub.expect_equal(actual, expected [, message])`: raises at the caller's line unless the
    /// values are deeply equal (``LuaValueComparison``), listing where they differ:
    /// `body[2].title: expected "Rome", got "Roma"`, or `N differences:` and one line each.
    private func expectEqual(_ call: LuaStack) throws -> Int32 {
        let function = "hub.expect_equal"
        guard call.top >= 2 else { throw call.argumentError(2, function, "value expected") }
        let message = try call.optionalString(3, function)
        let comparison = try LuaValueComparison(call, actual: 1, expected: 2)
        let differences = comparison.differences
        guard let first = differences.first else { return 0 }
        let prefix = message.map { "\($0): " } ?? ""
        if differences.count == 1, !comparison.isCut { throw LuaRaise(message: prefix + first.description) }
        let count = comparison.isCut ? "more than \(differences.count) differences (the first \(differences.count))" : "\(differences.count) differences"
        throw LuaRaise(message: "\(prefix)\(count):" + differences.map { "\n  \($0)" }.joined())
    }

    /// `hub.expect_render(s, path [, options])`: raises at the caller's line unless
    /// `s:render(options)` is byte for byte the golden file `path` of the feature folder under
    /// test, with the unified diff from the file to the render. Under `hub test --update` it
    /// writes a missing or different file instead (``GoldenFile``).
    private func expectRender(_ call: LuaStack) throws -> Int32 {
        let function = "hub.expect_render"
        let screen = try screens.screen(call, at: 1, of: function)
        let path = try call.checkString(2, function)
        if !call.isNil(3), call.type(at: 3) != .table { throw call.typeError(3, function, expected: "table or nil") }
        guard let run else {
            throw LuaRaise(message: "hub.expect_render compares renders with a feature folder's golden files: only hub test runs it")
        }
        let golden = try GoldenFile(path, in: run.folder)
        let text = try ScreenBindings.draw(screen, call, options: 3, of: function)
        switch try golden.check(text, updating: run.options.updatesGoldenFiles) {
        case .matched: break
        case .created(let file): notes.append("created \(file)")
        case .updated(let file): notes.append("updated \(file)")
        }
        return 0
    }

    // MARK: Running

    /// Runs `body` (a test file, or its cases) as tests of `folder`, with `options`.
    func running<Result>(in folder: FeatureFolder, options: TestOptions, _ body: () throws -> Result) rethrows -> Result {
        let outer = run
        run = Run(folder: folder, options: options)
        recordings?.folder = folder.path
        defer {
            run = outer
            recordings?.folder = outer?.folder.path
        }
        return try body()
    }

    /// What the tests did since the last call besides passing or failing, e.g. `created
    /// Examples/Cities/golden/overview-60.txt`; forgets it.
    func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    /// Runs the cases registered since the last run whose names pass `options.filter`, in
    /// order, as tests of `folder`, writing one line per case to `output` (`ok   name`, or
    /// `FAIL name` and the error indented below it; with `options.showsTimes`, each name is
    /// followed by the time it took, ` (3 ms)`), then what the case printed (`printed` gives
    /// the lines printed since its last call) and what it did, indented. Adds to `summary`.
    func runCases(
        in folder: FeatureFolder, options: TestOptions, into summary: inout TestSummary,
        printed: () -> [String] = { [] }, output: (String) -> Void
    ) {
        let pending = cases
        cases.removeAll()
        for testCase in pending {
            if let filter = options.filter, !testCase.name.contains(filter) {
                summary.skipped += 1
                continue
            }
            notes.removeAll()
            problems.clear()
            _ = printed()
            // Each case starts from an empty store, unless the tests run on a real one (--store).
            (manager.store as? MemoryStore)?.removeAll()
            let recorder = recordings as? RecordingHTTPTransport
            let recordedBefore = recorder?.written.count ?? 0
            let start = MonotonicTime.now
            var failure: (any Error)?
            do {
                try running(in: folder, options: options) {
                    try timePassing.granting { try lua.call(testCase.function, results: 0) { _ in } }
                }
            } catch {
                failure = error
            }
            // A request the recordings could not answer fails the case, even if the script went on.
            if let problems = recordings?.takeProblems(), !problems.isEmpty {
                failure = RecordingProblems(failure: failure, problems: problems)
            }
            for path in recorder?.written.dropFirst(recordedBefore) ?? [] { notes.append("recorded \(folder.display(path))") }
            notes += problems.entries.map { "problem: \($0)" }
            let time = options.showsTimes ? " (\(MonotonicTime.nanoseconds(since: start) / 1_000_000) ms)" : ""
            if let failure {
                summary.failed += 1
                output("FAIL \(testCase.name)\(time)\n" + Self.indented(String(describing: failure)))
            } else {
                summary.passed += 1
                output("ok   \(testCase.name)\(time)")
            }
            for line in printed() { output(Self.indented(line)) }
            for note in takeNotes() { output(Self.indented(note)) }
        }
    }

    /// Forgets the cases registered since the last run (e.g. by a test file that failed).
    func discardCases() {
        cases.removeAll()
    }

    /// Every line of `text`, indented under a case's line.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "     " + $0 }.joined(separator: "\n")
    }
}

/// How `hub test` runs the features' tests.
public struct TestOptions: Equatable, Sendable {
    /// Runs only the cases whose name contains this text; nil runs all.
    public var filter: String?
    /// Whether `hub.expect_render` writes a missing or different golden file (and the case
    /// passes) instead of failing.
    public var updatesGoldenFiles: Bool
    /// Whether each case's line ends with the time it took, ` (3 ms)` (times differ from run to
    /// run, so it is off unless asked for).
    public var showsTimes: Bool

    /// Options that run every case, never write golden files and show no times unless told.
    public init(filter: String? = nil, updatesGoldenFiles: Bool = false, showsTimes: Bool = false) {
        self.filter = filter
        self.updatesGoldenFiles = updatesGoldenFiles
        self.showsTimes = showsTimes
    }
}

/// The outcome of `hub test`.
public struct TestSummary: Equatable, Sendable {
    /// The number of test cases that passed.
    public var passed: Int
    /// The number of test cases that failed, plus test files that failed to run.
    public var failed: Int
    /// The number of test cases the filter left out.
    public var skipped = 0

    /// `N passed, N failed`.
    public var line: String { "\(passed) passed, \(failed) failed" }
}

/// A case's failure (if any) and the requests its folder's recordings could not answer.
private struct RecordingProblems: Error, CustomStringConvertible {
    let failure: (any Error)?
    let problems: [String]

    var description: String {
        ((failure.map { ["\($0)"] } ?? []) + problems).joined(separator: "\n")
    }
}
