import Foundation
import HubCore
import HubLua
import HubRender

/// Memory held by a long-lived runtime: what a view open for a long editing session keeps.
enum MemoryBenchmarks {
    static func run(_ run: BenchmarkRun) {
        do {
            let benchmark = try ReloadBenchmark()
            defer { benchmark.removeFolder() }
            let runtime = try HubRuntime(clock: .real)
            try runtime.loadFeatures(at: benchmark.folder.path)
            let stack = try runtime.openStack("reload:view", options: ScreenOptions(width: 80))
            var edit = 0
            func churn(reschedules: Int, reloads: Int) throws {
                for _ in 0..<reschedules {
                    stack.top.loader.rescheduleOperation(at: 0)
                    _ = try runtime.render(stack.top)
                }
                for _ in 0..<reloads {
                    edit += 1
                    try benchmark.writeEdit(edit)
                    _ = runtime.reload(runtime.changedFiles())
                    _ = try runtime.render(stack.top)
                }
            }
            // Warm up first: the allocator's and Lua's pools settle at their working size.
            try churn(reschedules: 100, reloads: 20)
            let before = residentKilobytes()
            try churn(reschedules: 1_000, reloads: 200)
            let after = residentKilobytes()
            guard stack.top.viewModel.body.count == ReloadBenchmark.rows else { throw BenchmarkError("the view lost its rows") }
            run.report("memory_growth", .memory("resident after 1,000 reschedules and 200 reloads more", after),
                .memory("after the warm-up", before), target: 1.05)
        } catch {
            print("memory benchmarks: \(error)")
            exit(1)
        }
    }
}
