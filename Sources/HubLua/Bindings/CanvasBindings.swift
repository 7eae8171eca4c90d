import HubRender

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
        let rect = try stack.rect(from: 2, function: "box")
        canvas.box(rect.x, rect.y, rect.width, rect.height, style: try stack.style(6))
        return 0
    }
    canvas.method("fill") { stack, canvas in
        let rect = try stack.rect(from: 2, function: "fill")
        let fill = try stack.optionalString(6, field: "character") ?? " "
        canvas.fill(rect.x, rect.y, rect.width, rect.height, character: fill.first ?? " ", style: try stack.style(7))
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
    canvas.method("sub") { [weak canvas] stack, parent in
        try canvas.orGone().push(stack, parent.canvas(for: try stack.rect(from: 2, function: "sub")))
        return 1
    }
    return canvas
}

extension LuaStack {
    /// Four integer arguments from `index`: x, y, width, height.
    func rect(from index: Int32, function: String) throws -> Rect {
        Rect(
            x: try checkInt(index, function), y: try checkInt(index + 1, function), width: try checkInt(index + 2, function),
            height: try checkInt(index + 3, function))
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
