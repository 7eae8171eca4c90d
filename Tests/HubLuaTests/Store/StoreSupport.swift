import Foundation
import HubCore
import HubData
import HubRender
@testable import HubLua
import HubTestFeatures
import HubTools

/// A runtime on `clock` whose store is `store`, with the feature folder `source` describes
/// loaded (see ``makeFeatureFolder(_:named:)``).
func makeStoreRuntime(_ source: String, store: any Store = MemoryStore(), clock: HubEventLoop.Clock = .virtual) throws -> HubRuntime {
    let runtime = try HubRuntime(clock: clock)
    runtime.manager.store = store
    try runtime.loadFeatures(at: makeFeatureFolder(source, named: "store"))
    return runtime
}

extension HubRuntime {
    /// Runs `source` at the top level of the store folder, as a test case's code runs.
    func run(_ source: String) throws -> JSONValue {
        try evaluate(source, inFolder: "/store", chunkName: "@case.lua")
    }
}
