import ArgumentParser
import Foundation
import HubCore
import HubHTTP
import HubLua
import HubRender

/// Where features are loaded from, and the limits their scripts run under.
struct FeatureOptions: ParsableArguments {
    @Option(name: .customLong("features"), help: "A feature folder, or a folder of feature folders (repeatable; default: .).")
    var folders: [String] = []

    @OptionGroup var grants: GrantOptions

    @OptionGroup var limits: LimitOptions

    @OptionGroup var store: StoreOptions

    /// The folders to load.
    var paths: [String] { folders.isEmpty ? ["."] : folders }

    /// A runtime with the limits set, scripts' `print` going to `printOutput` (default: standard
    /// output), and every feature folder loaded. A folder that fails to load is reported on
    /// standard error (unless `reportsLoadFailures` is false: the caller reports them) and the
    /// others load; a path with no feature folder at all is an error. With `checking`, the
    /// runtime looks for every mistake, as `hub check` does (`HubRuntime.isChecking`).
    func makeRuntime(
        clock: HubEventLoop.Clock, printOutput: ((String) -> Void)? = nil, reportsLoadFailures: Bool = true, checking: Bool = false
    ) throws -> HubRuntime {
        let runtime = try HubRuntime(clock: clock)
        runtime.manager.httpTransport = AsyncHTTPTransport()
        runtime.isChecking = checking
        runtime.manager.store = try store.makeStore()
        if let printOutput { runtime.printOutput = printOutput }
        limits.apply(to: runtime)
        runtime.grants = try grants.load()
        do {
            try runtime.loadFeatures(at: paths) { failures in if reportsLoadFailures { failures.forEach(Hub.warn) } }
        } catch {
            Hub.warn(error)
            throw ExitCode.failure
        }
        return runtime
    }
}
