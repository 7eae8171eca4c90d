import HubRender
internal import LuaBridge

/// Reading the arguments of `hub.Canvas` methods: rectangles and styles.
extension LuaStack {
    /// Four integer arguments from `index`: x, y, width, height.
    func rect(from index: Int32, function: String) throws -> Rect {
        Rect(
            x: try checkInt(index, function), y: try checkInt(index + 1, function), width: try checkInt(index + 2, function),
            height: try checkInt(index + 3, function))
    }

    /// A style argument: nil, or names such as `"bold red"`.
    func style(_ index: Int32, _ function: String) throws -> TextStyle {
        guard let names = try optionalString(index, function) else { return .plain }
        guard let style = TextStyle(names: names) else {
            let known = "plain, bold, dim, italic, underline, inverse, or a colour: \(TextStyle.colorNames.joined(separator: ", "))"
            throw argumentError(index, function, "unknown style '\(names)'; use \(known)")
        }
        return style
    }
}
