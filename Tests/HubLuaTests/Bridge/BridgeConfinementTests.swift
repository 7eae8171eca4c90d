import Foundation
import Testing

/// The rule "nothing that can raise runs outside a protected frame" is checked in one folder:
/// only `Sources/HubLua/Bridge` may use the Lua C API.
@Suite struct BridgeConfinementTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HubLua")

    @Test func onlyTheBridgeUsesTheLuaCAPI() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let outside = files.filter { !$0.path.contains("/HubLua/Bridge/") }
        #expect(outside.count > 10, "the runtime and bindings are found")
        // Imports of either C module, any function of Lua's API or of the shims (any case), Lua's
        // constants and types (`LUA_OK`, `lua_Debug`, `lua_State`).
        let cAPI = try Regex(#"import CLua|\b(lua|luaL|clua|hub)_[A-Za-z]+\b|\bLUA_[A-Z]+"#)
        for file in outside {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(cAPI) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                Issue.record("\(file.lastPathComponent) uses the Lua C API outside Bridge/: \(line)")
            }
        }
    }
}
