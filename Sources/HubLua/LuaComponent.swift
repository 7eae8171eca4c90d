import CLua
import CLuaShim
import HubCore
import HubRender

/// A component written in Lua: `traits`, `size(self, model, container)` and
/// `render(self, model, canvas)`. Script errors are reported to the runtime and drawn in the
/// component's frame; they never stop rendering.
final class LuaComponent: Component {
    let identifier: Identifier
    let layoutTraits: Set<LayoutTrait>
    private unowned let runtime: HubRuntime
    private let specReference: Int32
    private let selfReference: Int32

    init(runtime: HubRuntime, identifier: Identifier, specReference: Int32, traits: Set<LayoutTrait>) {
        self.runtime = runtime
        self.identifier = identifier
        self.specReference = specReference
        layoutTraits = traits
        let stack = runtime.lua.stack
        stack.newTable()
        stack.newTable(record: 1)
        runtime.lua.pushReference(specReference)
        stack.setRawField(-2, "__index")
        lua_setmetatable(stack.L, -2)
        selfReference = runtime.lua.reference()
    }

    deinit {
        runtime.lua.release(selfReference)
    }

    private func call(_ function: String, results: Int32, pushArguments: (LuaStack) -> Void) -> Bool {
        let stack = runtime.lua.stack
        runtime.lua.pushReference(specReference)
        stack.rawField(-1, function)
        clua_remove(stack.L, -2)
        guard stack.type(at: -1) == LUA_TFUNCTION else {
            stack.pop()
            return false
        }
        runtime.lua.pushReference(selfReference)
        pushArguments(stack)
        do {
            try runtime.lua.call(arguments: 3, results: results)
            return true
        } catch {
            runtime.report("component '\(identifier)': \(function): \(error)")
            return false
        }
    }

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let stack = runtime.lua.stack
        let called = call("size", results: 2) { stack in
            stack.push(model: model)
            stack.newTable(record: 2)
            stack.push(containerSize.width)
            stack.setRawField(-2, "width")
            stack.push(containerSize.height)
            stack.setRawField(-2, "height")
        }
        guard called else { return Size(width: containerSize.width, height: 1) }
        defer { stack.pop(2) }
        guard let width = stack.integer(at: -2) ?? stack.number(at: -2).map({ Int($0) }),
            let height = stack.integer(at: -1) ?? stack.number(at: -1).map({ Int($0) })
        else {
            runtime.report("component '\(identifier)': size must return two integers (width, height)")
            return Size(width: containerSize.width, height: 1)
        }
        return Size(width: width, height: height)
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        let rendered = call("render", results: 0) { stack in
            stack.push(model: model)
            runtime.canvasClass.push(stack, canvas)
        }
        if !rendered {
            canvas.text(0, 0, DisplayWidth.prefix(of: "! \(identifier) failed to render", fitting: canvas.width))
        }
    }
}

/// The components of one namespace defined by `hub.component`.
final class LuaComponentFactory: ComponentFactory {
    let featureIdentifier: String
    private unowned let runtime: HubRuntime
    private var specs: [String: (reference: Int32, traits: Set<LayoutTrait>)] = [:]

    init(runtime: HubRuntime, featureIdentifier: String) {
        self.runtime = runtime
        self.featureIdentifier = featureIdentifier
    }

    func define(name: String, specReference: Int32, traits: Set<LayoutTrait>) {
        specs[name] = (specReference, traits)
    }

    func createComponent(named name: String) -> (any Component)? {
        guard let spec = specs[name], let namespace = runtime.namespace(of: self) else { return nil }
        return LuaComponent(
            runtime: runtime, identifier: Identifier(namespace: namespace, name: name), specReference: spec.reference,
            traits: spec.traits)
    }
}

/// The `hub.Canvas` class: a component's clipped drawing surface.
func makeCanvasClass() -> LuaClass<TextCanvas> {
    let canvas = LuaClass<TextCanvas>(name: "hub.Canvas") { "Canvas(\($0.width)x\($0.height))" }
    canvas.property("width") { $0.push($1.width) }
    canvas.property("height") { $0.push($1.height) }
    canvas.method("text") { stack, canvas in
        let text = try stack.optionalString(4, field: "text") ?? ""
        canvas.text(try stack.checkInt(2, "text"), try stack.checkInt(3, "text"), text, style: try stack.style(5))
        return 0
    }
    canvas.method("box") { stack, canvas in
        canvas.box(
            try stack.checkInt(2, "box"), try stack.checkInt(3, "box"), try stack.checkInt(4, "box"), try stack.checkInt(5, "box"),
            style: try stack.style(6))
        return 0
    }
    canvas.method("fill") { stack, canvas in
        let fill = try stack.optionalString(6, field: "character") ?? " "
        canvas.fill(
            try stack.checkInt(2, "fill"), try stack.checkInt(3, "fill"), try stack.checkInt(4, "fill"), try stack.checkInt(5, "fill"),
            character: fill.first ?? " ", style: try stack.style(7))
        return 0
    }
    canvas.method("hline") { stack, canvas in
        canvas.hline(try stack.checkInt(2, "hline"), try stack.checkInt(3, "hline"), try stack.checkInt(4, "hline"), style: try stack.style(5))
        return 0
    }
    canvas.method("vline") { stack, canvas in
        canvas.vline(try stack.checkInt(2, "vline"), try stack.checkInt(3, "vline"), try stack.checkInt(4, "vline"), style: try stack.style(5))
        return 0
    }
    return canvas
}

extension LuaStack {
    /// An integer argument (floats are floored), or an error naming it.
    func checkInt(_ index: Int32, _ function: String) throws -> Int {
        if let value = integer(at: index) { return value }
        if let value = number(at: index), value.isFinite { return Int(value.rounded(.down)) }
        throw LuaRaise(message: "bad argument #\(index - 1) to '\(function)' (number expected, got \(typeName(at: index)))")
    }

    /// A style argument: nil, or names such as `"bold red"`.
    func style(_ index: Int32) throws -> TextStyle {
        guard let names = try optionalString(index, field: "style") else { return .plain }
        guard let style = TextStyle(names: names) else {
            throw LuaRaise(message: "unknown style '\(names)' (use plain, bold, dim, italic, underline, inverse, or a colour: \(TextStyle.colorNames.joined(separator: ", ")))")
        }
        return style
    }
}
