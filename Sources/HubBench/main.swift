import Foundation
import HubCore
import HubRender

// Hub's benchmarks. Every line compares two things measured side by side in this one run,
// so the ratio means something on a noisy machine.

/// A builder with `count` body components, each with a title, subtitle and custom data.
func makeBuilder(count: Int) -> ViewModelBuilder {
    let builder = ViewModelBuilder()
    builder.navigationBarTitle = "Benchmark"
    for index in 0..<count {
        let row = builder.bodyBuilder("row-\(index)")
        row.title = "Row \(index)"
        row.subtitle = "Subtitle \(index)"
        row.customData = ["index": .int(index)]
    }
    return builder
}

func report(_ name: String, _ small: Double, _ large: Double, smallLabel: String, largeLabel: String) {
    let ratio = large / max(small, 1)
    print("\(name)")
    print("  \(smallLabel): \(format(small))   \(largeLabel): \(format(large))   ratio \(String(format: "%.1f", ratio))x")
}

print("Hub benchmarks (release build, median of 9 rounds)\n")

let small = makeBuilder(count: 10)
let large = makeBuilder(count: 10_000)

let snapshotSmall = measure(iterations: 100_000) { _ = small.snapshot() }
let snapshotLarge = measure(iterations: 100_000) { _ = large.snapshot() }
report("snapshot(): O(1) whatever the size", snapshotSmall, snapshotLarge, smallLabel: "10 components", largeLabel: "10,000 components")

let copyThenEditSmall = measure(iterations: 2_000) {
    let copy = ViewModelBuilder(snapshot: small.snapshot())
    copy.bodyBuilder("row-5").title = "Changed"
}
let copyThenEditLarge = measure(iterations: 2_000) {
    let copy = ViewModelBuilder(snapshot: large.snapshot())
    copy.bodyBuilder("row-5").title = "Changed"
}
report(
    "snapshot + first edit of one component (copies the body list's references, not the components)",
    copyThenEditSmall, copyThenEditLarge, smallLabel: "10 components", largeLabel: "10,000 components")

let buildLarge = measure(rounds: 5, iterations: 3) { _ = large.build() }
report(
    "for scale: build() of the whole view model (touches every component)", copyThenEditLarge, buildLarge,
    smallLabel: "snapshot + edit, 10,000", largeLabel: "build, 10,000")

/// A chain of three synchronous operations over a 10,000-component view; rescheduling the last
/// one starts from the stored snapshot of the second one's output.
final class AddRows: ContentOperation {
    let name = "rows"
    let count: Int
    init(count: Int) { self.count = count }
    func perform(_ context: ContentOperationContext) {
        for index in 0..<count { context.viewModelBuilder.bodyBuilder("row-\(index)").title = "Row \(index)" }
        context.finish()
    }
}

final class Touch: ContentOperation {
    let name: String
    init(name: String) { self.name = name }
    func perform(_ context: ContentOperationContext) {
        context.viewModelBuilder.bodyBuilder("row-0").subtitle = name
        context.finish()
    }
}

let loader = ViewModelLoader(
    viewURI: "bench:view", featureInfo: FeatureInfo(identifier: "bench", title: "Bench"),
    operations: [AddRows(count: 10_000), Touch(name: "second"), Touch(name: "third")])
loader.loadViewModel()
let rescheduleFirst = measure(rounds: 5, iterations: 3) { loader.rescheduleOperation(at: 0) }
let rescheduleLast = measure(rounds: 5, iterations: 20) { loader.rescheduleOperation(at: 2) }
report(
    "reschedule in a 10,000-component chain (includes building the delivered view model)",
    rescheduleLast, rescheduleFirst, smallLabel: "last operation only", largeLabel: "whole chain")

