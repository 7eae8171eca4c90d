import Foundation
import HubCore
import HubRender

/// Layout and text rendering of screens, in Swift alone.
enum RenderBenchmarks {
    static func run(_ run: BenchmarkRun) {
        let screen1k = openRowsScreen(count: 1_000)
        let screen10k = openRowsScreen(count: 10_000)
        let (render10k, render1k) = measure(rounds: 7, iterations: 3, { _ = screen10k.render() }, against: { _ = screen1k.render() })
        run.report("render_10k_vs_1k", .time("Screen.render() of 10,000 rows", render10k), .time("of 1,000 rows", render1k), target: 11)
    }

    /// A screen 80 columns wide (no height: all content) on a Swift-only feature of `count`
    /// `default:row` rows, opened and loaded through a manager: no Lua involved.
    static func openRowsScreen(count: Int) -> Screen {
        let manager = HubManager(clock: .virtual)
        do {
            try manager.featureRegistry.register(FeatureRegistration(
                identifier: "bench", viewURIPredicate: .exact("bench:rows"), title: "Bench",
                contentOperationFactories: [BlockContentOperationFactory { _ in [CoreBenchmarks.AddRows(name: "row", count: count)] }]))
            return try manager.open("bench:rows", options: ScreenOptions(width: 80))
        } catch {
            fatalError("the screen benchmark's feature does not open: \(error)")
        }
    }
}
