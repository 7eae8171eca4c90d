import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// `Examples/.hub/hub.lua`, the language server's annotations of the `hub` API, declares exactly
/// what the runtime has: the names of the `hub` table (those `HubAPI` lists: HubAPITests), the
/// properties and methods of the userdata classes and of the tables with methods (probed on live
/// objects), the fields of the tables scripts read back (models, errors, a screen's chain, frames
/// and events) and the keys of the tables scripts hand to Hub (features, operations, components,
/// schemas). A name added to either side alone fails a test.
@Suite struct AnnotationTests {
    /// The repository's root.
    private static let repository = URL(fileURLWithPath: TestPaths.examples).deletingLastPathComponent()
    /// The annotation file Examples/.luarc.json loads.
    private static let annotationFile = TestPaths.examples + "/.hub/hub.lua"

    /// The declarations of the annotation file; records an issue for each it could not place.
    private static func annotations() throws -> LuaAnnotations {
        let annotations = LuaAnnotations(try String(contentsOfFile: annotationFile, encoding: .utf8))
        for problem in annotations.problems { Issue.record("hub.lua: \(problem)") }
        return annotations
    }

    @Test func theFileIsAMetaFileThatCompiles() throws {
        let text = try String(contentsOfFile: Self.annotationFile, encoding: .utf8)
        #expect(text.hasPrefix("---@meta\n"))
        let lua = try LuaState()
        try lua.load(text, chunkName: "@hub.lua")
        lua.stack.pop()
    }

    @Test func theParserReadsDeclarations() {
        let annotations = LuaAnnotations(
            """
            ---A thing.
            ---@class hub.Thing: hub.Base
            ---@field size integer The size.
            ---@field ["local"] string?
            ---@field [string] any
            ---@class hub.Bare
            local Thing = {}

            ---Grows it.
            ---@param by integer
            function Thing:grow(by) end
            function hub.make(spec) end
            ---A table.
            hub.table = {}
            ---@return string
            function hub.table.read() end
            ---Strays.
            function Other:stray() end
            """)
        #expect(annotations.classes["hub.Thing"] == LuaAnnotations.Members(fields: ["size", "local"], methods: []))
        #expect(annotations.classes["hub.Bare"] == LuaAnnotations.Members(fields: [], methods: ["grow"]))
        #expect(annotations.hubNames == ["hub.make": .function, "hub.table": .value, "hub.table.read": .function])
        #expect(annotations.problems == ["line 18: 'Other' is not the local of a class"])
        #expect(annotations.undocumented == ["hub.Bare", "hub.make", "hub.table.read"])
    }

    @Test func everyClassFunctionAndMethodHasADescription() throws {
        for name in try Self.annotations().undocumented {
            Issue.record("\(name) has no description (a `---` line before its annotations) in hub.lua")
        }
    }

    // MARK: Classes and tables

    /// The userdata classes, whose members are probed on live objects.
    private static let userdataClasses = [
        "hub.Context", "hub.ViewBuilder", "hub.ComponentBuilder", "hub.ImageBuilder", "hub.TargetBuilder", "hub.Screen",
        "hub.Canvas", "hub.Action",
    ]

    /// The tables with methods (their keys are properties; what their metatable's `__index` gives
    /// are methods), probed on live ones.
    private static let methodTables = ["hub.Response"]

    /// The tables scripts read back, whose keys are collected from live ones filled as far as
    /// they go (every optional field set).
    private static let readTables = [
        "hub.ViewModel", "hub.ComponentModel", "hub.ImageModel", "hub.TargetModel", "hub.Error", "hub.FeatureInfo",
        "hub.ChainEntry", "hub.Diff", "hub.Frames", "hub.Frame", "hub.ScreenEvent", "hub.Size", "hub.LoadedImage",
        "hub.Profile", "hub.ProfiledOperation", "hub.ProfiledFunction", "hub.ProfiledLine",
    ]

