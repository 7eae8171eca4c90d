import ArgumentParser
import Foundation
import HubCore
import HubLua

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A Lua prompt with the runtime and the features loaded.",
        discussion: """
            As the lua prompt: an expression prints its values (=expr too), a statement that is \
            not complete waits for more lines, an error prints with its traceback. Hub's values \
            print as trees. Screens opened with hub.open stay live; hub.reload() reloads what \
            changed on disk. Ctrl-C stops a running script (at the prompt, it drops the line \
            being typed), Ctrl-D leaves. At a terminal: line \
            editing, tab completion, and a history in ~/.hub_history.
            """)

    @OptionGroup var features: FeatureOptions

    func run() throws {
        let runtime = try features.makeRuntime(clock: .virtual)
        let session = try ReplSession(runtime: runtime)
        let terminal = isatty(STDIN_FILENO) != 0
        let reader: any LineReader = terminal
            ? EditLineReader(historyFile: NSHomeDirectory() + "/.hub_history") { session.completions(of: $0) }
            : PlainLineReader()
        if terminal {
            print("Hub, on Lua 5.4. Features: \(runtime.loadedFolderPaths.count) folder(s). hub.reload() reloads edits; Ctrl-D leaves.")
        }
        while let line = reader.readLine(prompt: session.isContinuing ? ">> " : "> ") {
            switch LuaState.interruptible({ session.evaluate(line) }) {
            case .printed(let text):
                if !text.isEmpty { print(text) }
            case .needsMore:
                continue
            case .failed(let message):
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            runtime.problems.forEach(Hub.warn)
            runtime.clearProblems()
            fflush(nil)
        }
        if terminal { print() }
    }
}
