import Foundation
import HubCore

/// Builders, the content loading chain and JSON, in Swift alone.
enum CoreBenchmarks {
    /// A builder with `count` body components, each with a title, subtitle and custom data.
    static func makeBuilder(count: Int) -> ViewModelBuilder {
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

    /// Snapshots are O(1), and so is the first edit of a copy.
    static func snapshots(_ run: BenchmarkRun) {
        let small = makeBuilder(count: 10)
        let large = makeBuilder(count: 10_000)
        let (snapshotLarge, snapshotSmall) = measure(iterations: 100_000, { _ = large.snapshot() }, against: { _ = small.snapshot() })
        run.report("snapshot_10k_vs_10", .time("10,000 components", snapshotLarge), .time("10", snapshotSmall), target: 1.5)
        let (editLarge, editSmall) = measure(
            iterations: 2_000, { ViewModelBuilder(snapshot: large.snapshot()).bodyBuilder("row-5").title = "Changed" },
            against: { ViewModelBuilder(snapshot: small.snapshot()).bodyBuilder("row-5").title = "Changed" })
        run.report("snapshot_edit_10k_vs_10", .time("10,000 components", editLarge), .time("10", editSmall))
    }

    /// An operation that adds `count` rows named after it.
    final class AddRows: ContentOperation {
        let name: String
        let count: Int
        init(name: String, count: Int) {
            self.name = name
            self.count = count
        }

        func addRows(to builder: ViewModelBuilder) {
            for index in 0..<count {
                let row = builder.bodyBuilder("\(name)-\(index)")
                row.title = "Row \(index)"
                row.subtitle = name
            }
        }

        func perform(_ context: ContentOperationContext) {
            addRows(to: context.viewModelBuilder)
            context.finish()
        }
    }

    /// A chain of 10 operations that each add 1,000 rows: rescheduling the last one (on the
    /// stored snapshot of the other nine's output, delivering the 10,000-row model) against that
    /// operation's work alone on an empty builder, delivered as its own 1,000-row model.
    static func rescheduling(_ run: BenchmarkRun) {
        let operations = (1...10).map { AddRows(name: "op\($0)", count: 1_000) }
        let loader = ViewModelLoader(
            viewURI: "bench:view", featureInfo: FeatureInfo(identifier: "bench", title: "Bench"), operations: operations)
        loader.loadViewModel()
        precondition(loader.previouslyLoadedViewModel?.body.count == 10_000, "the chain benchmark's chain")
        let aloneLoader = ViewModelLoader(
            viewURI: "bench:alone", featureInfo: FeatureInfo(identifier: "bench", title: "Bench"), operations: [operations[9]])
        aloneLoader.loadViewModel()
        let (last, alone) = measure(
            rounds: 15, iterations: 20, { loader.rescheduleOperation(at: 9) }, against: { aloneLoader.rescheduleOperation(at: 0) })
        let (_, bare) = measure(iterations: 20, { loader.rescheduleOperation(at: 9) }, against: {
            let builder = ViewModelBuilder()
            operations[9].addRows(to: builder)
            _ = builder.build()
        })
        run.report("reschedule_last_vs_op_alone", .time("reschedule the 10th of 10 operations", last),
            .time("that operation alone (a chain of one)", alone), target: 1.2)
        run.report("reschedule_last_vs_bare_build", .time("reschedule the 10th of 10 operations", last),
            .time("its 1,000 rows on a bare builder, built", bare))
        let (first, lastAgain) = measure(rounds: 5, iterations: 3, { loader.rescheduleOperation(at: 0) }, against: { loader.rescheduleOperation(at: 9) })
        run.report("reschedule_first_vs_last", .time("reschedule the 1st (whole chain)", first), .time("the 10th", lastAgain))
    }

    /// `count` body components in the default JSON schema (texts, an image, a target, custom
    /// data) as UTF-8 JSON text.
    static func makeJSON(count: Int) -> [UInt8] {
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
    static func viewModel(fromJSON bytes: [UInt8]) throws(ContentError) -> ViewModel {
        let builder = ViewModelBuilder()
        try bytes.withUnsafeBufferPointer { buffer throws(ContentError) in try builder.addJSON(bytes: buffer) }
        return builder.build()
    }

    /// JSON text to a view model against Hub's own bare parse of the same bytes.
    static func json(_ run: BenchmarkRun) {
        let bytes = makeJSON(count: 10_000)
        do {
            let model = try viewModel(fromJSON: bytes)
            precondition(model.body.count == 10_000 && model.body[9_999].target?.uri == "bench:row:9999", "JSON benchmark model")
        } catch {
            fatalError("the JSON benchmark's JSON does not load: \(error)")
        }
        let (toModel, parse) = measure(rounds: 7, iterations: 3, { _ = try? viewModel(fromJSON: bytes) }, against: { _ = try? JSONParser.parse(bytes: bytes) })
        run.report("json_vs_own_parse", .time("10,000 components to a view model", toModel),
            .time("JSONParser.parse alone (\(bytes.count / 1024) KiB)", parse), target: 1.3)
        let data = Data(bytes)
        let (toModelAgain, foundation) = measure(
            rounds: 5, iterations: 3, { _ = try? viewModel(fromJSON: bytes) }, against: { _ = try? JSONSerialization.jsonObject(with: data) })
        run.report("json_vs_foundation_parse", .time("10,000 components to a view model", toModelAgain), .time("JSONSerialization parse alone", foundation))
    }
}
