import ArgumentParser
import HubCore

/// The help and the check of `--width` for every command that takes it.
enum WidthOption {
    /// The help of an optional `--width`, whose default is the terminal's width: stated once,
    /// in words, since ArgumentParser would append the value it found when it printed the help.
    static let help = ArgumentHelp("Columns (default: the terminal's width, or \(HubDefaults.width)).")

    /// Refuses a width of zero columns or fewer with a message naming the option; nil (not
    /// given) passes.
    static func validate(_ width: Int?) throws {
        if let width, width <= 0 { throw ValidationError("--width must be a positive number of columns, got \(width)") }
    }
}
