import Foundation
import HubCore
@testable import HubLua

/// A feature folder of its own in a new temporary folder, whose `feature.lua` is `source`.
func makeStoreFolder(_ source: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-store-\(UUID().uuidString)").appendingPathComponent("store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try source.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
    return folder.path
}

/// A runtime on `clock` whose store is `store`, with the feature folder `source` describes
/// loaded (see ``makeStoreFolder(_:)``).
func makeStoreRuntime(_ source: String, store: any Store = MemoryStore(), clock: EventLoop.Clock = .virtual) throws -> HubRuntime {
    let runtime = try HubRuntime(clock: clock)
    runtime.manager.store = store
    try runtime.loadFeatures(at: makeStoreFolder(source))
    return runtime
}

extension HubRuntime {
    /// Runs `source` at the top level of the store folder, as a test case's code runs.
    func run(_ source: String) throws -> JSONValue {
        try evaluate(source, inFolder: "/store", chunkName: "@case.lua")
    }
}
