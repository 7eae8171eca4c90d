import HubCore
package import LuaBridge

/// The environments feature folders' scripts run in: each folder's own globals over a frozen
/// safe base (`Prelude`), and a `hub` table of its own, holding the folder's functions
/// (`hub.feature`, `hub.read`, ...), over the `hub` table every folder shares. `require` and
/// `hub.read` stay inside the folder.
package final class Sandbox {
    private let lua: LuaState
    /// The prelude's `make_env(hub, read_module)`.
    private let environmentMaker: LuaReference
    /// The `hub` table every folder shares.
    private let sharedHub: LuaReference

    /// A sandbox whose shared `hub` table holds `library`, and whose scripts' `print` writes
    /// each line to `output`.
    init(lua: LuaState, shared library: LuaLibrary, output: @escaping (String) -> Void) throws(LuaError) {
        self.lua = lua
        let stack = lua.stack
        try lua.load(Prelude.source, chunkName: Prelude.chunkName)
        LuaBridge.pushFunction(stack) { call in
            output(call.string(at: 1) ?? "")
            return 0
        }
        stack.pushKeepCaller()
        try lua.call(arguments: 2, results: 1)
        environmentMaker = lua.reference(popping: stack)
        stack.newTable(record: library.members.count)
        stack.register(library, into: -1)
        sharedHub = lua.reference(popping: stack)
    }

    /// A new environment for the scripts of `folder`, whose `hub` holds `library` (the folder's
    /// own functions) over the shared functions, and the function that runs one of its modules
    /// again. With
    /// `reportModuleError`, an `operations/` module that fails is told to it and stood in for by an operation that does nothing, so that the script that
    /// required it goes on (see `Prelude`).
    package func makeEnvironment(
        for folder: FeatureFolder, library: LuaLibrary, reportModuleError: ((LuaError) -> Void)? = nil
    ) throws(LuaError) -> (environment: LuaReference, reloadModule: LuaReference) {
        let stack = lua.stack
        stack.push(environmentMaker)
        stack.newTable(record: library.members.count)
        stack.register(library, into: -1)
        stack.push(sharedHub)
        LuaBridge.pushFunction(stack) { call in
            do {
                let module = try folder.module(try call.checkString(1, "require"))
                call.push(bytes: module.source)
                call.push(module.chunkName)
                call.push(module.relative)
            } catch let error as LuaRaise {
                call.pushNil()
                call.push(error.message)
                call.pushNil()
            }
            return 3
        }
        if let reportModuleError {
            LuaBridge.pushFunction(stack) { call in
                let raw = call.string(at: 1) ?? "(error object is a \(call.typeName(at: 1)) value)"
                reportModuleError(LuaError(raw: raw))
                return 0
            }
        } else {
            stack.pushNil()
        }
        try lua.call(arguments: 4, results: 2)
        let reloadModule = lua.reference(popping: stack)
        return (lua.reference(popping: stack), reloadModule)
    }

    /// Runs the module `name` of the folder whose module reloader is `reloadModule` again (see
    /// `Prelude`); false when the folder never required it.
    func reloadModule(_ name: String, with reloadModule: LuaReference) throws -> Bool {
        try lua.call(reloadModule, arguments: { $0.push(name); return 1 }) { $0.boolean(at: -1) }
    }

    /// Runs the file `relative` of `folder` in `environment`.
    package func run(_ relative: String, of folder: FeatureFolder, in environment: LuaReference) throws(LuaError) {
        guard let absolute = folder.resolve(relative) else { throw LuaError(message: "'\(relative)' is outside the feature folder") }
        let source: [UInt8]
        do {
            source = try folder.readBytes(relative)
        } catch {
            throw LuaError(message: "cannot read \(folder.display(absolute))")
        }
        try lua.load(bytes: source, chunkName: "@" + folder.display(absolute), environment: environment)
        try lua.call(arguments: 0, results: 0)
    }

    /// Runs `source` in `environment` and returns its first result as JSON.
    package func evaluate(_ source: String, chunkName: String, in environment: LuaReference) throws(LuaError) -> JSONValue {
        try lua.load(source, chunkName: chunkName, environment: environment)
        try lua.call(arguments: 0, results: 1)
        let stack = lua.stack
        defer { stack.pop() }
        do {
            return try stack.json(at: -1)
        } catch {
            return .string("<\(stack.typeName(at: -1))>")
        }
    }

    /// `hub.read(path)`: the bytes of a file inside the feature folder, as a Lua string.
    static func read(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        call.push(bytes: try folder.readBytes(try call.checkString(1, "hub.read")))
        return 1
    }
}
