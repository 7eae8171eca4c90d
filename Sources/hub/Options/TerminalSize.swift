import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender

/// The terminal standard output is printed to.
enum TerminalSize {
    /// The terminal's columns when standard output is one, otherwise ``HubDefaults/width``.
    static var columns: Int {
        var size = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return HubDefaults.width }
        return Int(size.ws_col)
    }
}
