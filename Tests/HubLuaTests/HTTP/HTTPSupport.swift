import Foundation
import HubCore
import HubHTTP
import HubRender
import HubTestBackend
@testable import HubLua
import HubTools

/// A runtime on the real clock (its requests go to a real server on loopback) with the Sandbox
/// fixture, the features of `source` (run as chunk `http.lua` in that folder, with `$BACKEND`
/// standing for the backend's base URL and `$HOST` for its host and port), and the
/// `healthy:view` feature that ``othersStillWork(_:)`` opens.
func makeHTTPRuntime(_ source: String, backend: TestBackend, configure: (HubRuntime) -> Void = { _ in }) throws -> HubRuntime {
    let runtime = try HubRuntime(clock: .real)
    runtime.manager.httpTransport = AsyncHTTPTransport()
    configure(runtime)
    try runtime.loadFeatures(at: TestPaths.fixture("Sandbox"))
    _ = try runtime.evaluate(backend.substituted(source), inFolder: "Fixtures/Sandbox", chunkName: "@http.lua")
    _ = try runtime.evaluate(
        """
        hub.feature { id = "healthy", uri = "healthy:view", operations = { function(ctx) ctx.view:body("ok").title = "still fine" end } }
        """, inFolder: "Fixtures/Sandbox")
    return runtime
}

/// Milliseconds `body` took.
func milliseconds(_ body: () throws -> Void) rethrows -> Int {
    let start = MonotonicTime.now
    try body()
    return Int(MonotonicTime.nanoseconds(since: start) / 1_000_000)
}

/// The titles of a screen's body components, in order.
func titles(_ screen: Screen) -> [String] {
    screen.viewModel.body.map { $0.title ?? "" }
}
