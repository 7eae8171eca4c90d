import ArgumentParser

/// The check every command taking `--width` makes of it.
enum WidthOption {
    /// Refuses a width of zero columns or fewer with a message naming the option; nil (not
    /// given) passes.
    static func validate(_ width: Int?) throws {
        if let width, width <= 0 { throw ValidationError("--width must be a positive number of columns, got \(width)") }
    }
}
