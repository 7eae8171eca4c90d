import Foundation
import HubCore
import HubRender
internal import LuaBridge

/// What reloading after one edit did.
public enum ReloadOutcome: Equatable, Sendable, CustomStringConvertible {
    /// A module of operations ran again: its operations have their new functions (their
    /// `ctx.state` kept), and each open chain using one reran from the first of them, on the
    /// input it was given last time (`rescheduled` chains).
    case operations(file: String, rescheduled: Int)
    /// A module of components (or actions) ran again; open screens draw with the new ones.
    case components(file: String)
    /// A feature folder loaded again (its `feature.lua`, a data file or another file changed);
    /// the open screens of its features opened again.
    case folder(String)
    /// The edit does not load (a syntax or runtime error, at its `file:line`): the last good
    /// version keeps serving.
    case failed(file: String, error: String)

    public var description: String {
        switch self {
        case .operations(let file, let rescheduled): return "reloaded \(file): operations, \(rescheduled) view(s) rescheduled"
        case .components(let file): return "reloaded \(file): components"
        case .folder(let folder): return "reloaded \(folder): the whole feature folder"
        case .failed(_, let error): return "reload failed, the last good version stays: \(error)"
        }
    }
}

extension HubRuntime {
    /// The absolute paths of the loaded feature folders, in the order they loaded.
    public var loadedFolderPaths: [String] { folders.map(\.folder.path) }

    /// The files of the loaded feature folders changed on disk since they were loaded or last
    /// reloaded (added, edited or removed), as absolute paths.
    public func changedFiles() -> [String] {
        folders.flatMap { loaded in
            let now = loaded.folder.modificationDates()
            let paths = Set(now.keys).union(loaded.modificationDates.keys).filter { now[$0] != loaded.modificationDates[$0] }
            return paths.sorted().map { (loaded.folder.path as NSString).appendingPathComponent($0) }
        }
    }

    /// Brings the runtime, and the screens opened from it and still held (``openStack(_:options:connectivity:)``,
    /// `hub.open`), up to date with edits to `files` (absolute paths; files of no loaded folder
    /// are ignored), folder by folder:
    ///
    /// - a module of operations (required from `feature.lua`, defining operations only) runs
    ///   again in its folder's environment; its operation tables take the new functions in
    ///   place, so every instance keeps its `ctx.state`, and each open chain reruns from the
    ///   first operation defined there, on the input snapshot it received last time;
    /// - a module of components or actions runs again, and open screens make their components
    ///   anew;
    /// - anything else (`feature.lua`, a data or JSON file, a module that registers features)
    ///   reloads the whole folder, once it is known to load, and opens its features' screens
    ///   again.
    ///
    /// An edit that fails to load leaves the last good version serving, and says why.
    @discardableResult
    public func reload(_ files: [String]) -> [ReloadOutcome] {
        var outcomes: [ReloadOutcome] = []
        for index in folders.indices.reversed() {
            let loaded = folders[index]
            let relatives = Set(files.compactMap { loaded.folder.relative($0) }).sorted()
            guard !relatives.isEmpty else { continue }
            outcomes += reload(relatives, inFolderAt: index)
        }
        return outcomes.reversed()
    }

    /// Reloads the edited files `relatives` of the folder at `index` of ``folders``.
    private func reload(_ relatives: [String], inFolderAt index: Int) -> [ReloadOutcome] {
        let loaded = folders[index]
        let featureSources = bindings.features.featureSources[loaded.folder.path] ?? []
        let modules = relatives.compactMap { relative -> (relative: String, name: String)? in
            guard let name = FeatureFolder.moduleName(of: relative),
                !featureSources.contains("@" + loaded.folder.display((loaded.folder.path as NSString).appendingPathComponent(relative)))
            else { return nil }
            return (relative, name)
        }
        guard modules.count == relatives.count else { return [reloadFolder(at: index)] }
        var outcomes: [ReloadOutcome] = []
        for module in modules {
            let display = loaded.folder.display((loaded.folder.path as NSString).appendingPathComponent(module.relative))
            let components = bindings.components.registrations
            let reran: Bool
            do {
                reran = try sandbox.reloadModule(module.name, with: loaded.reloadModule)
            } catch {
                outcomes.append(.failed(file: display, error: String(describing: error)))
                continue
            }
            guard reran else { return [reloadFolder(at: index)] }
            if bindings.components.registrations != components {
                for stack in bindings.liveStacks.all { stack.screens.forEach { $0.replaceComponents() } }
                outcomes.append(.components(file: display))
            } else {
                outcomes.append(.operations(file: display, rescheduled: rescheduleOperations(definedIn: "@" + display)))
            }
        }
        folders[index].modificationDates = loaded.folder.modificationDates()
        return outcomes
    }

    /// Reruns, in every open screen, the chain from the first operation whose `perform` the
    /// chunk `source` defines; returns how many chains reran.
    private func rescheduleOperations(definedIn source: String) -> Int {
        var rescheduled = 0
        for stack in bindings.liveStacks.all {
            for screen in stack.screens {
                let operations = screen.loader.contentOperations
                guard let first = operations.firstIndex(where: { ($0 as? LuaContentOperation)?.source == source }) else { continue }
                screen.loader.rescheduleOperation(at: first)
                manager.settle(screen)
                rescheduled += 1
            }
        }
        return rescheduled
    }

    /// Loads the folder at `index` of ``folders`` again, if it loads (checked first in a
    /// runtime of its own, so that a broken edit leaves the last good version serving), and
    /// opens the screens of its features again.
    private func reloadFolder(at index: Int) -> ReloadOutcome {
        let loaded = folders[index]
        do {
            let trial = try HubRuntime(clock: .virtual)
            trial.lua.instructionBudget = lua.instructionBudget
            trial.lua.memoryLimit = lua.memoryLimit
            trial.lua.timeLimit = lua.timeLimit
            trial.grants = grants
            try trial.loadFeatures(at: loaded.folder.path)
        } catch {
            folders[index].modificationDates = loaded.folder.modificationDates()
            return .failed(file: loaded.folder.displayPath, error: String(describing: error))
        }
        let features = Set(bindings.rollBack(loaded.folder).map(\.identifier))
        folders.remove(at: index)
        do {
            try loadFeatures(at: loaded.folder.path)
        } catch {
            return .failed(file: loaded.folder.displayPath, error: String(describing: error))
        }
        for stack in bindings.liveStacks.all where stack.screens.contains(where: { features.contains($0.featureInfo.identifier) }) {
            stack.reopen()
        }
        return .folder(loaded.folder.displayPath)
    }
}
