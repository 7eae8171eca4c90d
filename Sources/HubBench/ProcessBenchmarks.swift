import Foundation

/// Whole `hub` processes: JSON round trips against Python's C `json`, memory per component,
/// cold start against the Lua interpreter.
enum ProcessBenchmarks {
    /// The `hub` program built next to this one.
    static var hub: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hub").path
    }

    static func run(_ run: BenchmarkRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try json(run, folder: folder)
            try memory(run, folder: folder)
            try coldStart(run)
        } catch {
            print("process benchmarks: \(error)")
            try? FileManager.default.removeItem(at: folder)
            exit(1)
        }
    }

    /// Medians of `rounds` alternating runs of two programs.
    static func alternate(rounds: Int, _ a: () throws -> ChildProcess, _ b: () throws -> ChildProcess) throws -> (a: Double, b: Double) {
        let (samplesA, samplesB) = try alternating(rounds: rounds, { try a().nanoseconds }, { try b().nanoseconds })
        return (median(samplesA), median(samplesB))
    }

    /// `hub json --model` of a 10,000-component file against Python loading and dumping it.
    static func json(_ run: BenchmarkRun, folder: URL) throws {
        // Debian's python3 first: a version manager's shim on PATH adds a shell script's start-up.
        guard let python = ["/usr/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) ?? ChildProcess.find("python3") else {
            run.note("json_model_vs_python", "skipped: no python3 (Scripts/bootstrap --bench installs it)")
            return
        }
        let file = folder.appendingPathComponent("view.json")
        let bytes = CoreBenchmarks.makeJSON(count: 10_000)
        try Data(bytes).write(to: file)
        let script = "import json, sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1]))))"
        let (hubTime, pythonTime) = try alternate(
            rounds: 7, { try ChildProcess.succeeding(hub, ["json", file.path, "--model"]) },
            { try ChildProcess.succeeding(python, ["-c", script, file.path]) })
        run.report("json_model_vs_python", .time("hub json --model (\(bytes.count / 1024) KiB, 10,000 components)", hubTime),
            .time("python3 json.load + json.dumps", pythonTime), target: 1.0)
    }

    /// A feature folder whose view `<id>:view` has `count` rows, with the feature's
    /// `reloadPolicy` (Lua, e.g. `{ max_age = 60000 }`) if given.
    static func rowsFeature(in folder: URL, count: Int, id: String = "rows", reloadPolicy: String? = nil) throws -> URL {
        let feature = folder.appendingPathComponent("\(id)-\(count)")
        try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
        let policy = reloadPolicy.map { "reload_policy = \($0), " } ?? ""
        try """
            hub.feature { id = "\(id)", uri = "\(id):view", \(policy)operations = { hub.operation { name = "rows", perform = function(ctx)
            \(rowsLoop(count: count, row: #"ctx.view:body("row-" .. i)"#))
            end } } }
            """.write(to: feature.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        return feature
    }

    /// The rows feature's loop: `count` rows, each made by the expression `row` (of `i`) and
    /// given a title and a subtitle, then kept by the statement `keep` (of `row` and `i`).
    static func rowsLoop(count: Int, row: String, keep: String = "") -> String {
        """
        for i = 1, \(count) do
          local row = \(row)
          row.title = "Row " .. i
          row.subtitle = "Subtitle " .. i
          \(keep)
        end
        """
    }

    /// Peak memory of `hub render` at 10,000 rows against 1,000 rows, per extra component.
    static func memory(_ run: BenchmarkRun, folder: URL) throws {
        func peak(_ count: Int) throws -> Double {
            let feature = try rowsFeature(in: folder, count: count)
            // Limits raised so that 100,000 rows fit in what scripts may hold and run.
            let arguments = ["render", "--features", feature.path, "rows:view", "--width", "80", "--color", "never", "--memory", "4096", "--budget", "2000000000"]
            let samples = try (0..<3).map { _ in try ChildProcess.peakKilobytes(hub, arguments) }
            return median(samples)
        }
        let small = try peak(1_000)
        let large = try peak(10_000)
        run.report("memory_per_component", .memory("(peak at 10,000 rows − at 1,000) / 9,000", (large - small) / 9_000),
            .memory("the 2 KB budget", 2), target: 1.0)
        let huge = try peak(100_000)
        run.note("peak_memory_100k", String(format: "hub render of 100,000 rows: %.1f MB (1,000 rows: %.1f MB, 10,000: %.1f MB)", huge / 1024, small / 1024, large / 1024))
    }

    /// `hub render` of Examples/Cities as a whole process against starting the Lua interpreter.
    static func coldStart(_ run: BenchmarkRun) throws {
        guard let lua = ChildProcess.find("lua5.4") else {
            run.note("cold_start_vs_lua", "skipped: no lua5.4 (Scripts/bootstrap --bench installs it)")
            return
        }
        let cities = FileManager.default.currentDirectoryPath + "/Examples/Cities"
        let (hubTime, luaTime) = try alternate(
            rounds: 11, { try ChildProcess.succeeding(hub, ["render", "--features", cities, "cities:overview", "--width", "80", "--color", "never"]) },
            { try ChildProcess.succeeding(lua, ["-e", ""]) })
        run.report("cold_start_vs_lua", .time("hub render Examples/Cities", hubTime), .time("lua5.4 -e ''", luaTime))
    }
}
