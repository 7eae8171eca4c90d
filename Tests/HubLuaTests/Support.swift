import Foundation
import HubCore
@testable import HubLua

/// Paths of this test target's fixtures and goldens.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures").path
    static let golden = testsDirectory.appendingPathComponent("Golden").path
    static let examples = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path

    static func fixture(_ name: String) -> String {
        (fixtures as NSString).appendingPathComponent(name)
    }

    static func golden(_ name: String) throws -> String {
        try String(contentsOfFile: (golden as NSString).appendingPathComponent(name), encoding: .utf8)
    }
}

