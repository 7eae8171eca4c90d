import Foundation
import HubTestThreads
import Testing

/// `hub repl` driven through a pipe, as the standalone `lua` prompt would be.
@Suite(.offThePool) struct ReplCLITests {
    @Test func expressionsStatementsAndMultiLineInputBehaveAsLuasPrompt() throws {
        let result = try HubProcess.run(["repl", "--features", "Examples"], input: """
            x = 6 * 7
            =x
            x
            function double(n)
              return n * 2
            end
            double(x)
            = 1, "two", { 3, 4 }
            local hidden = 1
            hidden

            """)
        #expect(result.status == 0)
        // A local stays visible on the next lines, as in Node's and Luau's prompts.
        #expect(result.output == "42\n42\n84\n1\ttwo\t{ 3, 4 }\n1\n")
        #expect(result.errors.isEmpty)
    }

    @Test func anErrorPrintsWithItsTracebackAndThePromptGoesOn() throws {
        let result = try HubProcess.run(["repl", "--features", "Examples"], input: """
            function fail() error("boom") end
            fail()
            = 1 +
            2
            = "still here"

            """)
        #expect(result.output == "3\nstill here\n")
        #expect(result.errors.hasPrefix("stdin:1: boom\nstack traceback:\n"))
        #expect(result.errors.contains("stdin:1: unexpected symbol near <eof>") == false, "= 1 + waits for more")
    }

