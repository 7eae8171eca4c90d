/// Feature tests: `hub.test(name, fn)` registers a case; ``runCases(into:output:)`` runs the
/// cases registered since the last run.
final class TestBindings {
    /// One case registered with `hub.test(name, fn)`.
    private struct TestCase {
        var name: String
        var function: LuaReference
    }

    private let lua: LuaState
    private let timePassing: TimePassingPermit
    private var cases: [TestCase] = []

    /// Cases run in `lua`, where `hub.sleep` lets time pass under `timePassing`.
    init(lua: LuaState, timePassing: TimePassingPermit) {
        self.lua = lua
        self.timePassing = timePassing
    }

    /// `hub.test`.
    var library: LuaLibrary {
        LuaLibrary(self, ["test": TestBindings.registerTest])
    }

    private func registerTest(_ call: LuaStack) throws -> Int32 {
        let name = try call.checkString(1, "hub.test")
        try call.checkFunction(2, "hub.test")
        call.pushValue(2)
        try call.chargeMemory(LuaStack.registrationSize + name.utf8.count)
        cases.append(TestCase(name: name, function: lua.reference(popping: call)))
        return 0
    }

    /// Runs the cases registered since the last run, in order, writing one line per case to
    /// `output` (`ok   name`, or `FAIL name` and the error). Adds to `summary`.
    func runCases(into summary: inout TestSummary, output: (String) -> Void) {
        let pending = cases
        cases.removeAll()
        for testCase in pending {
            do {
                try timePassing.granting { try lua.call(testCase.function, results: 0) { _ in } }
                summary.passed += 1
                output("ok   \(testCase.name)")
            } catch {
                summary.failed += 1
                output("FAIL \(testCase.name)\n     \(error)")
            }
        }
    }

    /// Forgets the cases registered since the last run (e.g. by a test file that failed).
    func discardCases() {
        cases.removeAll()
    }
}

/// The outcome of `hub test`.
public struct TestSummary: Equatable, Sendable {
    /// The number of test cases that passed.
    public var passed: Int
    /// The number of test cases that failed, plus test files that failed to run.
    public var failed: Int

    /// `N passed, N failed`.
    public var line: String { "\(passed) passed, \(failed) failed" }
}
