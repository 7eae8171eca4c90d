import ArgumentParser
import Foundation
import HubCore
import HubFileWatching
import HubLua
import HubRender

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Open a view and keep it open, reloading what changes in the feature folders.",
        discussion: """
            An edited operation module reruns the chain from that operation (earlier operations do \
            not run again, and each operation keeps its ctx.state); an edited component is swapped \
            in; an edited feature.lua or data file reloads the feature. An edit that does not load \
            says where, and the last good version keeps serving. After each change: the layout, \
            what changed (+inserted −removed ~reloaded) and how long it took.
            """)

    @OptionGroup var features: FeatureOptions

    @OptionGroup var view: ViewOptions

    @Flag(help: "Poll the folders for changes instead of using inotify.")
    var poll = false

    @Option(help: "Stop after this many reloads (default: run until interrupted).")
    var reloads: Int?

    @Flag(help: "After each layout, print the chain: each operation's status, runs, time and instructions.")
    var chain = false

    func run() throws {
        let runtime = try features.makeRuntime(clock: .real) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        let stack: ScreenStack
        do {
            stack = try runtime.openStack(view.uri, options: view.screenOptions())
        } catch {
            Hub.warn(error)
            throw ExitCode.failure
        }
        let terminal = isatty(STDOUT_FILENO) != 0
        // Watching starts before the view shows, so that no edit made once it shows is missed.
        let watcher = FileWatcher(roots: runtime.loadedFolderPaths, polling: poll)
        show(stack, runtime: runtime, terminal: terminal, update: nil)
        var shown = stack.top.viewModel
        var reloaded = 0
        while reloads.map({ reloaded < $0 }) ?? true {
            let timeout = runtime.loop.nextDue.map { max(0, $0 - runtime.loop.now) } ?? Self.idleLook
            // While a response is awaited, look often: it arrives through the loop's mailbox.
            let event = watcher.wait(timeout: min(timeout, runtime.loop.awaitedCount > 0 ? 10 : Self.idleLook))
            let looked = MonotonicTime.now
            runtime.loop.advance(by: 0)
            guard let started = event else {
                // No edit, but the view may have changed by itself: a change of the store it
                // read (made anywhere), an operation that rescheduled itself.
                if !stack.top.isBusy, stack.top.viewModel != shown {
                    show(stack, runtime: runtime, terminal: terminal, update: (stack.top.lastDiff, looked))
                    shown = stack.top.viewModel
                }
                continue
            }
            let changed = runtime.changedFiles()
            guard !changed.isEmpty else { continue }
            let outcomes = runtime.reload(changed)
            for outcome in outcomes { Hub.warn(outcome) }
            let changedView = outcomes.contains { if case .failed = $0 { false } else { true } }
            show(stack, runtime: runtime, terminal: terminal, update: (changedView ? stack.top.lastDiff : nil, started))
            shown = stack.top.viewModel
            reloaded += 1
        }
    }

    /// How often, in milliseconds, an idle watch looks for changes that come through the loop
    /// (a change of the store another process made).
    static let idleLook = 100

    /// Prints the view on top of `stack` (clearing the terminal first); after an update, the
    /// summary of its diff and of the time since the file event `started` it.
    private func show(
        _ stack: ScreenStack, runtime: HubRuntime, terminal: Bool, update: (diff: ViewModelDiff?, started: UInt64)?
    ) {
        let text = (try? runtime.render(stack.top, ascii: view.ascii, color: terminal)) ?? ""
        var output = terminal ? "\u{1B}[2J\u{1B}[H" : ""
        output += text
        if chain {
            output += stack.top.loader.operationStatuses.map(Self.describe).joined(separator: "; ") + "\n"
        }
        if let update {
            let milliseconds = MonotonicTime.milliseconds(since: update.started)
            output += Self.summary(of: update.diff, milliseconds: milliseconds) + "\n"
        }
        // Each problem once, when it happens: one that was fixed is not printed again.
        runtime.problems.forEach(Hub.warn)
        runtime.clearProblems()
        if let error = stack.top.lastError { Hub.warn(error) }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// `rows: finished, 1 run (2.5 ms, 41000 instructions)`: an operation's status and runs,
    /// then its last run's time and instructions (as its budget counted them), when it has them.
    static func describe(_ status: ContentOperationStatus) -> String {
        let text = "\(status.name): \(status.phase.rawValue), \(status.runs) run\(status.runs == 1 ? "" : "s")"
        let measures = [
            status.lastRunMilliseconds.map { String(format: "%.1f ms", $0) }, status.lastRunWork.map { "\($0) instructions" },
        ].compactMap { $0 }
        return measures.isEmpty ? text : "\(text) (\(measures.joined(separator: ", ")))"
    }

    /// `+2 −1 ~3 (12.3 ms)`: components inserted, removed and reloaded by the update `diff`
    /// (none: nothing changed), and how long the reload took from the file event to the layout.
    static func summary(of diff: ViewModelDiff?, milliseconds: Double) -> String {
        let counts = diff.map { "+\($0.inserted.count) −\($0.deletedIdentifiers.count) ~\($0.reloadedIdentifiers.count)" } ?? "+0 −0 ~0"
        return "\(counts) (\(String(format: "%.1f", milliseconds)) ms)"
    }
}