/// `count` body components in the default JSON schema (texts, an image, a target, custom data)
/// as UTF-8 JSON text.
func makeJSON(count: Int) -> [UInt8] {
    let components: [JSONValue] = (0..<count).map { index in
        .object([
            "id": .string("row-\(index)"),
            "component": .object(["id": .string("default:row"), "category": .string("row")]),
            "text": .object(["title": .string("Row \(index)"), "subtitle": .string("Subtitle \(index)")]),
            "images": .object(["main": .object(["uri": .string("https://example.com/images/\(index).jpg")])]),
            "target": .object(["uri": .string("bench:row:\(index)")]),
            "custom": .object(["index": .int(index)]),
        ])
    }
    return Array(JSONValue.object(["title": .string("Benchmark"), "body": .array(components)]).serialized().utf8)
}

/// The view model a fresh builder builds from JSON `bytes`.
func viewModel(fromJSON bytes: [UInt8]) throws(ContentError) -> ViewModel {
    let builder = ViewModelBuilder()
    try bytes.withUnsafeBufferPointer { buffer throws(ContentError) in try builder.addJSON(bytes: buffer) }
    return builder.build()
}

let jsonBytes = makeJSON(count: 10_000)
let jsonData = Data(jsonBytes)
do {
    let model = try viewModel(fromJSON: jsonBytes)
    precondition(model.body.count == 10_000 && model.body[9_999].target?.uri == "bench:row:9999", "JSON benchmark model")
} catch {
    fatalError("the JSON benchmark's JSON does not load: \(error)")
}
let foundationParse = measure(rounds: 5, iterations: 3) { _ = try? JSONSerialization.jsonObject(with: jsonData) }
let jsonToViewModel = measure(rounds: 5, iterations: 3) { _ = try? viewModel(fromJSON: jsonBytes) }
report(
    "JSON to view model, 10,000 default-schema components (\(jsonBytes.count / 1024) KiB)",
    foundationParse, jsonToViewModel,
    smallLabel: "JSONSerialization parse only", largeLabel: "addJSON(bytes:) + build()")

/// A screen 80 columns wide (no height: all content) on a Swift-only feature of `count`
/// `default:row` rows, opened and loaded through a manager: no Lua involved.
func openRowsScreen(count: Int) -> Screen {
    let manager = HubManager(clock: .virtual)
    do {
        try manager.featureRegistry.register(FeatureRegistration(
            identifier: "bench", viewURIPredicate: .exact("bench:rows"), title: "Bench",
            contentOperationFactories: [BlockContentOperationFactory { _ in [AddRows(count: count)] }]))
        return try manager.open("bench:rows", options: ScreenOptions(width: 80))
    } catch {
        fatalError("the screen benchmark's feature does not open: \(error)")
    }
}

let screen1k = openRowsScreen(count: 1_000)
let screen10k = openRowsScreen(count: 10_000)
let render1k = measure(rounds: 5, iterations: 3) { _ = screen1k.render() }
let render10k = measure(rounds: 5, iterations: 3) { _ = screen10k.render() }
report(
    "Screen.render() from Swift alone (layout + text of every row, width 80): linear in rows",
    render1k, render10k, smallLabel: "1,000 rows", largeLabel: "10,000 rows")

/// The hot-reload loop; `hub watch` is the program built next to this one.
func benchmarkReloading() {
    do {
        let benchmark = try ReloadBenchmark()
        defer { benchmark.removeFolder() }
        let inProcess = ReloadBenchmark.median(try benchmark.inProcess())
        let hub = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hub")
        let watched = ReloadBenchmark.median(try benchmark.throughWatch(hub: hub))
        print("hot reload: an edited operation file to the re-rendered \(ReloadBenchmark.rows)-component view (median of \(ReloadBenchmark.edits) edits; target ≤ 50 ms)")
        print("  in process (write, reload, render): \(String(format: "%.1f", inProcess)) ms   "
            + "hub watch (file event, settling, reload, render, print): \(String(format: "%.1f", watched)) ms")
    } catch {
        print("hot reload: \(error)")
        exit(1)
    }
}

benchmarkReloading()
