import Foundation
import HubCore
import HubLua

/// A runtime on the virtual clock with the feature folders `folders` loaded, those named in
/// `appWide` granted app-wide hooks.
public func makeRuntime(_ folders: String..., appWide: Set<String> = []) throws -> HubRuntime {
    let runtime = try HubRuntime(clock: .virtual)
    runtime.grants.appWide = appWide
    for folder in folders {
        try runtime.loadFeatures(at: folder)
    }
    return runtime
}

/// A feature folder named `name` of its own in a new temporary folder, whose `feature.lua` is
/// `source`; its path.
public func makeFeatureFolder(_ source: String, named name: String = "feature") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-feature-\(UUID().uuidString)")
        .appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try source.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
    return folder.path
}
