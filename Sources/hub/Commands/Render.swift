import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Print a view as a text layout.")

    @OptionGroup var features: FeatureOptions

    @OptionGroup var view: ViewOptions

    @Option(help: "The layout margin in cells.")
    var margin = HubDefaults.margin

    @Flag(help: "Print the laid-out frames as JSON instead of text.")
    var json = false

    @Option(help: "ANSI styles: auto (a terminal, and NO_COLOR unset), always or never.")
    var color: ColorChoice = .auto

    @Flag(help: "Report on standard error how long opening the view (each operation's run) and rendering it took.")
    var timing = false

    /// Renders the view, then reports on standard error what went wrong on the way, each once
    /// (every operation that failed, a component that failed to draw); any of them makes the
    /// exit status non-zero.
    func run() throws {
        let runtime = try features.makeRuntime(clock: .real) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        runtime.tracesComponentNames = true
        let screen: Screen
        let opening = MonotonicTime.now
        do {
            screen = try runtime.open(view.uri, options: view.screenOptions(margin: margin))
        } catch {
            Hub.warn(error)
            throw ExitCode.failure
        }
        let opened = MonotonicTime.milliseconds(since: opening)
        let rendering = MonotonicTime.now
        do {
            let text = json ? runtime.frameReport(of: screen) : try runtime.render(screen, ascii: view.ascii, color: color.isOn)
            if timing { Hub.warn(Self.timing(opened: opened, rendered: MonotonicTime.milliseconds(since: rendering), of: screen)) }
            print(text, terminator: "")
        } catch {
            Hub.warn(error)
            throw ExitCode.failure
        }
        for identifier in runtime.manager.componentRegistry.unknownIdentifiers {
            let place = runtime.place(naming: identifier).map { "\($0): " } ?? ""
            Hub.warn("\(place)note: no component '\(identifier)' is registered; its models are drawn by the fallback for their category")
        }
        // Each once: every operation's failure, with what became of it, then what else went
        // wrong (the silenced failures, reported as they happened, are among the first).
        let failures = screen.loader.failures
        failures.forEach { Hub.warn($0) }
        let silenced = Set(screen.loader.silencedFailures.map(\.description))
        runtime.problems.filter { !silenced.contains($0.description) }.forEach(Hub.warn)
        if screen.loader.isLoading {
            Hub.warn("'\(view.uri)' was still loading after \(runtime.manager.settleTimeout) ms; this is what had loaded by then")
        }
        if !runtime.problems.isEmpty || !failures.isEmpty || screen.loader.isLoading {
            throw ExitCode.failure
        }
    }

    /// `timing: opened in 18.20 ms (rows 17.90 ms), rendered in 16.70 ms`: opening the view,
    /// each operation's last run, and the first render, in milliseconds.
    static func timing(opened: Double, rendered: Double, of screen: Screen) -> String {
        let runs = screen.loader.operationStatuses.map { status in
            "\(status.name) " + (status.lastRunMilliseconds.map { Self.milliseconds($0) } ?? "not run")
        }
        return "timing: opened in \(milliseconds(opened)) (\(runs.joined(separator: ", "))), rendered in \(milliseconds(rendered))"
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.2f ms", value)
    }
}
