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

/// A runtime on the virtual clock with the given feature folders loaded.
func makeRuntime(_ folders: String...) throws -> HubRuntime {
    let runtime = try HubRuntime(clock: .virtual)
    for folder in folders {
        try runtime.loadFeatures(at: folder)
    }
    return runtime
}

/// A feature folder named `name` of its own in a new temporary folder, whose `feature.lua` is
/// `source`.
func makeFeatureFolder(_ source: String, named name: String = "feature") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-tools-\(UUID().uuidString)").appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try source.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
    return folder.path
}
