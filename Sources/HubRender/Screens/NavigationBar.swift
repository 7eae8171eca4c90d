/// The navigation bar atop a drawn view: its title in bold, centred and cut to the width, over
/// a rule; no rows without a title.
enum NavigationBar {
    /// Rows the bar takes for `title`: the title and the rule, or none.
    static func height(title: String?) -> Int {
        title == nil ? 0 : 2
    }

    /// Draws the bar for `title` at the top of `canvas`.
    static func draw(_ title: String?, in canvas: TextCanvas) {
        guard let title else { return }
        let text = DisplayWidth.prefix(of: title, fitting: canvas.width)
        canvas.text((canvas.width - DisplayWidth.of(text)) / 2, 0, text, style: TextStyle(bold: true))
        canvas.hline(0, 1, canvas.width)
    }
}
