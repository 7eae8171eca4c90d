import HubCore
import HubRender
@testable import HubLua
import HubTestFeatures
import HubTools
@testable import LuaBridge

/// A runtime with the Sandbox fixture whose `configure` is applied first (limits), then the
/// features of `source` (run as chunk `chunk`), then a `healthy:view` feature that
/// ``othersStillWork(_:)`` opens.
func makeHostileRuntime(_ source: String, chunk: String, configure: (HubRuntime) -> Void = { _ in }) throws -> HubRuntime {
    let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
    configure(runtime)
    _ = try runtime.evaluate(source, inFolder: "Fixtures/Sandbox", chunkName: "@" + chunk)
    _ = try runtime.evaluate(
        """
        hub.feature { id = "healthy", uri = "healthy:view", operations = { function(ctx) ctx.view:body("ok").title = "still fine" end } }
        """, inFolder: "Fixtures/Sandbox")
    return runtime
}

/// Whether the healthy feature's screen opens and loads normally.
func othersStillWork(_ runtime: HubRuntime) throws -> Bool {
    try runtime.open("healthy:view").viewModel.body.first?.title == "still fine"
}

/// A runtime with the features of `source` (chunk `hostile.lua`) and a healthy feature, whose
/// instruction budget is `budget` when given.
func makeHostile(_ source: String, budget: Int? = nil) throws -> HubRuntime {
    try makeHostileRuntime(source, chunk: "hostile.lua") { runtime in
        if let budget { runtime.lua.instructionBudget = budget }
    }
}
