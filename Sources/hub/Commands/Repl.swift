import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubTools

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "A Lua prompt with the runtime and the features loaded.",
        discussion: """
            As the lua prompt: an expression prints its values (=expr too), a statement that is \
            not complete waits for more lines, an error prints with its traceback. Hub's values \
            print as trees. Screens opened with hub.open stay live; hub.reload() reloads what \
            changed on disk. Ctrl-C stops a running script or the wait it is in (at the \
            prompt, it drops the line being typed), Ctrl-D leaves. At a terminal: line editing, tab completion, a history \
            in ~/.hub_history, and time is real and runs between lines (timers fire and print \
            above the prompt). From a pipe, time is virtual, as in tests.
            """)

    @OptionGroup var features: FeatureOptions

    func run() throws {
        let terminal = isatty(STDIN_FILENO) != 0
        let runtime = try features.makeRuntime(clock: terminal ? .real : .virtual) { text in
            TerminalInput.above { print(text) }
        }
        let session = try ReplSession(runtime: runtime)
        let reader: any LineReader = terminal
            ? EditLineReader(
                historyFile: NSHomeDirectory() + "/.hub_history", chores: Self.chores(of: runtime),
                dropped: {
                    // Ctrl-C drops the statement begun on earlier lines too: the prompt starts afresh.
                    session.cancelPending()
                    return Self.prompt(of: session)
                }
            ) { session.completions(of: $0) }
            : PlainLineReader()
        if terminal {
            // Between the prompt (Ctrl-C drops the line) and a line's script (Ctrl-C stops it),
            // while a line's values print, Ctrl-C does nothing: it never ends the session.
            signal(SIGINT, SIG_IGN)
            print("Hub, on Lua 5.4. Features: \(runtime.loadedFolderPaths.count) folder(s). hub.reload() reloads edits; Ctrl-D leaves.")
        }
        while let line = reader.readLine(prompt: Self.prompt(of: session)) {
            // Ctrl-C stops the line's script, or the wait it is in (the loop is woken for it).
            switch session.evaluateInterruptibly(line) {
            case .printed(let text):
                if !text.isEmpty { print(text) }
            case .needsMore:
                continue
            case .failed(let message):
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            Self.reportProblems(of: runtime)
            fflush(nil)
        }
        if terminal { print() }
    }

    /// `> `, or `>> ` while a statement waits for more lines.
    private static func prompt(of session: ReplSession) -> String {
        session.isContinuing ? ">> " : "> "
    }

    /// While the prompt waits: the loop's timers as they fall due, and what other threads
    /// delivered (responses, changes of the store made elsewhere) at least every
    /// ``Watch/idleLook`` milliseconds.
    private static func chores(of runtime: HubRuntime) -> PromptChores {
        PromptChores(
            due: { min(runtime.loop.nextDue.map { $0 - runtime.loop.now } ?? Watch.idleLook, Watch.idleLook) },
            run: {
                runtime.loop.advance(by: 0)
                reportProblems(of: runtime)
            })
    }

    /// Prints what went wrong since the last report (failed timers' callbacks, silenced
    /// failures), then forgets it.
    private static func reportProblems(of runtime: HubRuntime) {
        let problems = runtime.problems
        guard !problems.isEmpty else { return }
        runtime.clearProblems()
        TerminalInput.above { problems.forEach(Hub.warn) }
    }
}
