import Foundation
import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
@testable import LuaBridge

/// `HubAPI`, the one list of the `hub` table, is what a runtime's `hub` table has (each name in
/// the table its library fills), what the editors' annotation file declares, and names the
/// binding that registers each.
@Suite struct HubAPITests {
    /// Lua run in the state's own globals (with `debug`), given a folder's environment: every
    /// name reachable from its `hub` (the folder's own table, then the shared one its metatable's
    /// `__index` leads to, and the same for sub-tables and their read-only proxies).
    private static let walk = """
        local environment = ...
        local names, seen = {}, {}
        local function walk(prefix, table)
          while type(table) == "table" and not seen[table] do
            seen[table] = true
            for key, value in next, table do
              local name = prefix .. "." .. key
              names[name] = type(value)
              if type(value) == "table" then walk(name, value) end
            end
            local metatable = debug.getmetatable(table)
            table = metatable and rawget(metatable, "__index")
          end
        end
        walk("hub", environment.hub)
        return names
        """

    @Test func theRuntimesHubTableHasExactlyTheListedNames() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let environment = try #require(runtime.folders.first?.environment)
        let lua = runtime.lua
        try lua.load(Self.walk, chunkName: "=walk")
        lua.stack.push(environment)
        try lua.call(arguments: 1, results: 1)
        let types = (try lua.stack.json(at: -1).objectValue ?? [:]).compactMapValues(\.stringValue)
        lua.stack.pop()
        let live = Set(types.keys)
        let annotations = LuaAnnotations(try String(contentsOfFile: TestPaths.examples + "/.hub/hub.lua", encoding: .utf8))
        for (name, kind) in annotations.hubNames where kind == .function && types[name].map({ $0 != "function" }) == true {
            Issue.record("hub.lua declares \(name) as a function; the runtime's is a \(types[name] ?? "?")")
        }
        let listed = Set(HubAPI.entries.map(\.name))
        #expect(live.isSuperset(of: ["hub.open", "hub.feature", "hub.json.encode"]), "the walk reaches both tables and sub-tables")
        for name in live.subtracting(listed).sorted() { Issue.record("the runtime has \(name), which HubAPI does not list") }
        for name in listed.subtracting(live).sorted() { Issue.record("HubAPI lists \(name), which the runtime does not have") }
    }

    /// Each name of the shared or a folder's own library is listed in that table (a sub-table's
    /// names are in its table's).
    @Test func eachNameIsListedInTheTableItsLibraryFills() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let folder = try #require(runtime.folders.first?.folder)
        let shared = Set(runtime.bindings.sharedLibrary.members.map { "hub." + $0.name })
        let own = Set(try runtime.bindings.folderLibrary(folder).members.map { "hub." + $0.name } + ["hub.read"])
        let topLevel = HubAPI.entries.filter { $0.name.split(separator: ".").count == 2 }
        #expect(Set(topLevel.filter { $0.scope == .shared }.map(\.name)) == shared)
        #expect(Set(topLevel.filter { $0.scope == .folder }.map(\.name)) == own)
        for entry in HubAPI.entries {
            let table = entry.name.split(separator: ".").prefix(2).joined(separator: ".")
            let scope = try #require(HubAPI.entries.first { $0.name == table }?.scope)
            #expect(entry.scope == scope, "\(entry.name) is in \(table)'s table")
        }
    }

    @Test func theAnnotationFileDeclaresExactlyTheListedNames() throws {
        let annotations = LuaAnnotations(try String(contentsOfFile: TestPaths.examples + "/.hub/hub.lua", encoding: .utf8))
        #expect(Set(annotations.hubNames.keys) == Set(HubAPI.entries.map(\.name)))
    }

    @Test func eachNameIsRegisteredByTheBindingListed() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/HubLua")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        for entry in HubAPI.entries {
            let file = try #require(files.first { $0.lastPathComponent == entry.binding + ".swift" }, "\(entry.binding).swift")
            let key = try #require(entry.name.split(separator: ".").last)
            let text = try String(contentsOf: file, encoding: .utf8)
            // A name in a library (`"open": ...`), or in the Lua source a binding runs: a table
            // constructor's `get = ...`, a `function store.update(...)`.
            let registers = ["\"\(key)\"", " \(key) = ", ".\(key)("].contains { text.contains($0) }
            #expect(registers, "\(entry.binding).swift registers no \(key) (\(entry.name))")
        }
    }
}
