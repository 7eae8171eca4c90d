/// Turns fuzz bytes into a Lua script that uses Hub's DSL: features with operations that build
/// content (with right and wrong types), suspend, fail, reschedule and misbehave; components;
/// schemas; then screens opened and driven. Every choice comes from the input, so the fuzzer
/// explores the DSL's surface rather than Lua's syntax.
public struct DSLScriptGenerator {
    private var input: FuzzInput
    private var lines: [String] = []
    private var depth = 0

    /// A generator reading its choices from `bytes`.
    public init(_ bytes: [UInt8]) {
        input = FuzzInput(bytes)
    }

    /// The URIs the generated features claim and screens open.
    static let uris = ["fuzz:a", "fuzz:b", "fuzz:c"]

    /// The script: up to four declarations, then up to six screen interactions.
    public mutating func generate() -> String {
        for _ in 0..<(1 + input.below(4)) { declaration() }
        for _ in 0..<(1 + input.below(6)) { interaction() }
        return lines.joined(separator: "\n")
    }

    private mutating func emit(_ line: String) {
        lines.append(String(repeating: "  ", count: depth) + line)
    }

    // MARK: Declarations

    private mutating func declaration() {
        switch input.below(4) {
        case 0, 1: feature()
        case 2: component()
        default: schema()
        }
    }

    private mutating func feature() {
        let uri = input.pick(Self.uris)
        var fields = ["id = \(quoted("f" + String(input.below(1000))))", "uri = \(quoted(uri))"]
        if input.chance(30) { fields.append("title = \(text())") }
        if input.chance(20) { fields.append("timeout = \(input.pick(["50", "1000", "0", "-1", "'soon'"]))") }
        if input.chance(15) { fields.append("budget = \(input.pick(["100000", "1", "1e12"]))") }
        if input.chance(10) { fields.append("max_reschedules = \(input.pick(["2", "0", "10"]))") }
        if input.chance(10) { fields.append("schema = \"s\"") }
        if input.chance(5) { fields.append(input.pick(["timout = 5", "operation = {}", "[1] = true"])) }
        emit("pcall(hub.feature, { \(fields.joined(separator: ", ")), operations = {")
        depth += 1
        for _ in 0..<(1 + input.below(3)) { operation() }
        depth -= 1
        emit("} })")
    }

    private mutating func operation() {
        if input.chance(70) {
            emit("function(ctx)")
            body()
            emit("end,")
            return
        }
        emit("hub.operation { name = \(quoted("op" + String(input.below(10)))),")
        depth += 1
        if input.chance(20) { emit("timeout = \(input.pick(["20", "500"])),") }
        emit("perform = function(ctx)")
        body()
        emit("end,")
        if input.chance(30) {
            emit("initial = function(ctx)")
            body()
            emit("end,")
        }
        if input.chance(30) {
            emit("append = function(ctx, page)")
            body()
            emit("end,")
        }
        if input.chance(30) {
            emit("on_action = function(ctx, action)")
            body()
            emit("end,")
        }
        depth -= 1
        emit("},")
    }

    /// Up to five statements of an operation's function.
    private mutating func body() {
        depth += 1
        for _ in 0..<(1 + input.below(5)) { statement() }
        depth -= 1
    }

