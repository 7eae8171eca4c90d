import HubCore
import HubRender

extension HubRuntime {
    /// An error loading feature folders; each entry names the folder and `file:line`.
    public struct LoadError: Error, CustomStringConvertible {
        /// One message per problem, e.g. per feature folder that failed to load.
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// Loads the feature folders at each of `paths` (see ``loadFeatures(at:)-(String)``): a folder
    /// that fails to load is told to `loadFailed`, and the others load; throws when a path holds
    /// no feature folder at all.
    public func loadFeatures(at paths: [String], loadFailed: (any Error) -> Void) throws {
        for path in paths {
            let failures = loadFailures.count
            do {
                try loadFeatures(at: path)
            } catch {
                guard loadFailures.count > failures else { throw error }
                loadFailed(error)
            }
        }
    }

    /// Loads every feature folder at `path` (a feature folder, or a folder of them): runs its
    /// `feature.lua` in a new environment. Returns the identifiers of the features registered;
    /// throws when a folder failed. A folder that fails is rolled back whole and recorded in
    /// ``loadFailures``; the others still load and work. While ``isChecking``, a folder whose
    /// `operations/` modules fail goes on loading past them, to find every mistake, and fails
    /// with all of them.
    @discardableResult
    public func loadFeatures(at path: String) throws -> [String] {
        let discovered = FeatureFolder.discover(at: path)
        guard !discovered.isEmpty else { throw LoadError(messages: ["no feature.lua found under '\(path)'"]) }
        let before = Set(manager.featureRegistry.all.map(\.identifier))
        var messages: [String] = []
        for folder in discovered {
            // Only a folder's own loading contests another's id: a duplicate a REPL line or a
            // test declared failed there alone.
            bindings.features.contested = []
            let moduleErrors = ModuleErrors()
            var errors: [String] = []
            do {
                let (environment, reloadModule) = try sandbox.makeEnvironment(
                    for: folder, library: bindings.folderLibrary(folder), reportModuleError: isChecking ? moduleErrors.append : nil)
                try sandbox.run("feature.lua", of: folder, in: environment)
                errors = moduleErrors.messages
                if errors.isEmpty {
                    folders.append(LoadedFolder(
                        folder: folder, environment: environment, reloadModule: reloadModule,
                        modificationDates: folder.modificationDates()))
                }
            } catch {
                errors = moduleErrors.messages + [String(describing: error)]
            }
            messages += failContestedFolders()
            guard let first = errors.first else { continue }
            var failure = LoadFailure(folder: folder.displayPath, path: folder.path, error: first)
            failure.laterErrors = Array(errors.dropFirst())
            problemLog.recordLoadFailure(failure, features: bindings.rollBack(folder))
            messages.append(failure.description)
        }
        if !messages.isEmpty { throw LoadError(messages: messages) }
        return manager.featureRegistry.all.map(\.identifier).filter { !before.contains($0) }
    }

    /// Rolls back the folders loaded earlier whose feature id a later folder declared again,
    /// each a load failure; returns their messages.
    func failContestedFolders() -> [String] {
        let contested = bindings.features.contested
        bindings.features.contested = []
        return contested.compactMap { contest in
            guard let index = folders.firstIndex(where: { $0.folder.path == contest.path }) else { return nil }
            let folder = folders.remove(at: index).folder
            let failure = LoadFailure(folder: folder.displayPath, path: folder.path, error: contest.message)
            problemLog.recordLoadFailure(failure, features: bindings.rollBack(folder))
            return failure.description
        }
    }

    /// The feature folders that failed to load, in order.
    public var loadFailures: [LoadFailure] { problemLog.loadFailures.map(\.failure) }

    /// Runs the Lua file at `path` in a new environment of its folder (e.g. to register schemas).
    public func runScript(at path: String) throws {
        let folder = FeatureFolder(path: FeatureFolder.parent(of: path))
        let (environment, reloadModule) = try sandbox.makeEnvironment(for: folder, library: bindings.folderLibrary(folder))
        folders.append(LoadedFolder(
            folder: folder, environment: environment, reloadModule: reloadModule, modificationDates: folder.modificationDates()))
        try sandbox.run(FeatureFolder.lastComponent(of: path), of: folder, in: environment)
    }
}

/// The errors of a folder's `operations/` modules that `hub check`'s `require` stood in for, in
/// order.
private final class ModuleErrors {
    private(set) var messages: [String] = []

    func append(_ message: String) {
        messages.append(message)
    }
}
