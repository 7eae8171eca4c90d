import ArgumentParser
import Foundation
import HubCore
import HubData
import HubHTTP
import HubLua
import HubRender
import HubTools

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the features' tests (tests/*_test.lua) and print N passed, N failed.",
        discussion: """
            Each case's line shows the time it took. hub.expect_render compares renders with golden \
            files in the feature folder; --update writes them instead. HTTP requests are answered \
            from the recordings in each feature folder's tests/http/ (in virtual time); a request \
            with no recording fails its case. --record sends them to the live backends instead \
            and writes what comes back there; an exchange that failed (the backend is down, or \
            answered 5xx) keeps the recording it would replace, fails its case and is written \
            only with --record-failures. --coverage counts the lines of the features' Lua \
            files (their tests left out) that the tests run, prints each file's lines run out of \
            those that can run, and writes an lcov tracefile (lcov.info, or --coverage-file) for \
            genhtml.
            """)

    @Argument(help: "Folders holding feature folders with tests.")
    var folders: [String] = ["."]

    @Option(help: ArgumentHelp("Run only the test cases whose name contains this text.", valueName: "text"))
    var filter: String?

    @Flag(help: "Write the golden files hub.expect_render compares with (creating missing ones) instead of failing.")
    var update = false

    @Flag(help: "Send HTTP requests to the live backends and record the exchanges in tests/http/ instead of replaying them.")
    var record = false

    @Flag(help: "As --record, and record the exchanges that failed too (a transport failure, a 5xx answer).")
    var recordFailures = false

    @Flag(help: "Count the lines of the features' Lua files that the tests run; print a summary and write an lcov tracefile.")
    var coverage = false

    @Option(help: ArgumentHelp("Where --coverage writes its lcov tracefile (implies --coverage).", valueName: "file"))
    var coverageFile: String?

    @OptionGroup var limits: LimitOptions

    @OptionGroup var grants: GrantOptions

    @OptionGroup var store: StoreOptions

    /// Loads every folder (one that fails to load is a failed case; the others still run their
    /// tests), runs the tests, and fails unless every case passed and there was one.
    func run() throws {
        let runtime = try HubRuntime(clock: .virtual)
        limits.apply(to: runtime)
        runtime.grants = try grants.load()
        runtime.manager.store = try store.makeStore()
        let records = record || recordFailures
        let recorder = records ? RecordingHTTPTransport(sending: AsyncHTTPTransport()) : nil
        recorder?.recordsFailures = recordFailures
        runtime.manager.httpTransport = recorder ?? RecordedHTTPTransport()
        // Recording asks the backends for everything: a cached answer would not be recorded.
        if records { runtime.manager.httpCache = nil }
        let covers = coverage || coverageFile != nil
        if covers { runtime.startCoverage() }
        for folder in folders {
            let failures = runtime.loadFailures.count
            do {
                try runtime.loadFeatures(at: folder)
            } catch where runtime.loadFailures.count == failures {
                print("FAIL \(error)")
                throw ExitCode.failure
            } catch {
                // Folders that failed to load are reported with the tests, as failed cases.
            }
        }
        let options = TestOptions(filter: filter, updatesGoldenFiles: update, showsTimes: true)
        let summary = runtime.runTests(under: folders, options: options) { print($0) }
        if covers { try report(runtime.lineCoverage(under: folders)) }
        if summary.failed > 0 || summary.passed == 0 {
            throw ExitCode.failure
        }
    }

    /// Prints the coverage summary and writes the tracefile.
    private func report(_ coverage: LineCoverage) throws {
        coverage.summary.forEach { print($0) }
        let file = coverageFile ?? "lcov.info"
        do {
            try coverage.lcov().write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            print("FAIL cannot write the coverage tracefile \(file): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        print("wrote \(file)")
    }
}
