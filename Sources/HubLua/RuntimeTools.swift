import CLua
import Foundation
import HubCore
import HubRender

// Entry points for tools: evaluating code, running scripts, JSON files.

extension HubRuntime {
    /// Runs `source` in the environment of the loaded feature folder whose path ends with
    /// `folderSuffix` (globals persist between calls) and returns its first result as JSON.
    public func evaluate(_ source: String, inFolder folderSuffix: String, chunkName: String = "=eval") throws -> JSONValue {
        guard let folder = loadedFolders.first(where: { $0.path.hasSuffix(folderSuffix) }) else {
            throw LuaError(message: "no loaded feature folder ends with '\(folderSuffix)'")
        }
        try lua.load(source, chunkName: chunkName)
        lua.pushReference(environments[folder.index])
        guard lua_setupvalue(lua.L, -2, 1) != nil else {
            lua.pop()
            throw LuaError(message: "cannot set the environment of \(chunkName)")
        }
        try lua.call(arguments: 0, results: 1)
        defer { lua.pop() }
        do {
            return try lua.stack.json(at: -1)
        } catch {
            return .string("<\(lua.stack.typeName(at: -1))>")
        }
    }
}

extension HubRuntime {
    /// Runs the Lua file at `path` in an environment of its folder (e.g. to register schemas).
    public func runScript(at path: String) throws {
        let folder = FeatureFolder(path: (path as NSString).deletingLastPathComponent)
        folders.append(folder)
        let index = folders.count - 1
        try makeEnvironment(forFolder: index)
        try runFile((path as NSString).lastPathComponent, folder: index)
    }

    /// The view model that JSON `bytes` describe in the schema `schema` (default: the default
    /// schema). Errors name `source` with line and column.
    public func viewModel(fromJSON bytes: [UInt8], source: String, schema: String? = nil) throws(ContentError) -> ViewModel {
        let builder = ViewModelBuilder(configuration: BuilderConfiguration(resolvesIcons: true), schema: schemas.schema(for: schema))
        try bytes.withUnsafeBufferPointer { buffer throws(ContentError) in try builder.addJSON(bytes: buffer, source: source) }
        return builder.build()
    }

    /// A renderer for view models that belong to no screen, with the runtime's components.
    public func makeRenderer(margin: Int = 1) -> ViewRenderer {
        let host = ComponentHost(registry: components, imageLoader: OfflineImageLoader(loop: loop, registry: images)) { [loop] in loop.now }
        return ViewRenderer(host: host, layoutManager: DefaultComponentLayoutManager(margin: margin))
    }
}