    private mutating func statement() {
        let row = "ctx.view:body(\(identifier()))"
        switch input.below(22) {
        case 0: emit("\(row).title = \(value())")
        case 1: emit("\(row).component = \(input.pick(["\"default:row\"", "\"f:tag\"", "\"nope\"", "\"default:card\"", "5"]))")
        case 2: emit("\(row).custom = \(value())")
        case 3: emit("\(row):child(\(identifier())).subtitle = \(value())")
        case 4: emit("ctx.view:body { id = \(identifier()), title = \(value()), accessory = \(value()) }")
        case 5: emit("ctx.view.title = \(value())")
        case 6: emit("ctx.view:add_json(\(jsonText()))")
        case 7: emit("ctx.view:remove_body(\(identifier()))")
        case 8: emit("\(row).target = { uri = \(text()), actions = { \"a:b\" } }")
        case 9: emit("\(row).main_image = \(input.pick(["\"https://x/y.png\"", "{ [\"local\"] = \"logo.png\" }", "5"]))")
        case 10: emit("ctx:fail(\(input.pick(["\"offline\"", "{ message = \"m\", code = 3 }", "nil"])))")
        case 11: emit("ctx:finish()")
        case 12: emit("if (ctx.state.n or 0) < \(input.below(8)) then ctx.state.n = (ctx.state.n or 0) + 1; ctx:reschedule() end")
        case 13: emit("hub.sleep(\(input.pick(["0", "1", "30", "-5", "1e12", "0/0", "'x'"])))")
        case 14: emit("hub.await(function(done) \(input.chance(70) ? "hub.after(\(input.below(40)), done)" : "") end)")
        case 15: emit("error(\(input.pick(["\"boom\"", "{ code = 1 }", "nil"])))")
        case 16: emit("for i = 1, \(input.pick(["3", "1000", "1e9"])) do ctx.view:body(\"loop\" .. i) end")
        case 17: emit("local s = string.rep(\(text()), \(input.pick(["3", "1e4", "2^31"])))")
        case 18: emit("local found = (\(text()) .. string.rep(\"a\", \(input.below(200)))):find(\(pattern()))")
        case 19: emit("ctx:perform_action(\(input.pick(["\"a:b\"", "\"bad\"", "5"])), \(value()))")
        case 20: emit("local inner = hub.open(\(quoted(input.pick(Self.uris))))")
        default: emit("local t = setmetatable({}, \(input.pick(["{ __index = function(t, k) return t[k] end }", "{ __gc = print }", "{}"])))")
        }
    }

    private mutating func component() {
        emit("pcall(hub.component, { id = \(input.pick(["\"f:tag\"", "\"f:box\"", "\"bad\"", "5"])),")
        depth += 1
        emit("traits = \(input.pick(["{ \"full_width\" }", "{ \"compact_width\", \"centered\" }", "\"row\"", "nil"])),")
        emit("size = function(self, model, container) return \(input.pick(["container.width, 1", "-5, 1e12", "nil", "\"w\", 2", "2^53, 1"])) end,")
        emit("render = function(self, model, canvas)")
        depth += 1
        switch input.below(5) {
        case 0: emit("canvas:text(0, 0, model.title)")
        case 1: emit("canvas:box(0, 0, canvas.width, canvas.height, \(input.pick(["\"bold\"", "\"nope\"", "nil"])))")
        case 2: emit("error(\"cannot draw\")")
        case 3: emit("canvas:text(1e300, -1, tostring(model.custom))")
        default: emit("for i = 1, #(model.children or {}) do self:render_child(i, canvas, 0, i, 5, 1) end")
        }
        depth -= 1
        emit("end,")
        if input.chance(20) { emit("ui_sate = function() end,") }
        depth -= 1
        emit("})")
    }

    private mutating func schema() {
        emit("pcall(hub.schema, { id = \"s\", view = { body = { \"items\", hub.each } }, component = { title = { \(input.pick(["\"name\"", "hub.each", "function(v) return v end", "5"])) } } })")
    }

    // MARK: Interactions

    private mutating func interaction() {
        let uri = quoted(input.pick(Self.uris))
        let options = input.chance(50) ? "{ width = \(input.pick(["20", "80", "0", "-3", "1e9"])), height = \(input.pick(["nil", "5", "0"])) }" : "nil"
        emit("do local ok, s = pcall(hub.open, \(uri), \(options)) if ok then")
        depth += 1
        for _ in 0..<(1 + input.below(4)) {
            emit("pcall(function() \(screenCall()) end)")
        }
        depth -= 1
        emit("end end")
    }

    private mutating func screenCall() -> String {
        switch input.below(12) {
        case 0: return "return s:render()"
        case 1: return "return s:render { width = \(input.pick(["10", "200"])), ascii = true }"
        case 2: return "return s:scroll(\(input.pick(["1", "-5", "1000"])))"
        case 3: return "return s:reload()"
        case 4: return "return s:reschedule(\(input.pick(["1", "2", "\"op1\"", "99"])))"
        case 5: return "return s:perform(\"a:b\", { n = 1 })"
        case 6: return "return s:scroll_to_end()"
        case 7: return "return hub.json.encode(s.model)"
        case 8: return "return s:diff()"
        case 9: return "return s:snapshot(1)"
        case 10: return "return tostring(s.error) .. #s.chain"
        default: return "return s:set_connectivity(\(input.pick(["\"offline\"", "\"online\"", "\"moon\""])))"
        }
    }

    // MARK: Values

    private mutating func identifier() -> String {
        quoted(input.pick(["a", "b", "c", "row-1", "", "é", "x:y"]))
    }

    private mutating func text() -> String {
        quoted(input.pick(["Title", "", "東京", "emoji 🎉", "line\nbreak", "%s", String(repeating: "w", count: 90)]))
    }

    private mutating func value() -> String {
        switch input.below(8) {
        case 0, 1, 2: return text()
        case 3: return "nil"
        case 4: return String(input.below(1000))
        case 5: return "{ a = 1, b = { \"c\" } }"
        case 6: return "function() end"
        default: return input.pick(["true", "{ 1, 2, 3 }", "0/0"])
        }
    }

    private mutating func jsonText() -> String {
        quoted(input.pick([
            #"{"body": [{"id": "j", "text": {"title": "J"}}]}"#, #"[{"id": "k"}]"#, #"{"body": [1, 2, {"#, "[[[[[]]]]]", "",
            #"{"items": [{"name": "n"}]}"#, #"{"header": {"text": {"title": "H"}}, "overlays": [{"id": "o"}]}"#,
        ]))
    }

    private mutating func pattern() -> String {
        quoted(input.pick(["a+", ".-.-.-.-.-b", "(%a+)", "%b()", "[^", "%f[%w]", "((((((((((a))))))))))", "(.*)%1"]))
    }

    /// `text` as a Lua string literal.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
