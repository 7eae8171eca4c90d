import CLua
import Foundation

/// One case registered with `hub.test(name, fn)`.
struct LuaTestCase {
    var name: String
    var file: String
    var reference: Int32
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

extension HubRuntime {
    func registerTest(_ call: LuaStack, folder index: Int) throws -> Int32 {
        let name = try call.checkString(1, "hub.test")
        guard call.type(at: 2) == LUA_TFUNCTION else {
            throw LuaRaise(message: "bad argument #2 to 'hub.test' (function expected, got \(call.typeName(at: 2)))")
        }
        let location = call.location(level: 1)
        call.pushValue(2)
        testCases.append(LuaTestCase(name: name, file: String(location.dropLast(2)), reference: lua.reference()))
        return 0
    }

    /// Runs every `*_test.lua` file inside the loaded feature folders under `directories`, each
    /// in a fresh environment of its feature folder, and every case it registers. Writes one
    /// line per case to `output`, and the summary line last.
    public func runTests(under directories: [String], output: (String) -> Void) -> TestSummary {
        var summary = TestSummary(passed: 0, failed: 0)
        let roots = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        for folder in loadedFolders where roots.contains(where: { folder.path == $0 || folder.path.hasPrefix($0 + "/") }) {
            for file in testFiles(in: folder.path) {
                testCases.removeAll()
                do {
                    try runFile(file, folder: folder.index, fresh: true)
                } catch {
                    summary.failed += 1
                    output("FAIL \(folder.displayPath)/\(file): \(error)")
                    continue
                }
                for testCase in testCases {
                    lua.pushReference(testCase.reference)
                    do {
                        try lua.call(arguments: 0, results: 0)
                        summary.passed += 1
                        output("ok   \(testCase.name)")
                    } catch {
                        summary.failed += 1
                        output("FAIL \(testCase.name)\n     \(error)")
                    }
                    lua.release(testCase.reference)
                }
                testCases.removeAll()
            }
        }
        output(summary.line)
        return summary
    }

    private func testFiles(in folder: String) -> [String] {
        FeatureFolder.files(under: folder) { $0.hasSuffix("_test.lua") }
    }
}
