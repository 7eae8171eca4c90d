import HubCore
import HubData
import HubRender
package import LuaBridge

/// Feature tests: `hub.test(name, fn)` registers a case, `hub.expect_equal` and
/// `hub.expect_render` check values and renders. HubTools' `runTests` runs the test files and
/// then the cases they registered (``takeCases()``), each inside ``running(in:updatingGoldenFiles:_:)``.
package final class TestBindings {
    /// One case registered with `hub.test(name, fn)`.
    package struct TestCase {
        /// The name the case was registered under.
        package var name: String
        /// The function that runs it.
        package var function: LuaReference
    }

    /// The feature folder whose tests are running, and how they run.
    private struct Run {
        var folder: FeatureFolder
        var updatesGoldenFiles: Bool
    }

    private let lua: LuaState
    private var cases: [TestCase] = []
    /// The tests running now; nil outside `hub test`.
    private var run: Run?
    /// What the running tests did besides passing or failing (golden files written).
    private var notes: [String] = []
    /// Where `hub.expect_render` finds its screens and draws them.
    private let screens: ScreenBindings
    private unowned let manager: HubManager

    /// Cases registered in `lua`; the HTTP requests of `manager`'s screens go through its
    /// transport, which recordings of the folder under test may answer
    /// (`FolderRecordingTransport`). `hub.expect_render` draws the screens of `screens`.
    init(lua: LuaState, manager: HubManager, screens: ScreenBindings) {
        self.lua = lua
        self.screens = screens
        self.manager = manager
    }

    /// The transport answering from (or recording into) the recordings of the folder under test.
    private var recordings: (any FolderRecordingTransport)? {
        manager.httpTransport as? any FolderRecordingTransport
    }

    /// `hub.test(name, fn)`: a case of the file under test.
    func registerTest(_ call: LuaStack) throws -> Int32 {
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
    func expectEqual(_ call: LuaStack) throws -> Int32 {
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
    func expectRender(_ call: LuaStack) throws -> Int32 {
        let function = "hub.expect_render"
        let screen = try screens.screen(call, at: 1, of: function)
        let path = try call.checkString(2, function)
        if !call.isNil(3), call.type(at: 3) != .table { throw call.typeError(3, function, expected: "table or nil") }
        guard let run else {
            throw LuaRaise(message: "hub.expect_render compares renders with a feature folder's golden files: only hub test runs it")
        }
        let golden = try GoldenFile(path, in: run.folder)
        let text = try ScreenBindings.draw(screen, call, options: 3, of: function)
        switch try golden.check(text, updating: run.updatesGoldenFiles) {
        case .matched: break
        case .created(let file): notes.append("created \(file)")
        case .updated(let file): notes.append("updated \(file)")
        }
        return 0
    }

    // MARK: Running

    /// Runs `body` (a test file, or one of its cases) as tests of `folder`: its HTTP requests
    /// answered from the folder's recordings, `hub.expect_render` comparing with (or, when
    /// `updatingGoldenFiles`, writing) the folder's golden files.
    package func running<Result, Failure: Error>(
        in folder: FeatureFolder, updatingGoldenFiles: Bool, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outer = run
        run = Run(folder: folder, updatesGoldenFiles: updatingGoldenFiles)
        recordings?.folder = folder.path
        defer {
            run = outer
            recordings?.folder = outer?.folder.path
        }
        return try body()
    }

    /// What the tests did since the last call besides passing or failing, e.g. `created
    /// Examples/Cities/golden/overview-60.txt`; forgets it.
    package func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    /// The cases registered since the last call, in order; forgets them.
    package func takeCases() -> [TestCase] {
        defer { cases.removeAll() }
        return cases
    }

    /// Forgets the cases registered since the last run (e.g. by a test file that failed).
    package func discardCases() {
        cases.removeAll()
    }
}
