import HubCore
import HubRender
internal import LuaBridge

extension HubRuntime {
    /// Why feature folders did not all load.
    public enum LoadError: Error, Equatable, CustomStringConvertible, Sendable {
        /// The path holds no `feature.lua`, nor does any folder below it (or it does not exist).
        case noFeatureFolder(path: String)
        /// Feature folders failed to load, each rolled back whole; the others loaded (see
        /// ``HubRuntime/loadFailures``). A folder loaded earlier counts among them when a later
        /// one declared one of its feature ids again.
        case foldersFailed([LoadFailure])

        /// The folders that failed to load; none for ``noFeatureFolder(path:)``.
        public var failures: [LoadFailure] {
            guard case .foldersFailed(let failures) = self else { return [] }
            return failures
        }

        /// `no feature.lua found under 'path'`, or one line per folder that failed.
        public var description: String {
            switch self {
            case .noFeatureFolder(let path): "no feature.lua found under '\(path)'"
            case .foldersFailed(let failures): failures.map(\.description).joined(separator: "\n")
            }
        }
    }

    /// Loads the feature folders at each of `paths` (see ``loadFeatures(at:)-(String)``): folders
    /// that fail to load are told to `loadFailed`, and the others load; throws when a path holds
    /// no feature folder at all.
    public func loadFeatures(at paths: [String], loadFailed: ([LoadFailure]) -> Void) throws(LoadError) {
        for path in paths {
            do {
                try loadFeatures(at: path)
            } catch .foldersFailed(let failures) {
                loadFailed(failures)
            }
        }
    }

    /// Loads every feature folder at `path` (a feature folder, or a folder of them): runs its
    /// `feature.lua` in a new environment. Returns the identifiers of the features registered;
    /// throws when a folder failed. A folder that fails is rolled back whole and recorded in
    /// ``loadFailures``; the others still load and work. While the runtime looks for every
    /// mistake (as `hub check` does), a folder whose `operations/` modules fail goes on loading
    /// past them, to find every mistake, and fails with all of them.
    @discardableResult
    public func loadFeatures(at path: String) throws(LoadError) -> [String] {
        let discovered = FeatureFolder.discover(at: path)
        guard !discovered.isEmpty else { throw .noFeatureFolder(path: path) }
        let before = Set(manager.featureRegistry.all.map(\.identifier))
        var failures: [LoadFailure] = []
        for folder in discovered {
            // Only a folder's own loading contests another's id: a duplicate a REPL line or a
            // test declared failed there alone.
            bindings.features.contested = []
            let moduleErrors = ModuleErrors()
            var errors: [LuaError] = []
            do throws(LuaError) {
                let (environment, reloadModule) = try sandbox.makeEnvironment(
                    for: folder, library: bindings.folderLibrary(folder), reportModuleError: isChecking ? moduleErrors.append : nil)
                try sandbox.run("feature.lua", of: folder, in: environment)
                errors = moduleErrors.errors
                if errors.isEmpty {
                    folders.append(LoadedFolder(
                        folder: folder, environment: environment, reloadModule: reloadModule,
                        modificationDates: folder.modificationDates()))
                }
            } catch {
                errors = moduleErrors.errors + [error]
            }
            failures += failContestedFolders()
            guard let first = errors.first else { continue }
            let failure = LoadFailure(
                folder: folder.displayPath, path: folder.path, error: ScriptError(first), laterErrors: errors.dropFirst().map(ScriptError.init))
            problemLog.recordLoadFailure(failure, features: bindings.rollBack(folder))
            failures.append(failure)
        }
        if !failures.isEmpty { throw .foldersFailed(failures) }
        return manager.featureRegistry.all.map(\.identifier).filter { !before.contains($0) }
    }

    /// Rolls back the folders loaded earlier whose feature id a later folder declared again,
    /// each a load failure; returns the failures.
    func failContestedFolders() -> [LoadFailure] {
        let contested = bindings.features.contested
        bindings.features.contested = []
        return contested.compactMap { contest in
            guard let index = folders.firstIndex(where: { $0.folder.path == contest.path }) else { return nil }
            let folder = folders.remove(at: index).folder
            let failure = LoadFailure(folder: folder.displayPath, path: folder.path, error: ScriptError(contest.error))
            problemLog.recordLoadFailure(failure, features: bindings.rollBack(folder))
            return failure
        }
    }

    /// The feature folders that failed to load, in order.
    public var loadFailures: [LoadFailure] { problemLog.loadFailures.map(\.failure) }

    /// Runs the Lua file at `path` in a new environment of its folder (e.g. to register schemas).
    public func runScript(at path: String) throws(ScriptError) {
        let folder = FeatureFolder(path: FeatureFolder.parent(of: path))
        do throws(LuaError) {
            let (environment, reloadModule) = try sandbox.makeEnvironment(for: folder, library: bindings.folderLibrary(folder))
            folders.append(LoadedFolder(
                folder: folder, environment: environment, reloadModule: reloadModule, modificationDates: folder.modificationDates()))
            try sandbox.run(FeatureFolder.lastComponent(of: path), of: folder, in: environment)
        } catch {
            throw ScriptError(error)
        }
    }
}

/// The errors of a folder's `operations/` modules that `hub check`'s `require` stood in for, in
/// order.
private final class ModuleErrors {
    private(set) var errors: [LuaError] = []

    func append(_ error: LuaError) {
        errors.append(error)
    }
}
