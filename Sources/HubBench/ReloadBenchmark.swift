import Foundation
import HubCore
import HubLua
import HubRender

/// The hot-reload loop on a 1,000-component Lua view: from writing an operation file to the
/// re-rendered layout, in process (write, find the change, reload, rerun from the operation,
/// render) and end to end through `hub watch` (inotify, settling, reload, render, print).
struct ReloadBenchmark {
    /// Components in the view.
    static let rows = 1_000
    /// Edits measured per side; the median is reported.
    static let edits = 21

    let folder: URL

    /// A feature folder in a new temporary folder: `rows` adds the rows, `title` (the file each
    /// edit rewrites) sets the title and the first row's title.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)/Reload")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("operations"), withIntermediateDirectories: true)
        try write("feature.lua", """
            hub.feature { id = "reload", uri = "reload:view", operations = { require("operations.rows"), require("operations.title") } }
            """)
        try write("operations/rows.lua", """
            return hub.operation { name = "rows", perform = function(ctx)
              for i = 1, \(Self.rows) do
                local row = ctx.view:body("row-" .. i)
                row.title = "Row " .. i
                row.subtitle = "Subtitle " .. i
              end
            end }
            """)
        try writeEdit(0)
    }

    func write(_ relative: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(relative), atomically: true, encoding: .utf8)
    }

    /// Rewrites the edited operation so that it shows `Edit <number>`.
    func writeEdit(_ number: Int) throws {
        try write("operations/title.lua", """
            return hub.operation { name = "title", perform = function(ctx)
              ctx.view.title = "Edit \(number)"
              ctx.view:body("row-1").title = "Edit \(number)"
            end }
            """)
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    /// Milliseconds of each in-process edit: write the file, find it changed, reload (the edited
    /// operation reruns on its stored input), render the 1,000 rows at 80 columns.
    func inProcess() throws -> [Double] {
        let runtime = try HubRuntime(clock: .real)
        try runtime.loadFeatures(at: folder.path)
        let stack = try runtime.openStack("reload:view", options: ScreenOptions(width: 80))
        var samples: [Double] = []
        for edit in 1...Self.edits {
            let started = MonotonicTime.now
            try writeEdit(edit)
            let outcomes = runtime.reload(runtime.changedFiles())
            let text = try runtime.render(stack.top)
            samples.append(MonotonicTime.milliseconds(since: started))
            guard outcomes.count == 1, text.contains("Edit \(edit)"), stack.top.viewModel.body.count == Self.rows,
                stack.top.loader.operationStatuses.map(\.runs) == [1, edit + 1]
            else { throw BenchmarkError("in-process edit \(edit) did not reload as expected: \(outcomes)") }
        }
        return samples
    }

    /// Milliseconds of each edit through `hub watch` (the program at `hub`): from writing the
    /// file to reading the line after the new layout from its output.
    func throughWatch(hub: URL) throws -> [Double] {
        let process = Process()
        process.executableURL = hub
        process.arguments = ["watch", "--features", folder.path, "reload:view", "--width", "80"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        var reader = LineReader(handle: output.fileHandleForReading)
        guard reader.read(until: { $0.contains("Row \(Self.rows)") }) != nil else { throw BenchmarkError("hub watch showed no view") }
        var samples: [Double] = []
        for edit in 1...Self.edits {
            let started = MonotonicTime.now
            try writeEdit(edit)
            guard let update = reader.read(until: { $0.hasPrefix("+") && $0.hasSuffix(" ms)") }) else {
                throw BenchmarkError("hub watch stopped after \(edit - 1) edits")
            }
            samples.append(MonotonicTime.milliseconds(since: started))
            guard update.contains("Edit \(edit)") else { throw BenchmarkError("hub watch did not show edit \(edit)") }
        }
        return samples
    }

    /// Reports both sides; `hub watch` is the program built next to this one.
    static func run(_ run: BenchmarkRun) {
        do {
            let benchmark = try ReloadBenchmark()
            defer { benchmark.removeFolder() }
            let inProcess = HubBench.median(try benchmark.inProcess())
            let hub = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hub")
            let watched = HubBench.median(try benchmark.throughWatch(hub: hub))
            run.report("reload_watch_vs_50ms", .time("an edit to the re-rendered \(rows)-row view through hub watch", watched * 1e6),
                .time("the 50 ms budget", 50e6), target: 1.0)
            run.report("reload_watch_vs_in_process", .time("through hub watch", watched * 1e6),
                .time("in process (write, reload, render)", inProcess * 1e6))
        } catch {
            print("hot reload: \(error)")
            exit(1)
        }
    }
}

/// Reads a program's output line by line.
struct LineReader {
    let handle: FileHandle
    private var buffer = Data()

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// The text read up to and including the first line that passes `isLast`; nil at the end
    /// of the output.
    mutating func read(until isLast: (String) -> Bool) -> String? {
        var text = ""
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                text += line + "\n"
                if isLast(line) { return text }
            }
            let data = handle.availableData
            if data.isEmpty { return nil }
            buffer.append(data)
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
