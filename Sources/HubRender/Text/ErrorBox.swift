/// What a component that failed draws in its frame instead: `! message`, in a box when the
/// frame has room for one, the message wrapped inside.
public enum ErrorBox {
    /// Draws `message` as an error into `canvas`.
    public static func draw(_ message: String, in canvas: TextCanvas) {
        let style = TextStyle(color: "red")
        guard canvas.width >= 6, canvas.height >= 3 else {
            canvas.text(0, 0, DisplayWidth.prefix(of: "! " + message, fitting: canvas.width), style: style)
            return
        }
        canvas.box(0, 0, canvas.width, canvas.height, style: style)
        let lines = TextLayout.wrap("! " + message, to: canvas.width - 4).prefix(canvas.height - 2)
        for (row, line) in lines.enumerated() {
            canvas.text(2, row + 1, line, style: style)
        }
    }
}
