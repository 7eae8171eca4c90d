import Foundation

/// A server the serve benchmarks start as a child process on a loopback port: `hub serve`, or a
/// peer it is compared with. Stopped (SIGTERM, then waited for) when released.
final class ServerProcess {
    private let process = Process()
    /// Its port on 127.0.0.1.
    let port: Int
    /// The file its announced output goes to, removed when it stops.
    private let output: URL?

    /// Starts `executable` with `arguments` (in `directory`, default this process's) and reads
    /// its port from what it prints, on standard error when `announcedOnStandardError`, else on
    /// standard output: the first capture of `announcement` (which should match only once the
    /// whole number has been printed), within 30 s. What it prints there goes to a file, as a
    /// server's log would: it never waits for a reader, however much it logs.
    init(
        _ executable: String, _ arguments: [String], directory: URL? = nil, announcement: Regex<(Substring, Substring)>,
        announcedOnStandardError: Bool
    ) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-output-\(UUID().uuidString)")
        self.output = output
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw BenchmarkError("could not make \(output.path)")
        }
        let file = try FileHandle(forWritingTo: output)
        defer { try? file.close() }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardError = announcedOnStandardError ? file : FileHandle.nullDevice
        process.standardOutput = announcedOnStandardError ? FileHandle.nullDevice : file
        try process.run()
        var said = ""
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            port = said.firstMatch(of: announcement).flatMap { Int($0.1) }
        }
        guard let port else {
            process.terminate()
            throw BenchmarkError("\(executable) did not start: \(said)")
        }
        self.port = port
    }

    /// Starts `executable` with `arguments`, which listens on `port`, and waits until it accepts
    /// connections there (10 s at most).
    init(_ executable: String, _ arguments: [String], port: Int) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.port = port
        output = nil
        guard LoopbackConnection.waitUntilListening(port) else {
            process.terminate()
            throw BenchmarkError("\(executable) did not listen on port \(port)")
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        if let output { try? FileManager.default.removeItem(at: output) }
    }

    /// Its process identifier.
    var identifier: Int32 { process.processIdentifier }
}

/// A `hub serve` process on a free loopback port, stopped when released.
final class ServeProcess {
    private let server: ServerProcess
    var port: Int { server.port }

    /// `hub serve` of `folder` with `workers` workers, the store `store` and the log level
    /// `logLevel` (default: `error`, no line a request; its log goes to a file), run in `directory` (default: this
    /// process's), on `core` (default: any, see ``CorePinning``).
    init(folder: String, workers: Int, store: String = "memory", logLevel: String = "error", directory: URL? = nil, core: Int? = nil) throws {
        let arguments = ["serve", "--features", folder, "--port", "0", "--workers", String(workers), "--log-level", logLevel, "--store", store]
        let (program, all) = CorePinning.current.command(ProcessBenchmarks.hub, arguments, on: core)
        server = try ServerProcess(
            program, all, directory: directory, announcement: /serving on http:\/\/127\.0\.0\.1:(\d+) with/, announcedOnStandardError: true)
    }

    /// Its resident memory (VmRSS), in kilobytes.
    var residentKilobytes: Double {
        HubBench.residentKilobytes(of: String(server.identifier))
    }
}
