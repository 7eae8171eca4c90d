import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubRender

/// When to print ANSI styles.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case always
    case never

    /// Whether styles are on: `auto` means standard output is a terminal and NO_COLOR is unset.
    var isOn: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
