import HubRender
internal import LuaBridge

/// The `hub.Canvas` class: a component's clipped drawing surface. Coordinates are relative to
/// the canvas and may be any integers; drawing outside it is clipped.
enum CanvasBindings {
    /// The class, whose metatable `register` creates.
    static let canvasClass = LuaClass<TextCanvas>(name: "hub.Canvas")

    /// Creates the class's metatable in `stack`'s state.
    static func register(_ stack: LuaStack) {
        canvasClass.register(
            stack, describe: { "Canvas(\($0.width)x\($0.height))" },
            properties: [
                "width": .readOnly { $0.push($1.width) },
                "height": .readOnly { $0.push($1.height) },
            ],
            methods: [
                "text": text,
                "box": box,
                "fill": fill,
                "hline": hline,
                "vline": vline,
                "sub": sub,
            ])
    }

    /// `canvas:text(x, y, text, style)`: writes `text` from `x`, `y`.
    private static func text(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        let (x, y) = (try stack.checkInt(2, "text"), try stack.checkInt(3, "text"))
        canvas.text(x, y, try stack.optionalString(4, "text") ?? "", style: try stack.style(5, "text"))
        return 0
    }

    /// `canvas:box(x, y, width, height, style)`: draws a box's border.
    private static func box(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        let rect = try stack.rect(from: 2, function: "box")
        canvas.box(rect.x, rect.y, rect.width, rect.height, style: try stack.style(6, "box"))
        return 0
    }

    /// `canvas:fill(x, y, width, height, character, style)`: fills a rectangle with
    /// `character` (a space by default).
    private static func fill(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        let rect = try stack.rect(from: 2, function: "fill")
        let character = try stack.optionalString(6, "fill")?.first ?? " "
        canvas.fill(rect.x, rect.y, rect.width, rect.height, character: character, style: try stack.style(7, "fill"))
        return 0
    }

    /// `canvas:hline(x, y, length, style)`: draws a horizontal line.
    private static func hline(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        let (x, y, length) = (try stack.checkInt(2, "hline"), try stack.checkInt(3, "hline"), try stack.checkInt(4, "hline"))
        canvas.hline(x, y, length, style: try stack.style(5, "hline"))
        return 0
    }

    /// `canvas:vline(x, y, length, style)`: draws a vertical line.
    private static func vline(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        let (x, y, length) = (try stack.checkInt(2, "vline"), try stack.checkInt(3, "vline"), try stack.checkInt(4, "vline"))
        canvas.vline(x, y, length, style: try stack.style(5, "vline"))
        return 0
    }

    /// `canvas:sub(x, y, width, height)`: the canvas of a rectangle of this one.
    private static func sub(_ stack: LuaStack, _ canvas: TextCanvas) throws -> Int32 {
        canvasClass.push(stack, canvas.canvas(for: try stack.rect(from: 2, function: "sub")))
        return 1
    }
}