    @Test func hubValuesPrintAsTreesAndScreensStayLive() throws {
        let result = try HubProcess.run(["repl", "--features", "Examples"], input: """
            s = hub.open("songs:list", { width = 40 })
            s.model
            s:render()
            s:select({ 3, 1 })
            s.chain[1].runs
            s:diff()
            s.model.body[1]
            s:select("song-1")
            s.stack
            s:back()
            s.uri

            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let parts = result.output.components(separatedBy: "\n")
        #expect(Array(parts.prefix(5)) == [
            "view \"Songs\"",
            "  body (3)",
            "    song-1 [songs:song] \"Yellow Submarine\" / \"The Beatles\"",
            "      delete [songs:delete]",
            "    song-2 [songs:song] \"Dancing Queen\" / \"ABBA (protected)\"",
        ])
        // The render, then select (a delete button opens nothing), runs, the diff of the reload.
        #expect(result.output.contains(" Wonderwall                   [delete]\n Oasis\n\nfalse\n2\n+0 −1 ~0  removed: song-3\n"))
        // A component printed on its own shows its fields, then its children.
        #expect(result.output.contains("""

            song-1 [songs:song] "Yellow Submarine" / "The Beatles"
              category = "row"
              custom_images = {}
              index = 1
              target:
                actions = {}
                uri = "songs:song:1"
                view:
                  view "Yellow Submarine"
                    body (1)
                      loading [default:row] "Loading Yellow Submarine..."
              type = "body"
              delete [songs:delete]
            true

            """), "\(result.output)")
        #expect(result.output.hasSuffix("\n{ \"songs:list\", \"songs:song:1\" }\ntrue\nsongs:list\n"))
    }

    @Test func aPromptStartedBesideTheOneFolderItLoadsIsThatFeatures() throws {
        // Started in the package root, above Examples/Cities: hub.store, hub.read are the folder's.
        let result = try HubProcess.run(["repl", "--features", "Examples/Cities"], input: """
            hub.store.set("visited", 3)
            = hub.store.get("visited"), hub.store.namespace("cities").get("visited"), #hub.read("data/city-images.json") > 0

            """)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output == "3\t3\ttrue\n")
    }

    @Test func aPromptBesideSeveralFoldersSaysHowToNameANamespace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["books", "songs"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            try """
                hub.feature { id = "\(name)", uri = "\(name):list", operations = { function(ctx) end } }
                """.write(to: root.appendingPathComponent(name + "/feature.lua"), atomically: true, encoding: .utf8)
        }
        let result = try HubProcess.run(["repl", "--features", "books", "--features", "songs"], input: """
            hub.store.set("k", 1)
            hub.store.namespace("songs").set("k", 2)
            = hub.store.namespace("songs").get("k")

            """, in: root)
        #expect(result.output == "2\n")
        #expect(result.errors.hasPrefix("""
            stdin:1: hub.store.set: outside a feature folder, hub.store has no namespace of its own: name one, as \
            hub.store.namespace("books") (the features loaded: books, songs), or start hub repl in the feature's folder
            stack traceback:

            """), "\(result.errors)")
    }

    @Test func aScreenPrintsItsViewAndItsChain() throws {
        let result = try HubProcess.run(["repl", "--features", "Examples"], input: "hub.open('cities:overview')\n")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first == "screen cities:overview")
        #expect(lines.contains("  chain"))
        #expect(lines.contains { $0.hasPrefix("    1. rows  finished  runs 1  ") && $0.contains(/\d+\.\d ms, [1-9]\d* instructions$/) },
            "\(lines)")
        #expect(lines.contains { $0.hasPrefix("    2. images  finished  runs 1  ") })
    }

    /// `hub repl` on Examples/Cities under a pseudo-terminal (``LiveProcess/terminalREPL(_:in:)``)
    /// once it has run `firstLine` and shows the prompt again.
    private static func terminalREPL(firstLine: String) throws -> LiveProcess {
        let repl = try LiveProcess.terminalREPL(["--features", "Examples/Cities"])
        repl.write(firstLine + "\r")
        #expect(repl.wait { output, _ in output.components(separatedBy: "> ").count >= 3 }, "\(repl.outputText)")
        #expect(repl.waitForTerminal(raw: true), "the prompt never took the terminal out of line mode")
        return repl
    }

    @Test func ctrlCAtThePromptClearsTheLineAndKeepsTheSession() throws {
        // The terminal turns the Ctrl-C byte into SIGINT for the prompt.
        let repl = try Self.terminalREPL(firstLine: "s = hub.open('cities:overview')")
        repl.write("half typed line")
        #expect(repl.wait { output, _ in output.contains("half typed line") })
        repl.write("\u{03}")
        // The line stays where it shows, and a new prompt starts under it.
        #expect(repl.wait { output, _ in output.contains("> half typed line\r\n\r> ") }, "a new prompt: \(repl.outputText.debugDescription)")
        #expect(repl.waitForTerminal(raw: true), "the new prompt never took the terminal out of line mode")
        repl.write("= #s.model.body\r")
        #expect(repl.wait { output, _ in output.contains("\n8\r\n") }, "the session and its screen stay: \(repl.outputText)")
        repl.leaveREPL()
    }

    @Test func tabCompletesAPathThroughAScreensProperties() throws {
        let repl = try Self.terminalREPL(firstLine: "s = hub.open('cities:overview')")
        repl.write("= #s.model.bo\t")
        // What the completion adds ("dy") is typed after the cursor: no space after it.
        #expect(repl.wait { output, _ in output.hasSuffix("= #s.model.body") }, "\(repl.outputText.debugDescription)")
        repl.write("\r")
        #expect(repl.wait { output, _ in output.contains("\n8\r\n") }, "\(repl.outputText.debugDescription)")
        #expect(!repl.outputText.contains("\u{07}"), "a unique completion rings no bell")
        repl.leaveREPL()
    }

    @Test func aUniqueCompletionOfAFunctionOrMethodNameAddsNoSpaceAndRingsNoBell() throws {
        let repl = try Self.terminalREPL(firstLine: "s = hub.open('cities:overview')")
        repl.write("hub.sle\t")
        #expect(repl.wait { output, _ in output.hasSuffix("> hub.sleep") }, "\(repl.outputText.debugDescription)")
        repl.write("(0) print('slept')\r")
        #expect(repl.wait { output, _ in output.contains("\nslept\r\n") }, "\(repl.outputText.debugDescription)")
        #expect(repl.waitForTerminal(raw: true))
        repl.write("= #s:sna\t")
        #expect(repl.wait { output, _ in output.hasSuffix("= #s:snapshot") }, "\(repl.outputText.debugDescription)")
        repl.write("('images').body\r")
        #expect(repl.wait { output, _ in output.contains("\n4\r\n") }, "\(repl.outputText.debugDescription)")
        #expect(!repl.outputText.contains("\u{07}"), "\(repl.outputText.debugDescription)")
        // Several candidates: the first Tab rings, the second lists them, as in a shell.
        repl.write("hub.s\t\t")
        #expect(repl.wait { output, _ in output.contains("hub.schema  hub.sleep   hub.store") }, "\(repl.outputText.debugDescription)")
        // Ctrl-U drops what was typed; an empty line shows a new prompt.
        repl.write("\u{15}\r")
        repl.leaveREPL()
    }

    @Test func timeRunsBetweenLinesAndWhatATimerPrintsGoesAboveTheLineBeingTyped() throws {
        let repl = try Self.terminalREPL(firstLine: "hub.after(1000, function() print('tick'); error('boom') end)")
        repl.write("= 'hal")
        // The half-typed line is cleared, the timer's output and its error printed, the line shown again.
        #expect(repl.wait { output, _ in
            output.contains("> = 'hal\r\u{1B}[Ktick\r\nhub: boom — hub.after callback from stdin:1, stdin:1\r\n> = 'hal")
        }, "\(repl.outputText.debugDescription)")
        // Typing goes on where it was, in UTF-8.
        repl.write("f é'\r")
        #expect(repl.wait { output, _ in output.contains("\nhalf é\r\n") }, "\(repl.outputText.debugDescription)")
        repl.leaveREPL()
    }

    @Test func ctrlLClearsTheScreenAndThePromptGoesOn() throws {
        let repl = try Self.terminalREPL(firstLine: "x = 6 * 7")
        repl.write("\u{0C}")
        #expect(repl.wait { output, _ in output.contains("\u{1B}[H\u{1B}[2J> ") }, "\(repl.outputText.debugDescription)")
        repl.write("=x\r")
        #expect(repl.wait { output, _ in output.contains("\n42\r\n") })
        repl.leaveREPL()
    }

    @Test func ctrlCStopsARunningScriptAndThePromptGoesOn() throws {
        let repl = try LiveProcess(["repl", "--features", "Examples", "--budget", "100000000000"])
        repl.write("= 'ready'\n")
        #expect(repl.wait { output, _ in output == "ready\n" })
        repl.write("while true do end\n")
        // Interrupted once the loop runs, as the processor time the REPL takes says (it takes
        // none waiting for a line): a signal sent sooner would meet the line still unread.
        #expect(repl.waitUntilBusy(for: 0.2), "the loop never ran")
        repl.send(SIGINT)
        #expect(repl.wait { _, errors in errors.contains("interrupted") })
        repl.write("= 'after'\n")
        #expect(repl.wait { output, _ in output == "ready\nafter\n" })
        #expect(try repl.finish() == 0)
        #expect(repl.errorText.hasPrefix("stdin:1: interrupted\n"))
    }
}
