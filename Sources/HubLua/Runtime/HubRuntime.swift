import Foundation
import HubCore
import HubRender
package import LuaBridge

/// The Lua front end of a `HubManager`: one Lua state whose scripts (feature folders)
/// register features, operations, components and schemas into the manager's registries, and
/// open and drive the manager's screens.
///
/// A runtime lives on its manager's thread. Feature folders are loaded with
/// ``loadFeatures(at:)``; ``open(_:options:connectivity:)`` opens a screen.
public final class HubRuntime {
    /// The composition root scripts register into.
    public let manager: HubManager
    /// The Lua state every script of the runtime runs in.
    package let lua: LuaState
    let problemLog = ProblemLog()
    package let bindings: RuntimeBindings
    package let sandbox: Sandbox
    private let printed: PrintedLines
    /// The feature folders loaded so far, in order, each with its environment.
    package internal(set) var folders: [LoadedFolder] = [] {
        didSet { problemLog.folderPaths = folders.map(\.folder.displayPath) }
    }

    /// A runtime over a new manager whose loop runs on `clock` (virtual for tests: sleeping
    /// takes no real time).
    public convenience init(clock: HubEventLoop.Clock = .real) throws(ScriptError) {
        try self.init(manager: HubManager(clock: clock))
    }

    /// A runtime whose scripts register into `manager`, next to what Swift code registers there,
    /// under the limits of `HubDefaults/Limits`: set ``limits`` to change them for a runtime,
    /// `budget = N` in `hub.feature` or `hub.operation` for one feature or operation. Its scripts reach the
    /// network once `manager.httpTransport` is set (HubHTTP's `AsyncHTTPTransport()`, or any
    /// `HTTPTransport`); until then a `hub.http` call fails, sending nothing. Throws when Lua
    /// cannot start (not enough memory).
    public init(manager: HubManager) throws(ScriptError) {
        self.manager = manager
        let printed = PrintedLines()
        self.printed = printed
        do throws(LuaError) {
            lua = try LuaState()
            Limits().apply(to: lua)
            bindings = try RuntimeBindings(lua: lua, manager: manager, problems: problemLog)
            sandbox = try Sandbox(lua: lua, shared: bindings.sharedLibrary()) { printed.write($0) }
        } catch {
            throw ScriptError(error)
        }
        manager.isInterrupted = { [weak lua] in lua?.isStopping == true }
        manager.onSilencedFailure = { [problemLog] in problemLog.report(.silenced($0)) }
        manager.onActionFailure = { [problemLog] in problemLog.report(.failure($0)) }
        observeStoreChanges()
    }

    /// What whoever runs Hub grants the feature folders beyond their own (app-wide hooks,
    /// shared namespaces); set it before loading features. None by default.
    public var grants: HubGrants {
        get { bindings.grants.grants }
        set { bindings.grants.grants = newValue }
    }

    /// Where the lines scripts `print` go (default: standard output); `hub render` sends them
    /// to standard error, so they never mix with the view it prints.
    public var printOutput: (String) -> Void {
        get { printed.destination }
        set { printed.destination = newValue }
    }

    /// Whether the runtime looks for every mistake, as `hub check` does (set it before loading
    /// features): a folder's broken `operations/` modules are each reported and stood in for,
    /// so that loading goes on to find the next mistake (the folder still fails to load, with
    /// all of them), and component names are traced (`tracesComponentNames`). Off by default.
    package var isChecking = false {
        didSet { tracesComponentNames = isChecking }
    }

    /// Whether scripts' writes of component names (`row.component = ...`) note their
    /// `file:line`, so that a component nothing registers can be reported where it is named
    /// (`place(naming:)`). Slower: such writes then always cross into Swift. Off by default.
    package var tracesComponentNames: Bool {
        get { bindings.builders.origins.isTracing }
        set {
            lua.tracesIdentifiers = newValue
            bindings.builders.origins.isTracing = newValue
        }
    }

    /// `file:line` of the first script line that set a component's name to `identifier`, while
    /// `tracesComponentNames`; nil when none did (or nothing traced it).
    package func place(naming identifier: Identifier) -> String? {
        bindings.builders.origins.places[identifier]
    }

    /// The loop all asynchronous work runs on (the manager's).
    public var loop: HubEventLoop { manager.loop }

    /// Problems found while running scripts that did not stop anything (e.g. a component that
    /// failed to render), each once (by its wording), in the order they first happened: the
    /// last `HubDefaults.problemsKept` at most (past them, the oldest half is forgotten).
    public var problems: [HubProblem] { problemLog.entries }

    /// Told of every problem as it is reported, repeats included (see ``problems``): a server
    /// logs them.
    public var onProblem: ((HubProblem) -> Void)? {
        get { problemLog.onReport }
        set { problemLog.onReport = newValue }
    }

    /// Forgets the problems reported so far, e.g. once a prompt has shown them.
    public func clearProblems() {
        problemLog.clear()
    }
}

/// A loaded feature folder and the environment its scripts run in.
package struct LoadedFolder {
    package let folder: FeatureFolder
    package let environment: LuaReference
    /// Runs one of the folder's modules again (see `Sandbox.reloadModule`).
    let reloadModule: LuaReference
    /// When each file of the folder was last modified, as of loading (or the last reload).
    var modificationDates: [String: Date]
}

/// Where scripts' `print` writes. Its own object, kept by the Lua state's `print`, so that the
/// state never keeps the runtime alive.
private final class PrintedLines {
    var destination: (String) -> Void = { print($0) }

    func write(_ line: String) {
        destination(line)
    }
}