    /// Lua run in a folder's environment, given the candidate names (`CANDIDATES`): a feature,
    /// a component and an action that hand their objects to `probe`, which sorts each candidate
    /// into a property, a method or not a member. Setting a field tells them apart without side
    /// effects: no property takes a function, and only a name that is no member at all is an
    /// "unknown field". A table with methods (a response of `hub.http`, which ``ProbeTransport``
    /// answers) has its keys as properties and the candidates its metatable gives as methods.
    /// Also records the keys of the tables scripts read back, in `tables`.
    private static let probeScript = """
        local candidates = { CANDIDATES }
        local classes, tables = {}, {}
        local function probe(class, object)
          local members = {}
          for _, name in ipairs(candidates) do
            local ok, message = pcall(function() object[name] = print end)
            if ok or not tostring(message):find("unknown field", 1, true) then
              members[name] = type(object[name]) == "function" and "method" or "property"
            end
          end
          classes[class] = members
        end
        local function methods(class, table)
          local members = {}
          for key in pairs(table) do members[key] = "property" end
          for _, name in ipairs(candidates) do
            if members[name] == nil and type(table[name]) == "function" then members[name] = "method" end
          end
          classes[class] = members
        end
        local function keys(class, table)
          local found = tables[class] or {}
          for key in pairs(table) do found[key] = true end
          tables[class] = found
        end

        hub.register_image("https://probe/photo.png", 100)
        hub.component {
          id = "probe:drawn",
          size = function(_, _, container)
            keys("hub.Size", container)
            return container.width, 1
          end,
          render = function(self, _, canvas)
            probe("hub.Canvas", canvas)
            local own = {}
            for key, value in pairs(self) do
              if type(value) == "function" then own[key] = "method" end
            end
            classes["hub.ComponentInstance"] = own
          end,
          on_image = function(_, image) keys("hub.LoadedImage", image) end,
        }
        hub.action("probe:act", function(ctx)
          probe("hub.Action", ctx)
          return true
        end)
        hub.feature {
          id = "probe", uri = "probe:view", hosts = { "probe.test" },
          operations = { function(ctx)
            probe("hub.Context", ctx)
            methods("hub.Response", hub.http.get("http://probe.test/"))
            keys("hub.FeatureInfo", ctx.feature)
            local view = ctx.view
            view.id, view.title, view.custom = "probe", "Probe", { a = 1 }
            view:header().title = "header"
            view:overlay("overlay").title = "overlay"
            local row = view:body {
              id = "row", component = "probe:drawn", category = "row", group = "g", title = "t", subtitle = "s",
              accessory = "a", description = "d", metadata = { a = 1 }, logging = { a = 1 }, custom = { a = 1 },
              icon = "star", background_image = "https://probe/background.png",
              main_image = { uri = "https://probe/photo.png", placeholder = "p", ["local"] = "l", custom = { a = 1 } },
              target = { uri = "probe:next", actions = { "probe:act" }, custom = { a = 1 } },
            }
            row.target.view.title = "next"
            row:custom_image("extra").uri = "https://probe/extra.png"
            row:child("child").title = "child"
            probe("hub.ViewBuilder", view)
            probe("hub.ComponentBuilder", row)
            probe("hub.ImageBuilder", row.main_image)
            probe("hub.TargetBuilder", row.target)
            if ctx.state.ran then view:remove_body("gone") else view:body("gone").title = "gone" end
            ctx.state.ran = true
          end },
        }
        hub.feature { id = "probe-failing", uri = "probe:failing", operations = { function() error("boom") end } }

        local s = hub.open("probe:view", { width = 40 })
        probe("hub.Screen", s)
        s:render()
        hub.sleep(100)
        s:render()
        s:perform("probe:act")
        s:reload()
        keys("hub.Diff", s:diff())
        local model = s.model
        keys("hub.ViewModel", model)
        keys("hub.ComponentModel", model.body[1])
        keys("hub.ImageModel", model.body[1].main_image)
        keys("hub.TargetModel", model.body[1].target)
        local frames = s:frames()
        keys("hub.Frames", frames)
        keys("hub.Frame", frames.body[1])
        for _, event in ipairs(s.events) do keys("hub.ScreenEvent", event) end
        local failing = hub.open("probe:failing")
        keys("hub.Error", failing.error)
        hub.action("probe:broken", function() error("boom") end)
        keys("hub.Error", select(2, pcall(s.perform, s, "probe:broken")))
        keys("hub.ChainEntry", failing.chain[1])
        local profile = s:profile(function(screen) screen:reload() end, { every = 1 })
        keys("hub.Profile", profile)
        for _, operation in ipairs(profile.operations) do keys("hub.ProfiledOperation", operation) end
        for _, fn in ipairs(profile.functions) do keys("hub.ProfiledFunction", fn) end
        for _, line in ipairs(profile.lines) do keys("hub.ProfiledLine", line) end
        return { classes = classes, tables = tables }
        """

