import Foundation
import HubCore
import HubLua
internal import LuaBridge

/// A Lua prompt on a runtime, behaving as the standalone `lua` REPL does: an expression prints
/// its values (`return <line>` is tried first), `=expr` prints `expr`, a statement that is not
/// complete yet waits for more lines, and an error prints with its traceback while the session
/// goes on. Values print as readable trees (`ReplPrinter`). Globals persist between lines.
///
/// The prompt's environment is a feature folder's (the loaded folder it runs in, or else the
/// only one loaded: `require`, `hub.read` and `hub.store`'s namespace are that folder's) with
/// `hub.reload()` besides, which reloads what changed on disk
/// (see ``HubRuntime/reload(_:)``). At the prompt's top level, `hub.sleep` lets time pass, and
/// `hub.http`, `hub.store` and `hub.await` wait in place.
public final class ReplSession {
    /// What one line did.
    public enum Outcome: Equatable, Sendable {
        /// The line ended a chunk that ran; what it printed (nothing for no values).
        case printed(String)
        /// The chunk is not complete yet: more lines are needed.
        case needsMore
        /// The chunk does not compile, or raised: the message (with a traceback when it ran).
        case failed(String)
    }

    private let runtime: HubRuntime
    private let environment: LuaReference
    private let show: LuaReference
    private var pending: [String] = []

    /// A prompt whose scripts run in a folder environment at `folder` (default: the working
    /// folder), or in the loaded feature folder `folder` is in; outside every loaded folder,
    /// in the only one loaded, if only one is: `hub repl --features books` started beside
    /// `books` is that feature's. Throws when Lua has no memory left for the prompt.
    public init(runtime: HubRuntime, folder: String = FileManager.default.currentDirectoryPath) throws(ScriptError) {
        self.runtime = runtime
        let featureFolder = Self.folder(FeatureFolder(path: folder), among: runtime.folders.map(\.folder))
        let reload = LuaLibrary([("reload", .function({ [weak runtime] stack in
            guard let runtime else { throw LuaLibrary.ownerGone }
            stack.push(strings: runtime.reload(runtime.changedFiles()).map(\.description))
            return 1
        }, cost: LuaBridge.defaultCallCost))])
        do throws(LuaError) {
            let environment = try runtime.sandbox.makeEnvironment(
                for: featureFolder, library: runtime.bindings.folderLibrary(featureFolder) + reload).environment
            try runtime.lua.load(ReplPrinter.source, chunkName: ReplPrinter.chunkName, environment: environment)
            try runtime.lua.call(arguments: 0, results: 1)
            self.environment = environment
        } catch {
            throw ScriptError(error)
        }
        show = runtime.lua.reference(popping: runtime.lua.stack)
    }

    /// The loaded folder among `loaded` that `folder` is, or is inside of; else the only one
    /// loaded; else `folder` itself.
    private static func folder(_ folder: FeatureFolder, among loaded: [FeatureFolder]) -> FeatureFolder {
        let enclosing = loaded.first { folder.path == $0.path || folder.path.hasPrefix($0.path + "/") }
        return enclosing ?? (loaded.count == 1 ? loaded[0] : folder)
    }

    /// Whether lines so far make a chunk that is not complete yet.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Reads `line`: runs the chunk it completes, or waits for more. `help` prints what the
    /// prompt offers.
    public func evaluate(_ line: String) -> Outcome {
        if pending.isEmpty, line.trimmingCharacters(in: .whitespaces) == "help" { return .printed(Self.help) }
        pending.append(line)
        let source = pending.joined(separator: "\n")
        let expression = source.hasPrefix("=") ? String(source.dropFirst()) : source
        // The line as an expression whose values print, then as a statement.
        let forms = [
            Self.returningWithoutTailCall(expression), "return " + expression,
            source.hasPrefix("=") ? "return " + expression : Self.keepingLocals(source),
        ]
        for (index, form) in forms.enumerated() {
            do {
                try runtime.lua.load(form, chunkName: "=stdin", environment: environment)
                break
            } catch where index < forms.count - 1 {
                continue
            } catch {
                if error.message.hasSuffix("<eof>") { return .needsMore }
                pending.removeAll()
                return .failed(error.description)
            }
        }
        pending.removeAll()
        return run()
    }

