import ArgumentParser
import HubCore
import HubRender

/// Which view to show, and how large: what every command that shows one view asks.
struct ViewOptions: ParsableArguments {
    @Argument(help: "The view URI, e.g. cities:overview.")
    var uri: String

    // Optional, so that help states the default once, in words (see WidthOption.help).
    @Option(name: .customLong("width"), help: WidthOption.help)
    var givenWidth: Int?

    @Option(help: "Rows of output, navigation bar included (default: all content).")
    var height: Int?

    @Flag(help: "Print nothing but ASCII: lines, boxes, icons, placeholders and text.")
    var ascii = false

    /// The columns to show the view in: `--width`, or the terminal's.
    var width: Int { givenWidth ?? TerminalSize.columns }

    func validate() throws {
        try WidthOption.validate(givenWidth)
        if let height, height <= 0 { throw ValidationError("--height must be a positive number of rows, got \(height)") }
    }

    /// The screen's size, with `margin` cells around the layout.
    func screenOptions(margin: Int = HubDefaults.margin) -> ScreenOptions {
        ScreenOptions(width: width, height: height, margin: margin)
    }
}
