import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs programs with `posix_spawn` rather than Foundation's `Process`: `pg_ctl start` leaves a
/// server running that would inherit (and keep open for good) whatever descriptors the program
/// had, which Foundation's `Process` relies on to see its end. Here a program gets /dev/null as
/// input, a file as output (standard output and error together), none of this process's other
/// descriptors, default signal handling, and a process group of its own (a ^C in the terminal
/// goes to the tests, not to the server).
enum Command {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `arguments` (the program's path first) in `folder`, with `environment` added to
    /// this process's, and returns its exit status and output.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Outcome {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("hub-postgres-command-\(getpid())-\(UUID().uuidString).log").path
        defer { unlink(outputPath) }
        let pid = try spawn(arguments, in: folder, output: outputPath, environment: environment)
        let status = wait(for: pid)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return Outcome(status: status, output: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Starts `arguments` in the background, its output discarded, and returns its process
    /// identifier (``reap(_:)`` collects it once it ends).
    static func spawnDetached(_ arguments: [String], in folder: URL) throws -> pid_t {
        try spawn(arguments, in: folder, output: "/dev/null", environment: [:])
    }

    /// Waits for the process `pid` to end (it must be a child of this process) and returns its
    /// exit status (128 + the signal for one a signal ended).
    @discardableResult
    static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func spawn(_ arguments: [String], in folder: URL, output: String, environment: [String: String]) throws -> pid_t {
        guard let program = arguments.first else { throw PostgresServerError("no command to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // The shell moves to the folder (posix_spawn cannot, portably), then becomes the program.
        let commandLine = ["/bin/sh", "-c", #"cd "$1" || exit 126; shift; exec "$@""#, "sh", folder.path] + arguments
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0)=\($1)" }
        let argv = commandLine.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard result == 0 else { throw PostgresServerError("cannot run \(program): \(String(cString: strerror(result)))") }
        return pid
    }

    /// This process's open descriptors.
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
