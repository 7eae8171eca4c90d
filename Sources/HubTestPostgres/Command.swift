import Foundation

/// Runs one program to its end, its output (standard output and error together) kept in a file
/// rather than a pipe: a server the program starts may keep its descriptors open for good.
enum Command {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `arguments` (the program's path first) in `folder`, with `environment` added to
    /// this process's, and returns its exit status and output.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Outcome {
        guard let executable = arguments.first else { throw PostgresServerError("no command to run") }
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("hub-postgres-command-\(getpid())-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: outputPath.path, contents: nil) else {
            throw PostgresServerError("cannot create \(outputPath.path)")
        }
        defer { try? FileManager.default.removeItem(at: outputPath) }
        let output = try FileHandle(forWritingTo: outputPath)
        defer { try? output.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw PostgresServerError("cannot run \(executable): \(error)")
        }
        process.waitUntilExit()
        let text = (try? String(contentsOf: outputPath, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Starts `arguments` in the background, detached from this process's output, and returns
    /// its process identifier.
    static func spawnDetached(_ arguments: [String], in folder: URL) throws -> Int32 {
        guard let executable = arguments.first else { throw PostgresServerError("no command to run") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PostgresServerError("cannot run \(executable): \(error)")
        }
        return process.processIdentifier
    }
}
