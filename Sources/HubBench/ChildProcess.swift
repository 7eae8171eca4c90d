import Foundation
import HubCore

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to its end with its output discarded: how long it took and the most memory it
/// held.
struct ChildProcess {
    /// Wall-clock nanoseconds from start to exit.
    let nanoseconds: Double
    /// Peak resident memory (ru_maxrss), in kilobytes.
    let peakKilobytes: Double
    let status: Int32

    /// Runs `executable` with `arguments`, standard output and error to /dev/null.
    static func run(_ executable: String, _ arguments: [String]) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let started = MonotonicTime.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("lost \(executable)") }
        let elapsed = Double(MonotonicTime.nanoseconds(since: started))
        return ChildProcess(nanoseconds: elapsed, peakKilobytes: Double(usage.ru_maxrss), status: status)
    }

    /// The peak memory in kilobytes of `executable` run with `arguments`, measured from a fresh
    /// copy of this program: Linux counts a child's peak from its parent's memory at the moment
    /// it starts, so a child of this (by then large) process would report at least that.
    static func peakKilobytes(_ executable: String, _ arguments: [String]) throws -> Double {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try succeeding(CommandLine.arguments[0], [peakOption, output.path, executable] + arguments)
        guard let text = try? String(contentsOf: output, encoding: .utf8), let kilobytes = Double(text) else {
            throw BenchmarkError("no peak memory for \(executable)")
        }
        return kilobytes
    }

    /// `HubBench --peak-kilobytes FILE PROGRAM ARGUMENTS...` runs the program and writes its
    /// peak memory in kilobytes to FILE (exiting 1 when it fails).
    static let peakOption = "--peak-kilobytes"

    /// Serves `peakOption` when this process was started with it; returns otherwise.
    static func servePeakOption() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == peakOption, arguments.count >= 3 else { return }
        do {
            let child = try succeeding(arguments[2], Array(arguments.dropFirst(3)))
            try String(child.peakKilobytes).write(toFile: arguments[1], atomically: true, encoding: .utf8)
            exit(0)
        } catch {
            print(error)
            exit(1)
        }
    }

    /// Runs `executable` and fails unless it exits with status 0.
    static func succeeding(_ executable: String, _ arguments: [String]) throws -> ChildProcess {
        let child = try run(executable, arguments)
        guard child.status == 0 else { throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed (\(child.status))") }
        return child
    }

    /// The full path of `program` on PATH, or nil.
    static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The resident memory now (VmRSS), in kilobytes, of the process `process` (a process
/// identifier; this process by default).
func residentKilobytes(of process: String = "self") -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
