import Foundation
import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
@testable import LuaBridge

/// `HubAPI`, the one list of the `hub` table, which the runtime builds its tables from: a
/// runtime's `hub` table has exactly its names, each in the table its scope names, and the
/// editors' annotation file declares exactly those.
@Suite struct HubAPITests {
    /// Lua run in the state's own globals (with `debug`), given a folder's environment: every
    /// name reachable from its `hub`, with its type and the table it is in: `shared`, the table
    /// the folder's own one's metatable `__index` leads to, walked first; `folder`, the folder's
    /// own table (whose read-only proxies of the shared sub-tables lead to those). A sub-table's
    /// names, and those of its read-only proxy, are in its table's.
    private static let walk = """
        local environment = ...
        local names, seen = {}, {}
        local function walk(prefix, table, scope)
          while type(table) == "table" and not seen[table] do
            seen[table] = true
            for key, value in next, table do
              local name = prefix .. "." .. key
              names[name] = names[name] or { type = type(value), scope = scope }
              if type(value) == "table" then walk(name, value, scope) end
            end
            local metatable = debug.getmetatable(table)
            table = metatable and rawget(metatable, "__index")
          end
        end
        walk("hub", rawget(debug.getmetatable(environment.hub), "__index"), "shared")
        walk("hub", environment.hub, "folder")
        return names
        """

    /// The names a folder's scripts reach from `hub`, each with its type and table.
    private static func liveNames() throws -> [String: (type: String, scope: String)] {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let environment = try #require(runtime.folders.first?.environment)
        let lua = runtime.lua
        try lua.load(walk, chunkName: "=walk")
        lua.stack.push(environment)
        try lua.call(arguments: 1, results: 1)
        defer { lua.stack.pop() }
        return (try lua.stack.json(at: -1).objectValue ?? [:]).compactMapValues { found in
            guard let type = found.objectValue?["type"]?.stringValue, let scope = found.objectValue?["scope"]?.stringValue else {
                return nil
            }
            return (type, scope)
        }
    }

    @Test func theRuntimesHubTableHasExactlyTheListedNames() throws {
        let live = try Self.liveNames()
        let annotations = LuaAnnotations(try String(contentsOfFile: TestPaths.examples + "/.hub/hub.lua", encoding: .utf8))
        for (name, kind) in annotations.hubNames where kind == .function && live[name].map({ $0.type != "function" }) == true {
            Issue.record("hub.lua declares \(name) as a function; the runtime's is a \(live[name]?.type ?? "?")")
        }
        let listed = Set(HubAPI.names.map(\.name))
        #expect(
            Set(live.keys).isSuperset(of: ["hub.open", "hub.feature", "hub.json.encode", "hub.store.get"]),
            "the walk reaches both tables and sub-tables")
        for name in Set(live.keys).subtracting(listed).sorted() { Issue.record("the runtime has \(name), which HubAPI does not list") }
        for name in listed.subtracting(live.keys).sorted() { Issue.record("HubAPI lists \(name), which the runtime does not have") }
    }

    /// Each name is in the table its scope names: the folder's own, or the shared one.
    @Test func eachNameIsInTheTableOfItsScope() throws {
        let live = try Self.liveNames()
        for (name, scope) in HubAPI.names {
            let found = live[name]?.scope
            #expect(found == (scope == .shared ? "shared" : "folder"), "\(name) is in the \(found ?? "no") table")
        }
    }

    @Test func theAnnotationFileDeclaresExactlyTheListedNames() throws {
        let annotations = LuaAnnotations(try String(contentsOfFile: TestPaths.examples + "/.hub/hub.lua", encoding: .utf8))
        #expect(Set(annotations.hubNames.keys) == Set(HubAPI.names.map(\.name)))
    }

    @Test func eachNameIsListedOnce() {
        var seen: Set<String> = []
        for (name, _) in HubAPI.names where !seen.insert(name).inserted { Issue.record("HubAPI lists \(name) twice") }
        #expect(seen.count > 30)
    }
}
