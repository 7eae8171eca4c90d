import Foundation

/// A server the serve benchmarks start as a child process on a loopback port: `hub serve`, or a
/// peer it is compared with. Stopped (SIGTERM, then waited for) when released.
final class ServerProcess {
    private let process = Process()
    /// Its port on 127.0.0.1.
    let port: Int

    /// Starts `executable` with `arguments` (in `directory`, default this process's) and reads
    /// its port from what it prints, on standard error when `announcedOnStandardError`, else on
    /// standard output: the first capture of `announcement` (which should match only once the
    /// whole number has been printed), within 30 s.
    init(
        _ executable: String, _ arguments: [String], directory: URL? = nil, announcement: Regex<(Substring, Substring)>,
        announcedOnStandardError: Bool
    ) throws {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardError = announcedOnStandardError ? pipe : FileHandle.nullDevice
        process.standardOutput = announcedOnStandardError ? FileHandle.nullDevice : pipe
        try process.run()
        var said = Data()
        var port: Int?
        let deadline = Date().addingTimeInterval(30)
        while port == nil, Date() < deadline {
            let more = pipe.fileHandleForReading.availableData
            // Nothing more: it closed its output, or ended.
            if more.isEmpty { break }
            said.append(more)
            port = String(decoding: said, as: UTF8.self).firstMatch(of: announcement).flatMap { Int($0.1) }
        }
        guard let port else {
            process.terminate()
            throw BenchmarkError("\(executable) did not start: \(String(decoding: said, as: UTF8.self))")
        }
        self.port = port
        // What it says afterwards (a log) is read and dropped: it never waits on a full pipe.
        pipe.fileHandleForReading.readabilityHandler = { output in
            if output.availableData.isEmpty { output.readabilityHandler = nil }
        }
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
        guard LoopbackConnection.waitUntilListening(port) else {
            process.terminate()
            throw BenchmarkError("\(executable) did not listen on port \(port)")
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// Its process identifier.
    var identifier: Int32 { process.processIdentifier }
}

/// A `hub serve` process on a free loopback port, stopped when released.
final class ServeProcess {
    private let server: ServerProcess
    var port: Int { server.port }

    /// `hub serve` of `folder` with `workers` workers, the store `store` and the log level
    /// `logLevel` (default: `error`, no line a request), run in `directory` (default: this
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