    /// A chunk returning the values of `expression` where a call it makes is not a tail call:
    /// the function called (Hub's `hub.sleep`, written in Lua, too) runs below the line's chunk,
    /// so that an error it raises at its caller's line, or an interruption of its wait, names
    /// `stdin:1`. (An expression ending in a comment does not compile so: it runs as
    /// `return expression`.)
    static func returningWithoutTailCall(_ expression: String) -> String {
        "return (function(...) return ... end)(" + expression + ")"
    }

    /// `source` with a leading `local` declaration made a global of the prompt's environment,
    /// so that the next line sees it, as in Node's and Luau's prompts: `local x = 1` runs as
    /// `x = 1`, `local function f` as `function f`, `local a, b` as `a, b = nil`. Declarations
    /// with attributes (`<const>`, `<close>`) stay local to their line.
    static func keepingLocals(_ source: String) -> String {
        guard let match = source.firstMatch(of: /^(\s*)local\s+(?!<)/), !source.contains("<const>"), !source.contains("<close>")
        else { return source }
        let rest = source[match.range.upperBound...]
        let indent = match.1
        if rest.hasPrefix("function") { return String(indent + rest) }
        let firstLine = rest.prefix { $0 != "\n" && $0 != ";" }
        if firstLine.wholeMatch(of: /\s*[A-Za-z_][A-Za-z0-9_]*(\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*\s*/) != nil {
            return indent + firstLine + " = nil" + rest.dropFirst(firstLine.count)
        }
        return String(indent + rest)
    }

    /// What `help` prints.
    static let help = """
        Lua runs in the feature folder the prompt started in (or the only one loaded).
          expr, =expr           print the values (Hub's values print as trees)
          local x = 1           stays visible on the next lines
          s = hub.open(uri)     open a screen (options: { width, height, connectivity })
          s.model, s.chain, s.failures, s.error, s.events, s.stack
                                the view model, each operation's status, silenced failures, ...
          s:render()            the layout as text;  s:select(id_or_position), s:back()
          s:snapshot(op), s:reschedule(op), s:diff()
                                an operation's input, a rerun from it, what the last update changed
          hub.store.get(key), hub.store.namespace(name)
                                the features' data (--store says where)
          hub.sleep(ms)         let time pass (at a terminal it also runs while the prompt waits)
          hub.reload()          reload what changed on disk, as hub watch does
          help                  this text;  Tab completes names, fields and properties
          Ctrl-C                drop the line being typed, or stop a running script or wait
          Ctrl-D                leave
        """

    /// Reads `line` as ``evaluate(_:)`` does, so that Ctrl-C (SIGINT) stops the script it runs,
    /// or the wait it is in, with "interrupted" at its line instead of ending the process.
    public func evaluateInterruptibly(_ line: String) -> Outcome {
        LuaState.interruptible(waking: runtime.loop.nudge) { evaluate(line) }
    }

    /// Forgets the lines of an incomplete chunk.
    public func cancelPending() {
        pending.removeAll()
    }

    /// `[-1, +0]` Runs the chunk on top of the main stack and prints its results.
    private func run() -> Outcome {
        let lua = runtime.lua
        let stack = lua.stack
        let base = stack.top - 1
        // What came while the prompt waited (a change of the store made elsewhere) reaches the
        // open screens first.
        runtime.settleStoreChanges()
        do {
            try runtime.bindings.timePassing.granting { try lua.call(arguments: 0, results: -1) }
        } catch {
            return .failed(Self.describe(error))
        }
        let count = stack.top - base
        guard count > 0 else { return .printed("") }
        stack.push(show)
        stack.insert(at: base + 1)
        do {
            try lua.call(arguments: count, results: 1)
            defer { stack.pop() }
            return .printed(stack.string(at: -1) ?? "")
        } catch {
            return .failed(Self.describe(error))
        }
    }

    /// The error's message at its place, then its traceback.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? LuaError else { return String(describing: error) }
        return [error.description, error.traceback].compactMap { $0 }.joined(separator: "\n")
    }

    /// The names that complete `text`, the end of a line: globals, or the fields and methods of
    /// the value a dotted path names (`s:ren` → `s:render`), each as the whole completed text.
    public func completions(of text: String) -> [String] {
        runtime.lua.completions(of: text, in: environment)
    }
}
