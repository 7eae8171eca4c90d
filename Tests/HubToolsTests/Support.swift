import Foundation
import HubCore
import HubLua

/// Paths of this test target's fixtures and of the repository's examples.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures").path
    static let examples = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path

    static func fixture(_ name: String) -> String {
        (fixtures as NSString).appendingPathComponent(name)
    }
}
