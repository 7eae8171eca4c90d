import Foundation
import HubTestBackend
import HubTestThreads
import Testing

/// Ctrl-C in `hub repl` at a terminal, as in the prompts people know: at the prompt it drops what
/// is being typed (a statement begun on earlier lines too); while a line waits (`hub.sleep`, a
/// response, the store, `hub.await`) it stops the wait with `interrupted` at the line, and the
/// session goes on.
@Suite(.offThePool) struct ReplInterruptCLITests {
    @Test func ctrlCDropsTheLineBeingTypedAndAStatementBegunAboveIt() throws {
        let repl = try LiveProcess.terminalREPL(["--features", "Examples/Cities"])
        #expect(repl.waitForTerminal(raw: true))
        repl.write("abc")
        #expect(repl.wait { output, _ in output.hasSuffix("> abc") }, "\(repl.outputText.debugDescription)")
        repl.write("\u{03}")
        // The line stays where it shows; under it, a new prompt (libedit clears what follows it).
        #expect(repl.wait { output, _ in output.hasSuffix("> abc\r\n\r> \u{1B}[K") }, "\(repl.outputText.debugDescription)")
        repl.write("3+3\r")
        #expect(repl.wait { output, _ in output.contains("\n6\r\n> ") }, "\(repl.outputText.debugDescription)")
        // A table begun on one line waits for more at `>> `; Ctrl-C there starts afresh at `> `.
        #expect(repl.waitForTerminal(raw: true))
        repl.write("t = {\r")
        #expect(repl.wait { output, _ in output.hasSuffix("\r\n>> ") }, "\(repl.outputText.debugDescription)")
        repl.write("1,")
        #expect(repl.wait { output, _ in output.hasSuffix(">> 1,") }, "\(repl.outputText.debugDescription)")
        repl.write("\u{03}")
        // libedit draws the new prompt over the old one's place: `>`, the rest cleared, then ` `.
        #expect(repl.wait { output, _ in output.hasSuffix(">> 1,\r\n\r>\u{1B}[K ") }, "\(repl.outputText.debugDescription)")
        repl.write("= 3+3, t\r")
        #expect(repl.wait { output, _ in output.contains("\n6\tnil\r\n> ") }, "\(repl.outputText.debugDescription)")
        repl.leaveREPL()
    }

    @Test func ctrlCStopsASleepAtItsLineAndTheSessionGoesOn() throws {
        let repl = try LiveProcess.terminalREPL(["--features", "Examples/Cities"])
        repl.startWaiting("hub.sleep(60000)")
        #expect(repl.interrupt(untilShown: "stdin:1: interrupted\r\n"), "\(repl.outputText.debugDescription)")
        Self.expectTheSessionGoesOn(repl)
    }

    @Test func ctrlCStopsAnAwaitAtItsLine() throws {
        let repl = try LiveProcess.terminalREPL(["--features", "Examples/Cities"])
        repl.startWaiting("x = 1; hub.await(function(done) hub.after(60000, done) end)")
        #expect(repl.interrupt(untilShown: "stdin:1: interrupted\r\n"), "\(repl.outputText.debugDescription)")
        Self.expectTheSessionGoesOn(repl)
    }

    @Test func ctrlCStopsAWaitForAResponseThatNeverComes() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/hang", .neverAnswer)
        let folder = try Self.makeFolder(hosts: "127.0.0.1:\(backend.port)")
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let repl = try LiveProcess.terminalREPL(["--features", folder])
        repl.startWaiting("r = hub.http.get('\(backend.url("/hang"))')")
        #expect(backend.waitForRequest("/hang", timeout: 30_000), "the request never came")
        #expect(repl.interrupt(untilShown: "stdin:1: interrupted\r\n"), "\(repl.outputText.debugDescription)")
        Self.expectTheSessionGoesOn(repl)
    }

    @Test func ctrlCStopsTheWaitForAScreenWhoseOperationWaitsForAResponse() throws {
        let backend = try TestBackend.start()
        defer { backend.stop() }
        backend.route("/hang", .neverAnswer)
        let folder = try Self.makeFolder(hosts: "127.0.0.1:\(backend.port)", perform: """
            ctx.view:body("b").title = hub.http.get("\(backend.url("/hang"))").body
            """)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let repl = try LiveProcess.terminalREPL(["--features", folder])
        // hub.open waits for the chain to settle; the operation waits for the response.
        repl.startWaiting("s = hub.open('f:view')")
        #expect(backend.waitForRequest("/hang", timeout: 30_000), "the request never came")
        #expect(repl.interrupt(untilShown: "stdin:1: interrupted\r\n"), "\(repl.outputText.debugDescription)")
        Self.expectTheSessionGoesOn(repl)
    }

    @Test func ctrlCStopsAStoreCallWhoseServerNeverAnswers() throws {
        let server = try #require(SilentListener())
        let repl = try LiveProcess.terminalREPL([
            "--features", "Examples/Cities", "--store", "postgres://hub@127.0.0.1:\(server.port)/hub",
        ])
        repl.startWaiting("hub.store.namespace('cities').get('k')")
        #expect(repl.interrupt(untilShown: "stdin:1: interrupted\r\n"), "\(repl.outputText.debugDescription)")
        Self.expectTheSessionGoesOn(repl)
    }

    /// After an interrupted line, the next line runs and the REPL leaves normally.
    private static func expectTheSessionGoesOn(_ repl: LiveProcess) {
        #expect(!repl.outputText.contains("did not answer"), "the wait was stopped, not timed out")
        #expect(repl.waitForTerminal(raw: true))
        repl.write("1+1\r")
        #expect(repl.wait { output, _ in output.contains("\n2\r\n> ") }, "\(repl.outputText.debugDescription)")
        repl.leaveREPL()
    }

    /// A feature folder in a fresh temporary directory whose feature may reach `hosts`, and
    /// whose view's one operation runs `perform`.
    private static func makeFolder(hosts: String, perform: String = "") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8))").path + "/F"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try """
            hub.feature { id = "f", uri = "f:view", hosts = { "\(hosts)" }, operations = { function(ctx)
              \(perform)
            end } }
            """.write(toFile: path + "/feature.lua", atomically: true, encoding: .utf8)
        return path
    }
}
