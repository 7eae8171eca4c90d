import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import HubTestThreads
import Testing

/// An operation's failure that a later operation silenced (Hub Framework's chain goes on) is
/// still shown to the author by every command: the reproducer misspells a field of decoded JSON.
@Suite(.offThePool) struct SilencedFailureCLITests {
    static let folder = "Tests/HubCLITests/Fixtures/Silenced"
    /// Said message first, located relative to the feature folder.
    static let failure = "attempt to index a nil value (field 'hourz') — feature 'hours', operation 'hours', feature.lua:10"
    static let silenced = "; operation 'footer' was handed it and finished normally, so the chain went on without it"

    @Test func renderPrintsTheFailureAndExitsNonZero() throws {
        let render = try HubProcess.run(["render", "hours:view", "--features", Self.folder, "--width", "30"])
        #expect(render.output.contains("Have a nice day"))
        #expect(render.errors == "hub: \(Self.failure)\(Self.silenced)\n")
        #expect(render.status == 1)
    }

    @Test func checkStrictOpensTheViewAndCountsTheFailure() throws {
        let plain = try HubProcess.run(["check", "--features", Self.folder])
        #expect(plain.output.contains("no problems"), "\(plain.output)")
        let strict = try HubProcess.run(["check", "--features", Self.folder, "--strict"])
        #expect(strict.output.contains(
            "\(Self.folder)/feature.lua:10: view 'hours:view': operation 'hours' failed: attempt to index a nil value (field 'hourz'); "
                + "operation 'footer' was handed it and finished normally, so the chain went on without it\n"), "\(strict.output)")
        #expect(strict.status == 1)
    }

    @Test func testPrintsTheFailureUnderTheCase() throws {
        let test = try HubProcess.run(["test", Self.folder])
        let lines = test.output.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("the footer shows") })
        #expect(lines[index + 1] == "     problem: \(Self.failure)\(Self.silenced)", "\(test.output)")
    }

    @Test func serveLogsTheFailureAtWarningLevel() async throws {
        let serve = try LiveProcess(["serve", "--features", Self.folder, "--port", "0", "--workers", "1", "--store", "memory"])
        #expect(serve.wait { _, errors in errors.contains(" worker") })
        let port = try #require(serve.errorText.firstMatch(of: #/serving on http://127\.0\.0\.1:(\d+) /#)?.1)
        let response = try await HTTPClient.shared.get(url: "http://127.0.0.1:\(port)/views/hours:view").get()
        #expect(response.status == .ok)
        #expect(serve.wait { _, errors in errors.contains("warning hub.serve: [HubServer] \(Self.failure)\(Self.silenced)") }, "\(serve.errorText)")
        serve.send(SIGTERM)
        _ = serve.exitStatus(within: 20)
    }

    @Test func theREPLShowsTheScreensFailures() throws {
        let repl = try HubProcess.run(
            ["repl", "--features", Self.folder],
            input: "s = hub.open('hours:view')\n= #s.failures, s.failures[1].outcome, s.failures[1].by, s.failures[1].operation\ns\n")
        #expect(repl.output.contains("1\tsilenced\tfooter\thours\n"), "\(repl.output)")
        #expect(repl.output.contains("  silenced by footer: \(Self.failure)\n"), "\(repl.output)")
        #expect(repl.errors.contains(Self.failure + Self.silenced))
    }
}
