import ArgumentParser
import HubRender

/// Which view to show, and how large: what every command that shows one view asks.
struct ViewOptions: ParsableArguments {
    @Argument(help: "The view URI, e.g. cities:overview.")
    var uri: String

    @Option(help: "Columns (default: the terminal's width, or 80).")
    var width = TerminalSize.columns

    @Option(help: "Rows of output, navigation bar included (default: all content).")
    var height: Int?

    @Flag(help: "Use plain ASCII for lines and boxes.")
    var ascii = false

    /// The screen's size, with `margin` cells around the layout.
    func screenOptions(margin: Int = 1) -> ScreenOptions {
        ScreenOptions(width: width, height: height, margin: margin)
    }
}
