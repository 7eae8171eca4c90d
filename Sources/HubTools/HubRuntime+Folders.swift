import Foundation
import HubLua

extension HubRuntime {
    /// Whether an absolute, symlink-resolved path is one of `directories` or inside one.
    static func isUnder(_ directories: [String]) -> (String) -> Bool {
        let roots = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        return { path in roots.contains { path == $0 || path.hasPrefix($0 + "/") } }
    }
}
