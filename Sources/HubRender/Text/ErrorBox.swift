/// What a component that failed draws in its frame instead: `! message`, in a box when the
/// frame has room for one, the message wrapped inside.
public enum ErrorBox {
    /// Draws `message` as an error into `canvas`.
    public static func draw(_ message: String, in canvas: TextCanvas) {
        let style = TextStyle(color: "red")
        guard hasRoomForBox(width: canvas.width, height: canvas.height) else {
            canvas.text(0, 0, DisplayWidth.prefix(of: "! " + message, fitting: canvas.width), style: style)
            return
        }
        canvas.box(0, 0, canvas.width, canvas.height, style: style)
        for (row, line) in lines(message, width: canvas.width).prefix(canvas.height - 2).enumerated() {
            canvas.text(2, row + 1, line, style: style)
        }
    }

    /// Rows a frame `width` columns wide needs to show all of `message`: its wrapped lines in
    /// the box, or one row where a box does not fit.
    static func height(of message: String, width: Int) -> Int {
        let boxed = lines(message, width: width).count + 2
        return hasRoomForBox(width: width, height: boxed) ? boxed : 1
    }

    /// Whether a frame this big holds a box with a line inside.
    private static func hasRoomForBox(width: Int, height: Int) -> Bool {
        width >= 6 && height >= 3
    }

    /// `! message` wrapped inside a box `width` columns wide.
    private static func lines(_ message: String, width: Int) -> [String] {
        TextLayout.wrap("! " + message, to: width - 4)
    }
}
