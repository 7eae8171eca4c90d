import HubCore
import Testing
@testable import HubLua
@testable import LuaBridge

/// JSON values crossing the bridge (Bindings/JSON/LuaStack+JSON.swift).
@Suite struct LuaStackJSONTests {
    @Test func deepJSONCrossesTheBridgeWithoutOverflowingTheStack() throws {
        let lua = try LuaState()
        let depth = 500
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let value = try JSONParser.parse(text)
        lua.stack.push(json: value)
        #expect(lua.stack.top == 1)
        #expect(throws: (any Error).self) { try lua.stack.json(at: -1) }
        lua.stack.pop()
        let shallow = try JSONParser.parse(String(repeating: "[", count: 150) + "1" + String(repeating: "]", count: 150))
        lua.stack.push(json: shallow)
        #expect(try lua.stack.json(at: -1) == shallow)
    }
}