    /// Every identifier-like string literal of the Lua bindings' sources (where every property
    /// and method name is spelled), the component fields' names, and every name `annotations`
    /// declares: whatever a class could have, so that probing finds all of its members.
    private static func candidateNames(_ annotations: LuaAnnotations) throws -> [String] {
        let sources = repository.appendingPathComponent("Sources/HubLua")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "the bindings' sources are found")
        let literal = try Regex(#""([A-Za-z_][A-Za-z0-9_]*)""#)
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: literal) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        names.formUnion(ComponentFields.texts.map(\.name) + ComponentFields.data.map(\.name))
        for members in annotations.classes.values { names.formUnion(members.fields.union(members.methods)) }
        return names.sorted()
    }

    /// What the probe found: each class's members (name: `"property"` or `"method"`) and each
    /// read-back table's keys.
    private static func probe(
        _ annotations: LuaAnnotations
    ) throws -> (classes: [String: [String: String]], tables: [String: Set<String>]) {
        let candidates = try candidateNames(annotations).map { "\"\($0)\"" }.joined(separator: ", ")
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.manager.httpTransport = ProbeTransport()
        let script = probeScript.replacingOccurrences(of: "CANDIDATES", with: candidates)
        let result = try runtime.evaluate(script, inFolder: "Fixtures/Sandbox", chunkName: "=probe").objectValue ?? [:]
        #expect(runtime.problems.isEmpty, "\(runtime.problems)")
        let classes = (result["classes"]?.objectValue ?? [:]).mapValues { ($0.objectValue ?? [:]).compactMapValues(\.stringValue) }
        let tables = (result["tables"]?.objectValue ?? [:]).mapValues { Set(($0.objectValue ?? [:]).keys) }
        return (classes, tables)
    }

    /// Answers every request with an empty 200 on the loop's next turn: the response the probe
    /// reads `hub.Response` from.
    private final class ProbeTransport: HTTPTransport {
        func send(
            _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
            completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
        ) -> HTTPCancellation {
            let timer = loop.schedule(after: 0) { completion(.success(HubHTTPResponse(status: 200))) }
            return HTTPCancellation { loop.cancel(timer) }
        }
    }

    @Test func theClassesMembersAndTheReadBackTablesFieldsAreDeclared() throws {
        let annotations = try Self.annotations()
        let (classes, tables) = try Self.probe(annotations)
        for name in Self.userdataClasses + Self.methodTables {
            let declared = try #require(annotations.classes[name], "hub.lua declares no class \(name)")
            let members = try #require(classes[name], "the probe reached no \(name)")
            #expect(!members.isEmpty, "\(name) has members")
            let properties = Set(members.filter { $0.value == "property" }.keys)
            Self.compare(name, "property", runtime: properties, declared: declared.fields)
            Self.compare(name, "method", runtime: Set(members.keys).subtracting(properties), declared: declared.methods)
        }
        let instance = try #require(classes["hub.ComponentInstance"], "the probe reached no component instance")
        Self.compare(
            "hub.ComponentInstance", "method", runtime: Set(instance.keys),
            declared: annotations.classes["hub.ComponentInstance"]?.methods ?? [])
        for name in Self.readTables {
            let keys = try #require(tables[name], "the probe read no \(name)")
            Self.compare(name, "field", runtime: keys, declared: annotations.classes[name]?.fields ?? [])
        }
    }

    // MARK: Tables handed to Hub

    @Test func theKeysOfTheTablesHandedToHubAreDeclared() throws {
        let classes = try Self.annotations().classes
        let fields = { (name: String) in classes[name]?.fields ?? [] }
        let feature = Set(FeatureBindings.featureKeys), operation = Set(FeatureBindings.operationKeys)
        Self.compare("hub.FeatureSpec", "key", runtime: feature, declared: fields("hub.FeatureSpec"))
        Self.compare("hub.OperationSpec", "key", runtime: operation, declared: fields("hub.OperationSpec"))
        Self.compare(
            "hub.ComponentSpec", "key", runtime: Set(["id", "traits", "size", "render"] + LuaComponent.optionalFunctions),
            declared: fields("hub.ComponentSpec"))
        let settable = Set(BuilderBindings.componentFields().filter { $0.property?.set != nil }.map(\.name))
        Self.compare("hub.ComponentTable", "key", runtime: settable.union(["id"]), declared: fields("hub.ComponentTable"))
        let image = Set(BuilderBindings.imageProperties.filter { $0.value.set != nil }.keys)
        Self.compare("hub.ImageTable", "key", runtime: image, declared: fields("hub.ImageTable"))
        let parts = [
            "view": "hub.ViewSchema", "component": "hub.ComponentSchema", "image": "hub.ImageSchema", "target": "hub.TargetSchema",
        ]
        let schema = Set(["id", "extends"] + SchemaBindings.setters.keys)
        Self.compare("hub.SchemaSpec", "key", runtime: schema, declared: fields("hub.SchemaSpec"))
        for (part, setters) in SchemaBindings.setters {
            let name = try #require(parts[part], "a schema part hub.lua has no class for: \(part)")
            Self.compare(name, "key", runtime: Set(setters.keys), declared: fields(name))
        }
    }

    /// Records an issue for each name only the runtime or only the annotations have.
    private static func compare(_ owner: String, _ kind: String, runtime: Set<String>, declared: Set<String>) {
        for name in runtime.subtracting(declared).sorted() {
            Issue.record("\(owner) has the \(kind) '\(name)', which hub.lua does not declare")
        }
        for name in declared.subtracting(runtime).sorted() {
            Issue.record("hub.lua declares the \(kind) '\(name)' of \(owner), which the runtime does not have")
        }
    }
}

