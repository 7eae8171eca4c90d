import Foundation
import HubCore
import HubLua
import HubRender
import HubTools

/// What must hold for any script the DSL generator makes: it runs to an end (an error is
/// fine) within small limits, the process survives, and another feature still works after it.
public enum DSLChecks {
    /// A folder holding two feature folders: `fuzz` (where scripts run) and `healthy` (a
    /// feature the scripts must not be able to break).
    private static let root: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-fuzz-\(getpid())")
        let files = [
            "fuzz/feature.lua": "-- Scripts under test run in this folder's environment.\n",
            "healthy/feature.lua": """
                hub.feature { id = "healthy", uri = "healthy:view", operations = { function(ctx)
                  ctx.view:body("probe").title = string.upper("healthy")
                end } }
                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root.path
    }()

    /// Generates a script from `bytes` and checks it; traps (for the fuzzer) when the healthy
    /// feature stops working.
    public static func check(_ bytes: [UInt8]) {
        var generator = DSLScriptGenerator(bytes)
        let script = generator.generate()
        guard let runtime = try? HubRuntime(clock: .virtual), (try? runtime.loadFeatures(at: root)) != nil else {
            preconditionFailure("the fuzz runtime does not start")
        }
        runtime.limits.instructionBudget = 2_000_000
        runtime.limits.memory = 24 << 20
        runtime.manager.operationLimits.timeout = 2_000
        _ = try? runtime.evaluate(script, inFolder: "/fuzz", chunkName: "@fuzz.lua")
        let healthy = try? runtime.open("healthy:view").viewModel.body.first?.title
        precondition(healthy == "HEALTHY", "a script broke another feature:\n\(script)")
    }
}
