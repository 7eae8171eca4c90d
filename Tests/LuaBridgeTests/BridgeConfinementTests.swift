import Foundation
import Testing

/// The rule "nothing that can raise runs outside a protected frame" is kept in one target: only
/// `LuaBridge` may use the Lua C API. The module graph says so (no other target of the library
/// depends on `CLua` or `CLuaShim`), and no source elsewhere imports them or names their API
/// (SwiftPM makes a dependency's C modules importable by its dependents, so the graph alone
/// would not stop an `import CLua` in HubLua from compiling).
@Suite struct BridgeConfinementTests {
    private static let root = PackageGraph.root

    /// The targets allowed to depend on Lua's C modules: the bridge and its own tests.
    private static let bridgeTargets: Set<String> = ["LuaBridge", "LuaBridgeTests", "CLuaShim"]
    private static let cModules: Set<String> = ["CLua", "CLuaShim"]

    @Test func onlyTheBridgeDependsOnLuasCModules() throws {
        let targets = try PackageGraph.targetDependencies()
        #expect(targets["LuaBridge"] == ["CLua", "CLuaShim"])
        #expect(targets["HubLua"]?.contains("LuaBridge") == true)
        for (target, dependencies) in targets where !Self.bridgeTargets.contains(target) {
            #expect(dependencies.isDisjoint(with: Self.cModules), "\(target) depends on \(dependencies.intersection(Self.cModules).sorted())")
        }
    }

    @Test func onlyTheBridgeUsesTheLuaCAPI() throws {
        let files = try ["Sources", "Tests", "Examples"].flatMap { folder in
            try #require(FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        }
        let outside = files.filter { !$0.path.contains("/Sources/LuaBridge/") && !$0.path.contains("/Tests/LuaBridgeTests/") }
        #expect(outside.contains { $0.path.hasSuffix("/Sources/HubLua/Runtime/HubRuntime.swift") }, "the runtime and bindings are found")
        // Imports of either C module, any function of Lua's API or of the shims (any case), Lua's
        // constants and types (`LUA_OK`, `lua_Debug`, `lua_State`); the shim's `hub_` functions
        // are looked for in HubLua only, where no other name starts so.
        let cAPI = try Regex(#"import CLua|\b(lua|luaL|clua)_[A-Za-z]+\b|\bLUA_[A-Z]+"#)
        let shim = try Regex(#"\bhub_[a-z]+_?[a-z]*\("#)
        for file in outside {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where (line.contains(cAPI) || file.path.contains("/Sources/HubLua/") && line.contains(shim)) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                Issue.record("\(file.lastPathComponent) uses the Lua C API outside LuaBridge: \(line)")
            }
        }
    }
}
