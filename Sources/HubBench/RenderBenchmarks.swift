import Foundation
import HubCore
import HubLua
import HubRender
import HubTools

/// Layout and text rendering of screens: in Swift alone, and beside the Lua operation that
/// builds the rows.
enum RenderBenchmarks {
    static func run(_ run: BenchmarkRun) {
        let screen1k = openRowsScreen(count: 1_000)
        let screen10k = openRowsScreen(count: 10_000)
        // Ten renders of 1,000 rows against one of 10,000: the same work in every sample, so
        // that neither side's samples are short enough for the machine's moods to dominate.
        let (render10k, tenRenders1k) = measure(
            rounds: 11, iterations: 3, { _ = screen10k.render() }, against: { for _ in 0..<10 { _ = screen1k.render() } })
        run.report("render_10k_vs_1k", .time("Screen.render() of 10,000 rows", render10k), .time("of 1,000 rows", tenRenders1k / 10), target: 11)
        do {
            let (again, first, build) = try renderVersusLuaBuild(rows: 10_000)
            run.report(
                "render_first_vs_build", .time("s:render() of a freshly opened screen of 10,000 Lua-built rows", first.render),
                .time("the Lua operation building them (os.clock)", first.build), target: 1.0)
            let process = try processRenderVersusBuild(rows: 10_000)
            run.report(
                "render_first_vs_build_process", .time("hub render's first render of 10,000 Lua-built rows (--timing)", process.render),
                .time("that process's operation building them", process.build), target: 1.0)
            run.report(
                "render_again_vs_build", .time("Screen.render() of the same screen again", again),
                .time("the Lua operation building them (os.clock)", build))
        } catch {
            print("render_first_vs_build: \(error)")
            exit(1)
        }
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

    /// Median nanoseconds of rendering a Lua feature's `rows` rows at 80 columns (all content)
    /// again, of the first render of a freshly opened screen from Lua (`s:render()`, as the
    /// REPL and tests do, against that screen's own build), and of its operation building them,
    /// timed with `os.clock` inside the operation and handed back in the view's custom data;
    /// each build is a fresh screen's load. No collection is forced: each side pays for the
    /// garbage the runtime has, as an author's operation does.
    static func renderVersusLuaBuild(rows: Int) throws -> (again: Double, first: (render: Double, build: Double), build: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)/Rows")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            hub.feature { id = "rows", uri = "rows:view", operations = { hub.operation { name = "rows", perform = function(ctx)
              local started = os.clock()
              for i = 1, \(rows) do
                local row = ctx.view:body("row-" .. i)
                row.component = "default:row"
                row.title = "Row " .. i
                row.subtitle = "Subtitle " .. i
              end
              ctx.view:has_body("row-1")  -- Swift takes the last rows in the time too
              ctx.view.custom = { seconds = os.clock() - started }
            end } } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let runtime = try HubRuntime(clock: .real)
        try runtime.loadFeatures(at: folder.path)
        var builds: [Double] = []
        var screen: Screen?
        for _ in 0..<5 {
            let opened = try runtime.open("rows:view", options: ScreenOptions(width: 80))
            guard opened.viewModel.body.count == rows, case .double(let seconds)? = opened.viewModel.customData?["seconds"] else {
                throw BenchmarkError("the Lua feature did not build \(rows) rows with their build time")
            }
            builds.append(seconds * 1e9)
            screen = opened
        }
        guard let screen else { throw BenchmarkError("no screen opened") }
        let again = measure(rounds: 7, iterations: 3) { _ = screen.render() }
        var firstRenders: [Double] = []
        var firstBuilds: [Double] = []
        for _ in 0..<7 {
            let times = try runtime.evaluate(Self.firstRender, inFolder: "Rows")
            guard case .double(let build)? = times.objectValue?["build"], case .double(let render)? = times.objectValue?["render"] else {
                throw BenchmarkError("the first render gave no times: \(times)")
            }
            firstBuilds.append(build * 1e9)
            firstRenders.append(render * 1e9)
        }
        return (again, (median(firstRenders), median(firstBuilds)), median(builds))
    }

    /// Opens the rows' view from Lua and renders it once, as an author does in the REPL or a
    /// test; gives the operation's build time and the render's.
    private static let firstRender = """
        local s = hub.open("rows:view", { width = 80 })
        local build = s.model.custom.seconds
        local started = os.clock()
        s:render()
        return { build = build, render = os.clock() - started }
        """

    /// Median nanoseconds of `hub render`'s first render of a Lua feature's `rows` rows at 80
    /// columns and of its operation's run, as `--timing` reports them, over 7 processes.
    static func processRenderVersusBuild(rows: Int) throws -> (render: Double, build: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feature = try ProcessBenchmarks.rowsFeature(in: folder, count: rows)
        let timing = try Regex(#"\(rows ([0-9.]+) ms\), rendered in ([0-9.]+) ms"#)
        var renders: [Double] = []
        var builds: [Double] = []
        for _ in 0..<7 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ProcessBenchmarks.hub)
            process.arguments = ["render", "--features", feature.path, "rows:view", "--width", "80", "--color", "never", "--timing"]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0, let match = text.firstMatch(of: timing),
                let build = match.output[1].substring.flatMap({ Double($0) }), let render = match.output[2].substring.flatMap({ Double($0) })
            else { throw BenchmarkError("hub render --timing gave no times: \(text)") }
            builds.append(build * 1e6)
            renders.append(render * 1e6)
        }
        return (median(renders), median(builds))
    }
}