/// The declarations of a LuaLS annotation file, read line by line: `function hub.name(` and
/// `hub.name = ` at the start of a line declare `hub` names; `---@class Name` starts a class,
/// whose `---@field name` (or `---@field ["name"]`) lines declare its fields, and the
/// `local Var = {}` after it binds `Var`, whose `function Var:name(` lines declare its methods.
/// A declaration is documented when a `---` line that is no annotation (`---@...`) comes before
/// it in the same comment block.
struct LuaAnnotations {
    /// How a `hub` name is declared.
    enum Declaration: Equatable {
        /// `function hub.name(...) end`.
        case function
        /// `hub.name = ...` (a sub-table or a marker).
        case value
    }

    /// The fields and methods one class declares.
    struct Members: Equatable {
        /// The `---@field` names.
        var fields: Set<String> = []
        /// The names of the `function Var:name(` lines.
        var methods: Set<String> = []
    }

    /// Every `hub` name declared, e.g. `hub.open` or `hub.json.encode`.
    private(set) var hubNames: [String: Declaration] = [:]
    /// Each class's members, by class name.
    private(set) var classes: [String: Members] = [:]
    /// Declarations that could not be placed, and names declared twice, with their line.
    private(set) var problems: [String] = []
    /// The classes, `hub` names and methods (`Class:name`) declared without a description.
    private(set) var undocumented: [String] = []

    /// The declarations of `text`.
    init(_ text: String) {
        var currentClass: String?
        var locals: [String: String] = [:]
        var described = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "line \(offset + 1)"
            let isComment = line.hasPrefix("---")
            defer {
                if isComment && !line.hasPrefix("---@") { described = true } else if !isComment { described = false }
            }
            if let rest = line.dropPrefix("---@class ") {
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
                if !described { undocumented.append(name) }
                described = false
                if classes[name] != nil { problems.append("\(place): class \(name) declared twice") }
                classes[name] = Members()
                currentClass = name
            } else if let rest = line.dropPrefix("---@field ") {
                guard let field = Self.fieldName(rest) else { continue }
                guard let owner = currentClass else {
                    problems.append("\(place): field '\(field)' outside a class")
                    continue
                }
                if classes[owner]?.fields.insert(field).inserted == false {
                    problems.append("\(place): \(owner).\(field) declared twice")
                }
            } else if let rest = line.dropPrefix("local "), rest.hasSuffix(" = {}") {
                let variable = String(rest.dropLast(" = {}".count))
                if let owner = currentClass { locals[variable] = owner }
            } else if let rest = line.dropPrefix("function "), let parenthesis = rest.firstIndex(of: "(") {
                let name = String(rest[..<parenthesis])
                if !described { undocumented.append(name) }
                if name.hasPrefix("hub.") {
                    declare(name, .function, at: place)
                } else if let colon = name.firstIndex(of: ":") {
                    let variable = String(name[..<colon])
                    guard let owner = locals[variable] else {
                        problems.append("\(place): '\(variable)' is not the local of a class")
                        continue
                    }
                    let method = String(name[name.index(after: colon)...])
                    if classes[owner]?.methods.insert(method).inserted == false {
                        problems.append("\(place): \(owner):\(method) declared twice")
                    }
                }
            } else if line.hasPrefix("hub."), let equals = line.range(of: " = ") {
                let name = String(line[..<equals.lowerBound])
                if !described { undocumented.append(name) }
                declare(name, .value, at: place)
            }
        }
    }

    /// Records the `hub` name `name`; one declared before is a problem.
    private mutating func declare(_ name: String, _ declaration: Declaration, at place: String) {
        if hubNames[name] != nil { problems.append("\(place): \(name) declared twice") }
        hubNames[name] = declaration
    }

    /// The name a `---@field` line declares (`name ...` or `["name"] ...`); nil for an index
    /// signature such as `[string] any`.
    private static func fieldName(_ rest: Substring) -> String? {
        if let quoted = rest.dropPrefix("[\""), let end = quoted.range(of: "\"]") {
            return String(quoted[..<end.lowerBound])
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }
}

extension Substring {
    /// The rest after `prefix`, or nil when the text does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
